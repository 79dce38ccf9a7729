import { useEffect, useId, useMemo, useState } from 'react';
import { bookingApi, type BookableOffer, type OffersAnswer, type OffersQuery } from './booking-api';
import { formatDay, weekColumns, weekHasOffers, weekTitle } from './booking-dates';
import { addDays, mondayOf, parisDate } from '../../../engine/time/paris-time';
import { ApiErrorNotice, Busy } from './BookingParts';
import { useCall } from './use-call';

export interface WeekCalendarProps {
  /** What to look for; the calendar adds the week's dates. `moving` ignores that appointment. */
  query: Omit<OffersQuery, 'startDate' | 'endDate'>;
  onChoose: (offer: BookableOffer) => void;
  /** Start (ISO) of the chosen time, shown pressed. */
  chosen?: string | null;
  disabled?: boolean;
  /** Heading level of the week's title, under the screen's own headings. */
  headingLevel?: 3 | 4;
  /** A day of the week to open on (default: this week); an earlier week opens this one. */
  initialDay?: string | null;
}

/**
 * Offered times, one week at a time (Monday to Sunday, Europe/Paris): previous and next week,
 * « Prochaine disponibilité » when the week has nothing, each day's times as buttons and its
 * drop-in ranges as text (they cannot be booked). Used by the booking and by the manage link.
 */
export function WeekCalendar(props: WeekCalendarProps) {
  const thisWeek = mondayOf(parisDate(new Date()));
  const [monday, setMonday] = useState(() => {
    const wanted = props.initialDay ? mondayOf(props.initialDay) : thisWeek;
    return wanted > thisWeek ? wanted : thisWeek;
  });
  const [answer, setAnswer] = useState<OffersAnswer | null>(null);
  const { busy, error, run } = useCall();
  const titleId = useId();
  const { reason, inseecode, place, advisor, moving } = props.query;

  useEffect(() => {
    let live = true;
    setAnswer(null);
    void run(() =>
      bookingApi.offers({
        reason,
        inseecode,
        place,
        advisor,
        moving,
        // Paris days; the end day is excluded.
        startDate: monday,
        endDate: addDays(monday, 7),
      }),
    ).then((a) => {
      if (live && a) setAnswer(a);
    });
    return () => {
      live = false;
    };
  }, [run, reason, inseecode, place, advisor, moving, monday]);

  // The API writes instants with or without milliseconds: compare the moments, not the strings.
  const chosenAt = props.chosen ? Date.parse(props.chosen) : null;
  const columns = useMemo(() => weekColumns(monday, answer?.days ?? []), [monday, answer]);
  const empty = answer !== null && !weekHasOffers(columns);
  const bookable = columns.some((c) => c.times.length > 0);
  const Heading = props.headingLevel === 4 ? 'h4' : 'h3';
  const DayHeading = props.headingLevel === 4 ? 'h5' : 'h4';

  return (
    <section className="week-calendar" aria-labelledby={titleId} aria-busy={busy}>
      <div className="week-nav">
        <button
          type="button"
          className="button"
          disabled={monday <= thisWeek || busy}
          onClick={() => setMonday(addDays(monday, -7))}
        >
          <span aria-hidden="true">‹ </span>Semaine précédente
        </button>
        <Heading id={titleId} className="week-title">
          {weekTitle(monday)}
        </Heading>
        <button type="button" className="button" disabled={busy} onClick={() => setMonday(addDays(monday, 7))}>
          Semaine suivante<span aria-hidden="true"> ›</span>
        </button>
      </div>
      <Busy busy={busy} text="Recherche des créneaux disponibles…" />
      <ApiErrorNotice error={error} />
      {answer && !bookable && (
        <div className="notice booking-empty">
          <p>{empty ? 'Aucun créneau disponible cette semaine.' : 'Aucun horaire à réserver cette semaine.'}</p>
          {answer.nextDate ? (
            <button
              type="button"
              className="button button-primary"
              onClick={() => setMonday(mondayOf(answer.nextDate!))}
            >
              Prochaine disponibilité : {formatDay(answer.nextDate, true)}
            </button>
          ) : (
            <p>Aucune disponibilité n'est ouverte pour le moment dans les six prochains mois.</p>
          )}
        </div>
      )}
      {answer && (
        <ul className="week-days">
          {columns.map((c) => (
            <li key={c.date} className={`week-day${c.times.length || c.dropIns.length ? '' : ' is-empty'}`}>
              <DayHeading className="week-day-title">{c.label}</DayHeading>
              {c.times.length === 0 && c.dropIns.length === 0 && <p className="muted small">Aucun créneau</p>}
              {c.times.length > 0 && (
                <ul className="week-times" aria-label={`Horaires du ${c.label}`}>
                  {c.times.map((o) => (
                    <li key={`${o.slot}-${o.start}`}>
                      <button
                        type="button"
                        className="button week-time"
                        aria-pressed={chosenAt === Date.parse(o.start)}
                        aria-label={`${c.label} à ${o.time}`}
                        disabled={props.disabled}
                        onClick={() => props.onChoose(o)}
                      >
                        {o.time}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {c.dropIns.map((d) => (
                <p key={`${d.slot}-${d.start}`} className="week-dropin">
                  Sans rendez-vous de {d.startTime} à {d.endTime}
                </p>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
