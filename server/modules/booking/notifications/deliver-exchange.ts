import type { AppContext } from '../../../context';
import { sendGroupMail, type MailAttachment } from '../../../mail/send-group-mail';
import { sendSms } from '../../../messaging/send-sms';
import { buildAppointmentInvitation, invitationContentType } from '../../../../engine/calendar/build-calendar';
import type { AppointmentForCalendar } from '../../../../engine/calendar/calendar-types';
import { appointmentCalendarUid } from '../appointment-calendar-uid';

const REQUEST_TRIGGERS = new Set(['created_client', 'created_advisor', 'changed_client', 'changed_advisor']);
const CANCEL_TRIGGERS = new Set(['cancelled_client', 'cancelled_advisor']);

async function siteName(app: AppContext): Promise<string> {
  const wl = await app.database.db
    .selectFrom('white_label')
    .select(['site_title', 'domain'])
    .orderBy('is_default', 'desc')
    .orderBy('pk')
    .limit(1)
    .executeTakeFirst();
  return wl?.site_title || wl?.domain || 'Rénovation';
}

/** The invitation for the visitor: REQUEST on confirmation and move, CANCEL on cancellation. */
async function invitation(
  app: AppContext,
  appointmentPk: number,
  trigger: string,
  organizer: { name: string; email: string },
): Promise<MailAttachment | null> {
  // A reminder carries the invitation again (same UID and sequence: calendars keep one event).
  const method =
    REQUEST_TRIGGERS.has(trigger) || trigger === 'date_of_appointment'
      ? 'REQUEST'
      : CANCEL_TRIGGERS.has(trigger)
        ? 'CANCEL'
        : null;
  if (!method) return null;
  const db = app.database.db;
  const a = await db
    .selectFrom('dialogwatt_appointment')
    .selectAll()
    .where('pk', '=', appointmentPk)
    .executeTakeFirst();
  if (!a?.uuid) return null;
  const person = async (pk: number | null) =>
    pk
      ? await db
          .selectFrom('account_user')
          .select(['first_name', 'last_name', 'email', 'phone'])
          .where('pk', '=', pk)
          .executeTakeFirst()
      : undefined;
  const [client, advisor] = [await person(a.client), await person(a.advisor)];
  const place = a.place
    ? await db
        .selectFrom('dialogwatt_place')
        .select(['name', 'address', 'postcode', 'city'])
        .where('pk', '=', a.place)
        .executeTakeFirst()
    : undefined;
  const name = (u: typeof client) => [u?.first_name, u?.last_name].filter(Boolean).join(' ').trim();
  const data: AppointmentForCalendar = {
    uid: appointmentCalendarUid(a.uuid),
    sequence: a.sequence ?? 0,
    status: (a.status ?? 'validated') as AppointmentForCalendar['status'],
    subject: a.subject ?? 'Rendez-vous',
    start: a.start_date!,
    end: a.end_date!,
    updatedAt: a.updated_at,
    descriptionHtml: null,
    place: place
      ? {
          name: [place.name, place.address, [place.postcode, place.city].filter(Boolean).join(' ')]
            .filter(Boolean)
            .join(', '),
        }
      : null,
    advisor: advisor ? { name: name(advisor), email: advisor.email } : null,
    client: client ? { name: name(client), email: client.email, phone: client.phone } : null,
  };
  const content = buildAppointmentInvitation(data, { method, organizer, now: new Date().toISOString() });
  return {
    filename: method === 'CANCEL' ? 'annulation.ics' : 'invitation.ics',
    content,
    contentType: invitationContentType(method),
  };
}

/**
 * Sends one exchange (job `dialogwatt.deliver-exchange`) and records the outcome on it: the
 * sending date, or the French error. An exchange already sent is left alone, so a job run twice
 * (or a resend racing the first delivery) never sends it again. A server refusal throws so that
 * the runner retries later; a mail kept in the outbox (no SMTP account) is final.
 */
export async function deliverExchange(app: AppContext, exchangePk: number): Promise<void> {
  const db = app.database.db;
  const e = await db.selectFrom('dialogwatt_exchange').selectAll().where('pk', '=', exchangePk).executeTakeFirst();
  if (!e || e.has_been_sent_on || e.group === null) return;
  let status: 'sent' | 'failed' | 'outbox';
  let error: string | null;
  if (e.message_type === 'sms') {
    ({ status, error } = await sendSms(app, { group: e.group, to: e.to_address ?? '', text: e.message_sms ?? '' }));
  } else {
    const to = e.to_address ?? '';
    const account = await db
      .selectFrom('messaging_smtp_account')
      .select(['email_host_user', 'from_username'])
      .where('group', '=', e.group)
      .where('is_active', '=', 1)
      .orderBy('pk')
      .executeTakeFirst();
    const toClient =
      e.to_user !== null &&
      e.appointment !== null &&
      !!(await db
        .selectFrom('dialogwatt_appointment')
        .select('pk')
        .where('pk', '=', e.appointment)
        .where('client', '=', e.to_user)
        .executeTakeFirst());
    const organizer = { name: account?.from_username || 'Rendez-vous', email: account?.email_host_user || to };
    const ics = toClient ? await invitation(app, e.appointment!, e.trigger ?? '', organizer) : null;
    ({ status, error } = await sendGroupMail(app, {
      group: e.group,
      to,
      subject: e.subject ?? '',
      html: e.message_mail_html ?? '',
      siteName: await siteName(app),
      attachments: ics ? [ics] : [],
    }));
  }
  const now = new Date().toISOString();
  await db
    .updateTable('dialogwatt_exchange')
    .set(
      status === 'sent'
        ? { has_been_sent_on: now, error: '', updated_at: now }
        : { error: error ?? '', updated_at: now },
    )
    .where('pk', '=', exchangePk)
    .execute();
  if (status === 'failed') throw new Error(error ?? 'échec de l’envoi');
}
