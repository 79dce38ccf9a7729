import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../../db/tables';
import { parsePhone } from '../../../../engine/format/phone';
import type {
  NotificationRecipient,
  NotificationRule,
  NotificationTrigger,
} from '../../../../engine/notifications/notification-types';

/** A JSON column read back: a text on SQLite, already parsed on PostgreSQL. */
export function jsonList(value: unknown): number[] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.map((v) => Number(v)).filter((v) => Number.isFinite(v)) : [];
}

type NotificationRow = Awaited<ReturnType<typeof loadGroupNotifications>>[number];

/** The active notifications of a structure for one trigger. */
export async function loadGroupNotifications(db: Kysely<AppDatabase>, group: number, trigger: NotificationTrigger) {
  return db
    .selectFrom('dialogwatt_notification')
    .selectAll()
    .where('group', '=', group)
    .where('trigger', '=', trigger)
    .where('is_active', '=', 1)
    .orderBy('pk')
    .execute();
}

export function notificationRule(row: NotificationRow): NotificationRule {
  return {
    id: row.pk,
    group: row.group ?? 0,
    isActive: row.is_active === 1,
    trigger: row.trigger as NotificationTrigger,
    term: row.term === 'delayed' ? 'delayed' : 'immediate',
    termDays: row.term_days ?? 0,
    termAfterBefore: row.term_after_before === 'after' ? 'after' : 'before',
    termTime: row.term_time || '09:00',
    allReasons: row.all_reasons !== 0,
    reasons: jsonList(row.reasons),
    allPlaces: row.all_places !== 0,
    places: jsonList(row.places),
    to: (row.to ?? 'contact') as NotificationRule['to'],
    advisors: jsonList(row.advisors),
    smsIsActive: row.sms_is_active === 1,
    mailIsActive: row.mail_is_active === 1,
  };
}

function mobileOf(phone: string | null): string | null {
  const n = phone ? parsePhone(phone) : undefined;
  return n?.isValid() ? n.number : null;
}

/**
 * Users as recipients. A client's consent flags come from its data-processing consent row (no
 * row: no consent); advisors are staff, told on every channel their data allows.
 */
export async function loadRecipients(
  db: Kysely<AppDatabase>,
  pks: number[],
): Promise<Map<number, NotificationRecipient>> {
  const out = new Map<number, NotificationRecipient>();
  if (!pks.length) return out;
  const users = await db
    .selectFrom('account_user')
    .select(['pk', 'first_name', 'last_name', 'email', 'phone', 'user_type'])
    .where('pk', 'in', pks)
    .execute();
  const consents = await db
    .selectFrom('account_rgpd_consent')
    .select(['user', 'allow_to_use_email_to_send_reminder', 'allow_to_use_phone_number_to_send_reminder'])
    .where('user', 'in', pks)
    .execute();
  const consentOf = new Map(consents.map((c) => [c.user, c]));
  for (const u of users) {
    const isClient = u.user_type === 'client';
    const consent = consentOf.get(u.pk);
    out.set(u.pk, {
      kind: isClient ? 'client' : 'advisor',
      id: u.pk,
      fullName: [u.first_name, u.last_name].filter(Boolean).join(' ').trim() || (u.email ?? ''),
      email: u.email || null,
      mobile: mobileOf(u.phone),
      allowsEmail: isClient ? consent?.allow_to_use_email_to_send_reminder === 1 : true,
      allowsPhone: isClient ? consent?.allow_to_use_phone_number_to_send_reminder === 1 : true,
    });
  }
  return out;
}

/** Active members (advisors) of a structure: the `all_advisors` recipients. */
export async function groupMemberPks(db: Kysely<AppDatabase>, group: number): Promise<number[]> {
  const rows = await db
    .selectFrom('account_user')
    .select('pk')
    .where('group', '=', group)
    .where('is_active', '=', 1)
    .where('user_type', 'in', ['advisor', 'superadvisor', 'listeproadmin'])
    .execute();
  return rows.map((r) => r.pk);
}

export async function groupHasActiveSmsAccount(db: Kysely<AppDatabase>, group: number): Promise<boolean> {
  const row = await db
    .selectFrom('messaging_sms_account')
    .select('pk')
    .where('group', '=', group)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return !!row;
}
