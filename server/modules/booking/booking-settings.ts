import type { AppContext } from '../../context';

/** What the booking endpoints read from the environment (tests give each server its own values). */
export interface BookingSettings {
  /** Holds and bookings per IP address in one window (`BOOKING_RATE_LIMIT`). */
  bookingsPerIp: number;
  /** Short-link calls (`/da`, `/dc`, `/dg` by uuid) per IP address in one window (`BOOKING_LINK_RATE_LIMIT`). */
  linkCallsPerIp: number;
  /** Availability searches per IP address in one window (`BOOKING_SEARCH_RATE_LIMIT`). */
  searchesPerIp: number;
  /** Live public holds at once per network address, and per identified client account (`BOOKING_HOLDS_AT_ONCE`). */
  holdsAtOnce: number;
  rateWindowMs: number;
}

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

export function loadBookingSettings(env: NodeJS.ProcessEnv = process.env): BookingSettings {
  return {
    // A family books a few times; an advice centre behind one address books for its visitors.
    bookingsPerIp: int(env.BOOKING_RATE_LIMIT, 30),
    // Guessing a uuid is hopeless, but answering costs a query: a few hundred a window is plenty.
    linkCallsPerIp: int(env.BOOKING_LINK_RATE_LIMIT, 120),
    // The week-by-week calendar sends one search per week shown.
    searchesPerIp: int(env.BOOKING_SEARCH_RATE_LIMIT, 600),
    // A visitor holds the time they are booking, perhaps a second one in another tab; more only hides
    // the calendar from the others (issue 25). Choosing another time gives the previous one back.
    holdsAtOnce: int(env.BOOKING_HOLDS_AT_ONCE, 2),
    rateWindowMs: int(env.BOOKING_RATE_WINDOW_SECONDS, 15 * 60) * 1000,
  };
}

const byApp = new WeakMap<AppContext, BookingSettings>();

export function useBookingSettings(app: AppContext, settings: BookingSettings): void {
  byApp.set(app, settings);
}

export function bookingSettings(app: AppContext): BookingSettings {
  let s = byApp.get(app);
  if (!s) {
    s = loadBookingSettings();
    byApp.set(app, s);
  }
  return s;
}
