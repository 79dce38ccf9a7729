import { useEffect, useId, useMemo, useRef, useState } from 'react';
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
  /** Start (ISO) of the appointment being moved: shown as its current time, not offered as a new choice. */
  current?: string | null;
}

/**
 * Offered times, one week at a time (Monday to Sunday, Europe/Paris): previous and next week,
 * « Prochaine disponibilité » when the week has nothing, each day's times as buttons and its
 * drop-in ranges as text (they cannot be booked). Used by the booking and by the manage link.
 * It opens on the first week with a time to book: a visitor should not have to look for it (issue 26).
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
  // Only the opening week jumps to the next availability by itself; a week the visitor asked for stays.
  const opening = useRef(true);
  const goTo = (day: string) => {
    opening.current = false;
    setMonday(day);
  };
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
  const currentAt = props.current ? Date.parse(props.current) : null;

  useEffect(() => {
    if (!answer || !opening.current) return;
    opening.current = false;
    if (!bookable && answer.nextDate) setMonday(mondayOf(answer.nextDate));
  }, [answer, bookable]);

  const Heading = props.headingLevel === 4 ? 'h4' : 'h3';
  const DayHeading = props.headingLevel === 4 ? 'h5' : 'h4';

  return (
    <section className="week-calendar" aria-labelledby={titleId} aria-busy={busy}>
      <div className="week-nav">
        <button
          type="button"
          className="button"
          disabled={monday <= thisWeek || busy}
          onClick={() => goTo(addDays(monday, -7))}
        >
          <span aria-hidden="true">‹ </span>Semaine précédente
        </button>
        <Heading id={titleId} className="week-title">
          {weekTitle(monday)}
        </Heading>
        <button type="button" className="button" disabled={busy} onClick={() => goTo(addDays(monday, 7))}>
          Semaine suivante<span aria-hidden="true"> ›</span>
        </button>
      </div>
      <Busy busy={busy} text="Recherche des créneaux disponibles…" />
      <ApiErrorNotice error={error} />
      {answer && !bookable && (
        <div className="notice booking-empty">
          <p>{empty ? 'Aucun créneau disponible cette semaine.' : 'Aucun horaire à réserver cette semaine.'}</p>
          {answer.nextDate ? (
            <button type="button" className="button button-primary" onClick={() => goTo(mondayOf(answer.nextDate!))}>
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
                  {c.times.map((o) => {
                    // Moving onto the time it already has would change nothing: said, not offered.
                    const isCurrent = currentAt === Date.parse(o.start);
                    return (
                      <li key={`${o.slot}-${o.start}`}>
                        <button
                          type="button"
                          className={`button week-time${isCurrent ? ' is-current' : ''}`}
                          aria-pressed={chosenAt === Date.parse(o.start)}
                          aria-label={`${c.label} à ${o.time}${isCurrent ? ', horaire actuel' : ''}`}
                          disabled={props.disabled || isCurrent}
                          onClick={() => props.onChoose(o)}
                        >
                          {o.time}
                        </button>
                      </li>
                    );
                  })}
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
