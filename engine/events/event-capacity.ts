/**
 * The events' capacity rule (docs/events.md): the first `capacity` live registrations are
 * confirmed, the next ones wait in the order they came; a cancellation frees a seat that the
 * first waiting registration takes. Pure, so that the server applies it inside the one
 * transaction that reads the rows and writes the result.
 */

/** `pending`: a public request whose mailed link was not followed yet; it holds no seat. */
export type RegistrationStatus = 'pending' | 'confirmed' | 'waiting' | 'cancelled';

export interface Seat {
  pk: number;
  status: RegistrationStatus;
  /** Order of arrival, 1 for the first registration of the event. */
  position: number;
}

/** Status and position of a new registration, given the event's registrations so far. */
export function placeNewRegistration(
  capacity: number,
  seats: readonly Seat[],
): { status: 'confirmed' | 'waiting'; position: number } {
  const confirmed = seats.filter((s) => s.status === 'confirmed').length;
  const position = seats.reduce((max, s) => Math.max(max, s.position), 0) + 1;
  return { status: confirmed < capacity ? 'confirmed' : 'waiting', position };
}

/**
 * The waiting registrations to confirm now, first come first served, so that the confirmed ones
 * fill the capacity again (after a cancellation, or when the capacity was raised).
 */
export function registrationsToPromote(capacity: number, seats: readonly Seat[]): number[] {
  const free = capacity - seats.filter((s) => s.status === 'confirmed').length;
  if (free <= 0) return [];
  return seats
    .filter((s) => s.status === 'waiting')
    .sort((a, b) => a.position - b.position || a.pk - b.pk)
    .slice(0, free)
    .map((s) => s.pk);
}

export interface RegistrationWindow {
  isPublic: boolean;
  startDate: string;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
}

/**
 * Whether the public may register at `now`: a public event, after the opening (if any) and before
 * the closing, which is the event's start when none is given. Instants compare as times, whatever
 * their written offset.
 */
export function registrationState(
  event: RegistrationWindow,
  now: Date,
): 'open' | 'not_public' | 'not_yet_open' | 'closed' {
  if (!event.isPublic) return 'not_public';
  const t = now.getTime();
  const opens = event.registrationOpensAt ? Date.parse(event.registrationOpensAt) : Number.NEGATIVE_INFINITY;
  const closes = Date.parse(event.registrationClosesAt || event.startDate);
  if (t < opens) return 'not_yet_open';
  if (!(t < closes)) return 'closed';
  return 'open';
}
