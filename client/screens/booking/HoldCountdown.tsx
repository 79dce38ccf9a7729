import { useEffect, useState } from 'react';
import { minutesLeft } from './booking-dates';

/** The current time, refreshed every `everyMs` (for countdowns). */
export function useNow(everyMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** « Ce créneau vous est réservé pendant 10 minutes » — the hold's time left, to the minute. */
export function HoldCountdown({ expiresAt, now }: { expiresAt: string; now: Date }) {
  // `now` ticks every few seconds and re-renders this; the reading itself is taken fresh.
  const left = minutesLeft(expiresAt, new Date(Math.max(now.getTime(), Date.now())));
  return (
    <p className="booking-hold" data-testid="hold-countdown">
      Ce créneau vous est réservé pendant {left} {left > 1 ? 'minutes' : 'minute'}.
    </p>
  );
}
