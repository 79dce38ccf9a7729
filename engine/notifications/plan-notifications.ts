import { queueingError } from './consent-errors';
import type {
  AppointmentForNotifications,
  LedgerEntry,
  NotificationChannel,
  NotificationRecipient,
  NotificationRule,
  NotificationTrigger,
  PlannedMessage,
  RecordId,
} from './notification-types';
import { sendingDate } from './sending-date';

export interface PlanNotificationsInput {
  /** The notifications of the appointment's group (inactive ones and other triggers are skipped here). */
  notifications: NotificationRule[];
  trigger: NotificationTrigger;
  appointment: AppointmentForNotifications;
  /** Ledger entries already recorded for this appointment. */
  ledger: LedgerEntry[];
  /** The advisors named by `some_advisors` notifications, by id. */
  advisorsById: ReadonlyMap<RecordId, NotificationRecipient> | Record<string, NotificationRecipient>;
  groupHasActiveSmsAccount: boolean;
  /** ISO instant with offset. */
  now: string;
}

const same = (a: RecordId | null | undefined, b: RecordId | null | undefined) =>
  a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);

function isChangeTrigger(trigger: NotificationTrigger): boolean {
  return trigger === 'changed_client' || trigger === 'changed_advisor';
}

/** Step 3: a notification restricted to some reasons or places applies only to those. */
export function matchesAppointment(rule: NotificationRule, appointment: AppointmentForNotifications): boolean {
  if (!rule.allReasons && !rule.reasons.some((r) => same(r, appointment.reason))) return false;
  if (!rule.allPlaces && !rule.places.some((p) => same(p, appointment.place))) return false;
  return true;
}

function lookup(advisors: PlanNotificationsInput['advisorsById'], id: RecordId): NotificationRecipient | undefined {
  return advisors instanceof Map
    ? (advisors.get(id) ?? advisors.get(String(id)))
    : (advisors as Record<string, NotificationRecipient>)[String(id)];
}

/** Step 6: who a notification goes to. */
export function recipientsOf(
  rule: NotificationRule,
  appointment: AppointmentForNotifications,
  advisorsById: PlanNotificationsInput['advisorsById'],
): NotificationRecipient[] {
  let list: (NotificationRecipient | undefined | null)[];
  switch (rule.to) {
    case 'contact':
      list = [appointment.client];
      break;
    case 'all_advisors':
      list = appointment.groupMembers;
      break;
    case 'some_advisors':
      list = rule.advisors.map((id) => lookup(advisorsById, id));
      break;
    case 'allocated_advisor':
      list = [appointment.advisor];
  }
  const seen = new Set<string>();
  return list.filter((r): r is NotificationRecipient => {
    if (!r) return false;
    const key = `${r.kind}:${r.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function channelsOf(rule: NotificationRule): NotificationChannel[] {
  const out: NotificationChannel[] = [];
  if (rule.smsIsActive) out.push('sms');
  if (rule.mailIsActive) out.push('mail');
  return out;
}

/**
 * The messages one (appointment, trigger) causes, reference §5.5 steps 1–8, without I/O. The
 * caller creates one exchange per message (with its error when it has one, never failing the
 * booking), one ledger entry per notification that produced messages, and a delivery job at
 * `schedule` for the messages without error.
 *
 * Departures from the reference (docs/notifications.md): a message the recipient's consent or
 * data forbids is kept with its error instead of aborting the save; the client's consent governs
 * only messages to the client, advisors are told whatever channel the client refused; termTime
 * is Paris time; the chat channel, never implemented, is not planned.
 */
export function planNotifications(input: PlanNotificationsInput): PlannedMessage[] {
  const { appointment, trigger, now } = input;
  // No client, nothing sent (reference); a cancelled appointment gets no reminder.
  if (!appointment.client) return [];
  if (trigger === 'date_of_appointment' && appointment.status === 'cancelled') return [];
  const already = new Set(input.ledger.map((l) => String(l.notification)));
  const out: PlannedMessage[] = [];
  for (const rule of input.notifications) {
    // Step 1.
    if (!rule.isActive || rule.trigger !== trigger || !same(rule.group, appointment.group)) continue;
    // Step 2.
    if (!isChangeTrigger(trigger) && already.has(String(rule.id))) continue;
    // Step 3.
    if (!matchesAppointment(rule, appointment)) continue;
    // Steps 4–5.
    const schedule = sendingDate(rule, appointment.start, now);
    if (trigger === 'date_of_appointment' && new Date(schedule).getTime() > new Date(now).getTime()) continue;
    // Steps 6–8.
    for (const recipient of recipientsOf(rule, appointment, input.advisorsById)) {
      for (const channel of channelsOf(rule)) {
        const error = queueingError(channel, recipient, input.groupHasActiveSmsAccount);
        out.push({
          notification: rule.id,
          trigger,
          recipient,
          channel,
          schedule,
          ...(error ? { error } : {}),
        });
      }
    }
  }
  return out;
}
