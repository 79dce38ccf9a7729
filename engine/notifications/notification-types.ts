/** Plain shapes the notification planning reads (reference §5.5); the server fills them from its rows. */

export type RecordId = string | number;

export const NOTIFICATION_TRIGGERS = [
  'created_account',
  'created_client',
  'changed_client',
  'cancelled_client',
  'created_advisor',
  'changed_advisor',
  'cancelled_advisor',
  'date_of_appointment',
] as const;

export type NotificationTrigger = (typeof NOTIFICATION_TRIGGERS)[number];

export type NotificationChannel = 'mail' | 'sms';

/** The fields of a `notification` record the planning uses. */
export interface NotificationRule {
  id: RecordId;
  group: RecordId;
  isActive: boolean;
  trigger: NotificationTrigger;
  term: 'immediate' | 'delayed';
  termDays: number;
  termAfterBefore: 'before' | 'after';
  /** Paris wall-clock time of day, `HH:MM` or `HH:MM:SS`. */
  termTime: string;
  allReasons: boolean;
  reasons: RecordId[];
  allPlaces: boolean;
  places: RecordId[];
  to: 'contact' | 'all_advisors' | 'some_advisors' | 'allocated_advisor';
  advisors: RecordId[];
  smsIsActive: boolean;
  mailIsActive: boolean;
  chatIsActive?: boolean;
}

/** Someone a message can go to: the appointment's client, a file-area contact or an advisor. */
export interface NotificationRecipient {
  kind: 'client' | 'contact' | 'advisor';
  id: RecordId;
  fullName: string;
  email: string | null;
  /** E.164 mobile number, or null. */
  mobile: string | null;
  /** Data-processing consent: e-mail reminders allowed (a contact: has an e-mail). */
  allowsEmail: boolean;
  /** Data-processing consent: phone reminders allowed (a contact: has a mobile). */
  allowsPhone: boolean;
}

/** The appointment as the planning sees it. */
export interface AppointmentForNotifications {
  id: RecordId;
  group: RecordId;
  status: 'waiting' | 'validated' | 'cancelled';
  /** ISO instants. */
  start: string;
  end: string;
  reason: RecordId | null;
  place: RecordId | null;
  advisor: NotificationRecipient | null;
  client: NotificationRecipient | null;
  /** Every member of the appointment's group (`all_advisors`). */
  groupMembers: NotificationRecipient[];
}

/** One ledger entry (NotificationRequested) already recorded for this appointment. */
export interface LedgerEntry {
  notification: RecordId;
}

/** A message to create as an exchange: queued for `schedule`, or kept with its French `error`. */
export interface PlannedMessage {
  notification: RecordId;
  trigger: NotificationTrigger;
  recipient: NotificationRecipient;
  channel: NotificationChannel;
  /** ISO instant (UTC) of the planned sending. */
  schedule: string;
  error?: string;
}
