import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../../db/tables';
import type { AppContext } from '../../../context';
import { getEntity } from '../../../../engine/schema/registry';
import { searchColumnOfRow } from '../../../operations/search-text';
import { enqueueJob } from '../../../jobs/enqueue-job';
import { planNotifications } from '../../../../engine/notifications/plan-notifications';
import { composeMessage } from '../../../../engine/notifications/compose-message';
import type {
  AppointmentForNotifications,
  NotificationRecipient,
  NotificationTrigger,
} from '../../../../engine/notifications/notification-types';
import type { AppointmentTemplateContext } from '../../../../engine/templates/appointment-template-context';
import {
  groupHasActiveSmsAccount,
  groupMemberPks,
  loadGroupNotifications,
  loadRecipients,
  notificationRule,
} from './notification-rows';
import { clientMailLinks } from './client-mail-links';

export const DELIVER_EXCHANGE_JOB = 'dialogwatt.deliver-exchange';

type AppointmentRow = NonNullable<Awaited<ReturnType<typeof loadAppointment>>>;

async function loadAppointment(db: Kysely<AppDatabase>, pk: number) {
  return db.selectFrom('dialogwatt_appointment').selectAll().where('pk', '=', pk).executeTakeFirst();
}

async function templateContext(
  db: Kysely<AppDatabase>,
  a: AppointmentRow,
  client: NotificationRecipient | null,
  advisor: NotificationRecipient | null,
  now: string,
): Promise<AppointmentTemplateContext> {
  const group = await db
    .selectFrom('account_group')
    .select(['name', 'phone'])
    .where('pk', '=', a.group ?? 0)
    .executeTakeFirst();
  const place = a.place
    ? await db
        .selectFrom('dialogwatt_place')
        .select(['name', 'address', 'postcode', 'city', 'phone', 'presentation'])
        .where('pk', '=', a.place)
        .executeTakeFirst()
    : undefined;
  const reason = a.reason
    ? await db.selectFrom('dialogwatt_reason').select(['description']).where('pk', '=', a.reason).executeTakeFirst()
    : undefined;
  const slot = a.slot
    ? await db.selectFrom('dialogwatt_slot').select(['public_description']).where('pk', '=', a.slot).executeTakeFirst()
    : undefined;
  return {
    start: a.start_date ?? now,
    end: a.end_date ?? now,
    now,
    contact: client ? { fullName: client.fullName, email: client.email } : null,
    advisor: advisor ? { fullName: advisor.fullName } : null,
    group: { name: group?.name ?? '', phone: group?.phone ?? null },
    place: place
      ? {
          name: place.name ?? '',
          address: [place.address, [place.postcode, place.city].filter(Boolean).join(' ')].filter(Boolean).join('\n'),
          phone: place.phone,
          presentationHtml: place.presentation,
        }
      : null,
    reasonDescriptionHtml: reason?.description ?? null,
    slotPublicDescription: slot?.public_description ?? null,
  };
}

/**
 * The ledger key of one notification for one appointment. Creation, cancellation and reminder
 * triggers happen once per appointment; a change happens at every save, so its key carries the
 * appointment's sequence (one message per change, not per retry of the same change).
 */
export function occurrenceKey(notification: number, a: AppointmentRow, trigger: NotificationTrigger): string {
  const change = trigger === 'changed_client' || trigger === 'changed_advisor';
  const base = `${notification}:appointment:${a.pk}:${trigger}`;
  if (change) return `${base}:${a.sequence ?? 0}`;
  // A reminder follows the appointment's date: a moved appointment gets a new one.
  if (trigger === 'date_of_appointment') return `${base}:${a.start_date ?? ''}`;
  return base;
}

/**
 * Plans and records the messages one appointment event causes (reference §5.5), in one
 * transaction: exchanges (with the French error when the recipient's consent or data forbids
 * the message), the ledger, and a delivery job per sendable exchange at its schedule. The ledger
 * row is inserted first with its unique key: a second process doing the same work inserts
 * nothing and skips that notification, so no message is planned twice. Returns the exchanges'
 * pks.
 */
export async function processAppointmentNotifications(
  app: AppContext,
  appointmentPk: number,
  trigger: NotificationTrigger,
  actor: number | null,
  now: Date = new Date(),
): Promise<number[]> {
  const database = app.database.db;
  const exchangeEntity = getEntity(app.registry, 'exchange');
  // Most saves have nothing to tell: one read, and no transaction, decides it.
  const any = await database
    .selectFrom('dialogwatt_notification as n')
    .innerJoin('dialogwatt_appointment as a', 'a.group', 'n.group')
    .select('n.pk')
    .where('a.pk', '=', appointmentPk)
    .where('n.trigger', '=', trigger)
    .where('n.is_active', '=', 1)
    .limit(1)
    .executeTakeFirst();
  if (!any) return [];
  // Read before the transaction (SQLite has one connection: a read beside it would wait for it).
  const links = await clientMailLinks(app, appointmentPk, trigger);
  return database.transaction().execute(async (db) => {
    const a = await loadAppointment(db, appointmentPk);
    if (!a || a.group === null) return [];
    const rows = await loadGroupNotifications(db, a.group, trigger);
    if (!rows.length) return [];
    const rules = rows.map(notificationRule);
    const members = await groupMemberPks(db, a.group);
    const named = rules.flatMap((r) => r.advisors.map(Number));
    const people = await loadRecipients(db, [
      ...new Set([...(a.client ? [a.client] : []), ...(a.advisor ? [a.advisor] : []), ...members, ...named]),
    ]);
    const client = a.client ? (people.get(a.client) ?? null) : null;
    const advisor = a.advisor ? (people.get(a.advisor) ?? null) : null;
    const ledgerRows = await db
      .selectFrom('dialogwatt_notification_sent')
      .select(['notification', 'occurrence_key'])
      .where('origin_entity', '=', 'appointment')
      .where('origin_pk', '=', a.pk)
      .execute();
    const appointment: AppointmentForNotifications = {
      id: a.pk,
      group: a.group,
      status: (a.status ?? 'validated') as AppointmentForNotifications['status'],
      start: a.start_date ?? now.toISOString(),
      end: a.end_date ?? now.toISOString(),
      reason: a.reason,
      place: a.place,
      advisor,
      client,
      groupMembers: members.map((pk) => people.get(pk)).filter((p): p is NotificationRecipient => !!p),
    };
    const nowIso = now.toISOString();
    // The ledger answers « already sent » by occurrence: a reminder of a moved appointment or a
    // later change is a new occurrence (planNotifications skips ledgered non-change triggers).
    const keys = new Set(ledgerRows.map((l) => l.occurrence_key));
    const ledger = rules
      .filter((r) => keys.has(occurrenceKey(Number(r.id), a, trigger)))
      .map((r) => ({ notification: r.id }));
    const plan = planNotifications({
      notifications: rules,
      trigger,
      appointment,
      ledger,
      advisorsById: people,
      groupHasActiveSmsAccount: await groupHasActiveSmsAccount(db, a.group),
      now: nowIso,
    });
    if (!plan.length) return [];
    const ctx = await templateContext(db, a, client, advisor, nowIso);
    const byPk = new Map(rows.map((r) => [r.pk, r]));
    const claimed = new Map<number, number | null>();
    const exchanges: number[] = [];
    for (const m of plan) {
      const notification = Number(m.notification);
      if (!claimed.has(notification)) {
        const key = occurrenceKey(notification, a, trigger);
        if (keys.has(key)) continue;
        const ledgerRow = await db
          .insertInto('dialogwatt_notification_sent')
          .values({
            notification,
            exchange: null,
            origin_entity: 'appointment',
            origin_pk: a.pk,
            occurrence_key: key,
            group: a.group,
            created_at: nowIso,
            updated_at: nowIso,
          })
          .onConflict((oc) => oc.column('occurrence_key').doNothing())
          .returning('pk')
          .executeTakeFirst();
        claimed.set(notification, ledgerRow?.pk ?? null);
      }
      const ledgerPk = claimed.get(notification);
      if (ledgerPk === null || ledgerPk === undefined) continue;
      const row = byPk.get(notification)!;
      const texts = composeMessage(
        { smsMessage: row.sms_message ?? '', mailSubject: row.mail_subject ?? '', mailMessage: row.mail_message ?? '' },
        m.channel,
        ctx,
      );
      const r = m.recipient;
      // Every mail to the client carries its manage and cancel links, whatever the template says.
      if (texts.channel === 'mail' && r.kind === 'client' && links) {
        texts.messageMailHtml += links.html;
        texts.messageMailAscii += `\n\n${links.text}`;
      }
      const address = m.channel === 'mail' ? (r.email ?? '') : (r.mobile ?? '');
      const exchangeRow = {
        group: a.group,
        schedule: m.schedule,
        from_user: actor,
        to_user: r.kind === 'contact' ? null : Number(r.id),
        to_contact: r.kind === 'contact' ? Number(r.id) : null,
        to_label: address ? `${r.fullName} <${address}>` : r.fullName,
        to_address: address,
        appointment: a.pk,
        notification,
        trigger,
        subject: texts.channel === 'mail' ? texts.subject.slice(0, 500) : '',
        message_type: m.channel,
        message_sms: texts.channel === 'sms' ? texts.messageSms : '',
        message_mail_ascii: texts.channel === 'mail' ? texts.messageMailAscii : '',
        message_mail_html: texts.channel === 'mail' ? texts.messageMailHtml : '',
        has_been_sent_on: null,
        error: m.error ?? '',
        created_at: nowIso,
        updated_at: nowIso,
      };
      // Written here rather than by the generic create (one transaction with the ledger and the
      // job, on the raw connection the handler gets); the list's search column comes from the
      // same helper as every other write.
      const exchange = await db
        .insertInto('dialogwatt_exchange')
        .values({ ...exchangeRow, ...searchColumnOfRow(exchangeEntity, exchangeRow) })
        .returning('pk')
        .executeTakeFirstOrThrow();
      exchanges.push(exchange.pk);
      await db
        .updateTable('dialogwatt_notification_sent')
        .set({ exchange: exchange.pk })
        .where('pk', '=', ledgerPk)
        .where('exchange', 'is', null)
        .execute();
      if (!m.error)
        await enqueueJob(db, {
          kind: DELIVER_EXCHANGE_JOB,
          runAt: m.schedule,
          payload: { exchange: exchange.pk },
          dedupeKey: `exchange:${exchange.pk}`,
        });
    }
    return exchanges;
  });
}
