import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { sendGroupMail, type MailAttachment } from '../../mail/send-group-mail';
import { escapeHtml } from '../../mail/layout';
import { buildEventInvitation, invitationContentType } from '../../../engine/calendar/build-calendar';
import { formatAppointmentDate } from '../../../engine/templates/format-appointment-date';
import { loadEvent, type EventMailKind, type EventMailPayload, type EventRow } from './event-registrations';

/** The iCalendar UID of a registration, derived one way from its cancel secret (never the secret). */
export function eventCalendarUid(cancelUuid: string): string {
  return `${createHash('sha256').update(`event-calendar-uid:${cancelUuid}`).digest('hex').slice(0, 32)}@evenements`;
}

/** « Nom, adresse, code postal commune » of the event's booking place, or its free address. */
export async function eventLocation(app: AppContext, event: EventRow): Promise<string> {
  if (event.place) {
    const place = await app.database.db
      .selectFrom('dialogwatt_place')
      .select(['name', 'address', 'postcode', 'city'])
      .where('pk', '=', event.place)
      .executeTakeFirst();
    if (place)
      return [place.name, place.address, [place.postcode, place.city].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ');
  }
  return (event.address ?? '').replace(/\s*\n\s*/g, ', ').trim();
}

const SUBJECTS: Record<EventMailKind, string> = {
  confirm: 'Confirmez votre inscription',
  already: 'Vous êtes déjà inscrit(e)',
  confirmed: 'Inscription confirmée',
  promoted: 'Une place s’est libérée : inscription confirmée',
  waiting: 'Inscription en liste d’attente',
  cancelled: 'Inscription annulée',
  reminder: 'Rappel : c’est demain',
};

interface MailText {
  kind: EventMailKind;
  name: string;
  title: string;
  when: string;
  where: string;
  /** The registration's state when the mail is written (an `already` mail says which). */
  status: string;
  origin: string;
  secret: string;
}

function body({ kind, name, title, when, where, status, origin, secret }: MailText): string {
  const p = (s: string) => `<p>${s}</p>`;
  const e = escapeHtml;
  const about = `<strong>${e(title)}</strong>, ${e(when)}${where ? ` — ${e(where)}` : ''}`;
  const cancel = `${origin}/evenements/annulation/${secret}`;
  const confirm = `${origin}/evenements/confirmation/${secret}`;
  const notYou = p('Si vous n’avez rien demandé, ignorez ce message.');
  const cancelLink = p(
    `Vous ne pourrez pas venir ? <a href="${e(cancel)}">Annulez votre inscription</a> : ` +
      'votre place ira à la première personne en liste d’attente.',
  );
  const lines: Record<EventMailKind, string[]> = {
    confirm: [
      p(`Une inscription à ${about} a été demandée avec votre adresse électronique.`),
      p(`<a href="${e(confirm)}">Confirmez votre inscription</a> : elle ne compte qu’une fois confirmée.`),
      p('Si vous n’avez rien demandé, ignorez ce message : vous ne serez pas inscrit(e).'),
    ],
    already: [
      p(`Une inscription à ${about} vient d’être demandée avec votre adresse électronique.`),
      p(
        status === 'waiting'
          ? 'Vous y êtes déjà inscrit(e), sur la liste d’attente : rien n’a changé.'
          : 'Vous y êtes déjà inscrit(e) : rien n’a changé, votre place vous attend.',
      ),
      notYou,
    ],
    confirmed: [p(`Votre inscription à ${about} est confirmée.`), p('L’invitation jointe l’ajoute à votre agenda.')],
    promoted: [
      p(`Une place s’est libérée : votre inscription à ${about} est confirmée.`),
      p('L’invitation jointe l’ajoute à votre agenda.'),
    ],
    waiting: [
      p(`L’événement ${about} est complet : vous êtes inscrit(e) sur la liste d’attente.`),
      p('Nous vous écrirons dès qu’une place se libère, dans l’ordre des inscriptions.'),
    ],
    cancelled: [p(`Votre inscription à ${about} est annulée.`)],
    reminder: [p(`Nous vous rappelons l’événement ${about}.`)],
  };
  const withCancel = kind !== 'cancelled' && kind !== 'confirm';
  return [p(`Bonjour ${e(name)},`), ...lines[kind], ...(withCancel ? [cancelLink] : [])].join('\n');
}

async function siteName(app: AppContext, origin: string): Promise<string> {
  const host = (() => {
    try {
      return new URL(origin).hostname;
    } catch {
      return '';
    }
  })();
  const wl = await app.database.db
    .selectFrom('white_label')
    .select(['site_title', 'domain'])
    .where((eb) => eb.or([eb('domain', '=', host), eb('is_default', '=', 1)]))
    .orderBy('is_default', 'asc')
    .limit(1)
    .executeTakeFirst();
  return wl?.site_title || wl?.domain || 'Rénovation';
}

/**
 * Sends one mail of a registration (job `events.mail`) through the structure's SMTP account, with
 * the invitation for a confirmed seat and its cancellation for a cancelled one. A server refusal
 * throws so that the runner retries; the job's dedupe key keeps each mail to one job.
 */
export async function sendEventMail(app: AppContext, payload: EventMailPayload): Promise<void> {
  const db = app.database.db;
  const r = await db
    .selectFrom('events_registration')
    .selectAll()
    .where('pk', '=', payload.registration)
    .executeTakeFirst();
  if (!r || r.event === null || r.group === null || !r.email || !r.cancel_uuid) return;
  // A confirmation link is worth sending only while the request waits for it.
  if (payload.kind === 'confirm' && r.status !== 'pending') return;
  const event = await loadEvent(db, r.event);
  if (!event || !event.start_date || !event.end_date) return;
  const title = event.title ?? 'Événement';
  const where = await eventLocation(app, event);
  const when = formatAppointmentDate(event.start_date, event.end_date, new Date().toISOString());
  const name = [r.first_name, r.last_name].filter(Boolean).join(' ');
  const attachments: MailAttachment[] = [];
  const method = payload.kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  if (payload.kind === 'confirmed' || payload.kind === 'promoted' || payload.kind === 'cancelled') {
    const account = await db
      .selectFrom('messaging_smtp_account')
      .select(['email_host_user', 'from_username'])
      .where('group', '=', r.group)
      .where('is_active', '=', 1)
      .orderBy('pk')
      .executeTakeFirst();
    const content = buildEventInvitation(
      {
        uid: eventCalendarUid(r.cancel_uuid),
        sequence: payload.kind === 'cancelled' ? 1 : 0,
        title,
        start: event.start_date,
        end: event.end_date,
        descriptionHtml: event.description,
        location: where || null,
        attendee: { name, email: r.email },
      },
      {
        method,
        now: new Date().toISOString(),
        organizer: { name: account?.from_username || title, email: account?.email_host_user || r.email },
      },
    );
    attachments.push({
      filename: method === 'CANCEL' ? 'annulation.ics' : 'invitation.ics',
      content,
      contentType: invitationContentType(method),
    });
  }
  const result = await sendGroupMail(app, {
    group: r.group,
    to: r.email,
    subject: `${SUBJECTS[payload.kind]} – ${title}`,
    html: body({
      kind: payload.kind,
      name,
      title,
      when,
      where,
      status: r.status ?? '',
      origin: r.site_origin || 'http://localhost',
      secret: r.cancel_uuid,
    }),
    siteName: await siteName(app, r.site_origin ?? ''),
    attachments,
  });
  if (result.status === 'failed') throw new Error(result.error ?? 'échec de l’envoi');
}
