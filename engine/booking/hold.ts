// A public hold (`book-appointment-tmp`): a waiting appointment that keeps its time while the visitor
// identifies and confirms. Short until the visitor identifies (signs in with a client account), so
// that nobody can hide the calendar by holding times anonymously; extended then, for the last step.

/** How long a hold keeps its time from the moment it is taken, until the visitor identifies. */
export const HOLD_MINUTES = 10;
/** How long a hold keeps its time from the moment its visitor identifies. */
export const IDENTIFIED_HOLD_MINUTES = 30;
/** A hold stored without its own end (`holdUntil`: taken before holds had one) kept its time an hour. */
export const LEGACY_HOLD_MINUTES = 60;

/**
 * The instant (ms since the epoch) a hold stops blocking: its `holdUntil`, or for a hold stored
 * without one, LEGACY_HOLD_MINUTES after it was taken (`tmpBookDate`).
 */
export function holdExpiresAt(tmpBookDateMs: number, holdUntilMs: number | null = null): number {
  return holdUntilMs ?? tmpBookDateMs + LEGACY_HOLD_MINUTES * 60_000;
}

/** True once the hold's time has run out at `nowMs`. */
export function isHoldExpired(tmpBookDateMs: number, holdUntilMs: number | null, nowMs: number): boolean {
  return nowMs >= holdExpiresAt(tmpBookDateMs, holdUntilMs);
}
