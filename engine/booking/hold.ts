// A public hold (`book-appointment-tmp`): a waiting appointment that keeps its time for one hour
// while the visitor signs in and confirms.

export const HOLD_DURATION_MINUTES = 60;

const HOLD_DURATION_MS = HOLD_DURATION_MINUTES * 60_000;

/** The instant a hold taken at `tmpBookDate` stops blocking (ms since the epoch). */
export function holdExpiresAt(tmpBookDateMs: number): number {
  return tmpBookDateMs + HOLD_DURATION_MS;
}

/** True once a full hold duration has passed since the hold was taken. */
export function isHoldExpired(tmpBookDateMs: number, nowMs: number): boolean {
  return nowMs >= holdExpiresAt(tmpBookDateMs);
}
