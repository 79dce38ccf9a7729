import type { AppContext } from '../../../context';
import { escapeHtmlText as escapeHtml } from '../../../../engine/templates/escape-html';
import { preferredSite, siteOrigin } from '../../accounts/account-mails';

/** What every mail to the client of an appointment ends with, in HTML and in plain text. */
export interface ClientMailLinks {
  html: string;
  text: string;
}

const CANCELLED = new Set(['cancelled_client', 'cancelled_advisor']);

/**
 * The links a client needs in every transactional mail about their appointment, whatever the
 * structure's template says: manage or move it (`/dg/<uuid>`) and cancel it (`/da/<uuid>`) — or,
 * once it is cancelled, book again. The site is the client's (their structure's or the one they
 * registered on, as account mails choose it); a local domain gets the server's port.
 */
export async function clientMailLinks(
  app: AppContext,
  appointmentPk: number,
  trigger: string,
): Promise<ClientMailLinks | null> {
  const a = await app.database.db
    .selectFrom('dialogwatt_appointment')
    .select(['uuid', 'client'])
    .where('pk', '=', appointmentPk)
    .executeTakeFirst();
  if (!a?.uuid || !a.client) return null;
  const site = await preferredSite(app, a.client, null);
  const base = siteOrigin(app, site.domain, {
    requestHost: app.config.port ? `${site.domain}:${app.config.port}` : undefined,
  });
  const links: [string, string][] = CANCELLED.has(trigger)
    ? [['Prendre un nouveau rendez-vous', `${base}/dialogwatt/rendez-vous/`]]
    : [
        ['Gérer ou déplacer mon rendez-vous', `${base}/dg/${a.uuid}`],
        ['Annuler mon rendez-vous', `${base}/da/${a.uuid}`],
      ];
  return {
    html:
      '<p>' +
      links.map(([label, url]) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`).join('<br>') +
      '</p>',
    text: links.map(([label, url]) => `${label} : ${url}`).join('\n'),
  };
}
