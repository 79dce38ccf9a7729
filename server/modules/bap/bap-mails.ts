import type { AppContext, RequestContext } from '../../context';
import type { ApiRecord } from '../../db/row-mapper';
import { afterCommit } from '../../db/transaction';
import { sendMail } from '../../mail/send-mail';
import { recordsOf } from './bap-records';

/** Where the links of the exchange's mails lead: the white label's own domain. */
function origin(ctx: RequestContext): string {
  const domain = ctx.whiteLabel.domain ?? 'localhost';
  return domain === 'localhost' || domain.endsWith('.localhost') ? `http://${domain}:3000` : `https://${domain}`;
}

function siteName(ctx: RequestContext): string {
  const wl = ctx.whiteLabel.record as { siteTitle?: string; domain?: string } | null;
  return wl?.siteTitle || wl?.domain || 'Rénovation';
}

interface BapMail {
  /** Account pks; inactive accounts and accounts without an address are skipped. */
  to: number[];
  subject: string;
  paragraphs: string[];
  action?: { label: string; path: string };
}

/**
 * Queues the exchange's mails until the write commits (never for a rolled-back one). The accounts
 * are read again then: an inactive account receives nothing (spec 03 §1).
 */
export async function queueBapMail(ctx: RequestContext, mail: BapMail): Promise<void> {
  if (!mail.to.length) return;
  const site = siteName(ctx);
  const base = origin(ctx);
  const whiteLabel = ctx.whiteLabel.id;
  await afterCommit(ctx, async (app: AppContext) => {
    const users = await recordsOf(app, app.database.db, 'user', { property: 'pk', values: mail.to });
    for (const u of users) {
      if (u.isActive !== true || typeof u.email !== 'string' || !u.email) continue;
      const name = [u.firstName, u.lastName].filter(Boolean).join(' ');
      await sendMail(app, {
        to: u.email,
        subject: mail.subject,
        kind: 'other',
        whiteLabel,
        content: {
          siteName: site,
          paragraphs: [name ? `Bonjour ${name},` : 'Bonjour,', ...mail.paragraphs],
          action: mail.action ? { label: mail.action.label, url: `${base}${mail.action.path}` } : undefined,
          signature: `L'équipe ${site}`,
          footer: site,
        },
      });
    }
  });
}

const title = (project: ApiRecord) => String(project.title ?? '');

export function newProjectMail(ctx: RequestContext, project: ApiRecord, to: number[]): Promise<void> {
  return queueBapMail(ctx, {
    to,
    subject: `Nouveau projet : ${title(project)}`,
    paragraphs: [
      `Un nouveau projet de rénovation répond à votre fiche et à vos zones d'intervention : « ${title(project)} »` +
        (project.communeName ? ` à ${String(project.communeName)}.` : '.'),
      'Ouvrez-le pour en lire le détail et déclarer votre intérêt : le conseiller vous partagera alors ' +
        "le contact du ménage s'il le souhaite.",
    ],
    action: { label: 'Voir le projet', path: `/bourse-aux-projets/professionnels/projets/${String(project.pk)}` },
  });
}

export function interestMail(ctx: RequestContext, project: ApiRecord, sheetName: string): Promise<void> {
  const advisor = typeof project.advisor === 'number' ? [project.advisor] : [];
  return queueBapMail(ctx, {
    to: advisor,
    subject: `Un professionnel est intéressé : ${title(project)}`,
    paragraphs: [`${sheetName} s'est déclaré intéressé par le projet « ${title(project)} ».`],
    action: { label: 'Voir les intéressés', path: `/bourse-aux-projets/projets/edition/${String(project.pk)}` },
  });
}

export function contactSharedMail(
  ctx: RequestContext,
  project: ApiRecord,
  to: number,
  household: ApiRecord,
): Promise<void> {
  const contact = [household.name, household.email, household.phone].filter((v) => typeof v === 'string' && v);
  return queueBapMail(ctx, {
    to: [to],
    subject: `Contact du ménage : ${title(project)}`,
    paragraphs: [
      `Le conseiller vous partage le contact du ménage du projet « ${title(project)} » : ${contact.join(' – ')}.`,
      'Le ménage a donné son accord pour être contacté au sujet de ce projet uniquement.',
    ],
    action: { label: 'Voir le projet', path: `/bourse-aux-projets/professionnels/projets/${String(project.pk)}` },
  });
}

export function closedMail(ctx: RequestContext, project: ApiRecord, to: number[]): Promise<void> {
  return queueBapMail(ctx, {
    to,
    subject: `Projet clos : ${title(project)}`,
    paragraphs: [`Le projet « ${title(project)} » pour lequel vous vous étiez déclaré intéressé est clos.`],
  });
}
