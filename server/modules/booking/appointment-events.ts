import type { AppContext } from '../../context';

/** The notification triggers (reference §5.5) that a booking call fires. */
export type AppointmentTrigger =
  | 'created_client'
  | 'changed_client'
  | 'cancelled_client'
  | 'created_advisor'
  | 'changed_advisor'
  | 'cancelled_advisor';

export interface AppointmentEvent {
  appointmentPk: number;
  trigger: AppointmentTrigger;
  /** The user who acted; null for a visitor using a short link (the uuid is the secret). */
  actor: number | null;
}

export type AppointmentEventHandler = (app: AppContext, event: AppointmentEvent) => Promise<void> | void;

let handler: AppointmentEventHandler | null = null;

/**
 * Where notifications plug in: the integrator registers the notification module's processing
 * here. Until then an event records nothing. Booking code calls `recordAppointmentEvent` only
 * after its transaction committed (`afterCommit`), so a failing notification never undoes or
 * fails a booking.
 */
export function onAppointmentEvent(next: AppointmentEventHandler | null): void {
  handler = next;
}

export async function recordAppointmentEvent(app: AppContext, event: AppointmentEvent): Promise<void> {
  if (handler) await handler(app, event);
}
