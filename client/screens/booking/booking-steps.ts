import type { BookedAppointment } from './booking-api';

/** The four steps of a booking, in order (spec 02 §2). */
export const STEPS = [
  { id: 'selection', label: 'Sélection' },
  { id: 'questionnaire', label: 'Questionnaire' },
  { id: 'identification', label: 'Identification' },
  { id: 'recapitulatif', label: 'Récapitulatif' },
] as const;

export type StepId = (typeof STEPS)[number]['id'];

export interface BookingProgress {
  /** The hold taken on choosing a time (status waiting), or the confirmed appointment. */
  appointment: BookedAppointment | null;
  /** The visitor is signed in with a client account. */
  signedInClient: boolean;
  /**
   * A time is chosen but not held yet: the reason has a questionnaire, whose answers the server
   * checks and stores with the hold, so the hold is taken once it is answered.
   */
  pendingTime?: boolean;
}

export function stepIndex(step: StepId): number {
  return STEPS.findIndex((s) => s.id === step);
}

/** « Étape 2 sur 4 » */
export function stepStatus(step: StepId): string {
  return `Étape ${stepIndex(step) + 1} sur ${STEPS.length}`;
}

/**
 * The furthest step the visitor may be on: nothing held → selection; a hold → up to
 * identification, and the récapitulatif (where the booking is confirmed) once signed in as a
 * client; confirmed → the récapitulatif only (the time is booked, going back would book nothing more).
 */
export function furthestStep(p: BookingProgress): StepId {
  if (!p.appointment || p.appointment.status === 'cancelled') return p.pendingTime ? 'questionnaire' : 'selection';
  if (p.appointment.status === 'validated') return 'recapitulatif';
  return p.signedInClient ? 'recapitulatif' : 'identification';
}

/** The step to show when `wanted` is asked for: never past what the progress allows. */
export function allowedStep(wanted: StepId, p: BookingProgress): StepId {
  const furthest = furthestStep(p);
  if (p.appointment?.status === 'validated') return 'recapitulatif';
  return stepIndex(wanted) <= stepIndex(furthest) ? wanted : furthest;
}

/** Whether the hold has run out at `now` (without an expiry the server alone decides). */
export function holdExpired(appointment: BookedAppointment | null, now: Date): boolean {
  if (!appointment || appointment.status !== 'waiting') return false;
  if (!appointment.holdExpiresAt) return false;
  return new Date(appointment.holdExpiresAt).getTime() <= now.getTime();
}

/** Where « Continuer » leads from a step. */
export function nextStep(step: StepId): StepId | null {
  const i = stepIndex(step);
  return i < STEPS.length - 1 ? STEPS[i + 1].id : null;
}

/** Where « Retour » leads from a step (none from the récapitulatif: the booking is made). */
export function previousStep(step: StepId): StepId | null {
  const i = stepIndex(step);
  return i > 0 && step !== 'recapitulatif' ? STEPS[i - 1].id : null;
}
