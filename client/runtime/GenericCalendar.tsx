import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { request, type ApiError } from '../api/http';
import type { EntityCalendar } from '../../engine/schema/types';
import { canAccess } from '../../engine/access/can-access';
import { t } from '../lib/messages';
import { entityPaths } from './entity-routes';
import { useRelationLabels } from './use-relation-labels';
import { fetchOptions } from './use-options';
import { layoutDay, periodOf, weekDays, type CalendarEvent, type PlacedEvent } from './calendar/layout';
import { addDays, hhmmToMinutes, mondayOf, parisInstant, parisParts, type DayKey } from '../../engine/time/paris-time';
import { dayName, dayTitle, eventLabel, parisTime, shortDayName, weekTitle } from './calendar/french-dates';
import type { EntityMeta, RecordData } from './types';
import './calendar/calendar.css';

export type CalendarView = 'week' | 'day';

export interface GenericCalendarProps {
  meta: EntityMeta;
  calendar: EntityCalendar;
  view: CalendarView;
  /** Any day of the week shown (week view) or the day shown (day view). */
  day: DayKey;
  onNavigate: (next: { view: CalendarView; day: DayKey }) => void;
  /** Narrowing of the list (search words, declared filters), applied to the calendar too. */
  query?: Record<string, string>;
}

/** Height of one hour on the grid, in pixels. */
const HOUR_PX = 48;
const PX_PER_MINUTE = HOUR_PX / 60;

interface Event extends CalendarEvent {
  record: RecordData;
  title: string;
  color?: string;
}

/** Black or white text, whichever reads better on a colour (WCAG relative luminance). */
function textOn(color: string): string {
  const hex = color.length === 4 ? color.replace(/[0-9a-f]/gi, (c) => c + c).slice(1) : color.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // White gives 4.5:1 only below about 0.18; dark text is used above.
  return luminance > 0.18 ? '#1c2733' : '#ffffff';
}

const isColor = (v: unknown): v is string => typeof v === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v);

/** The colours of the records a relation points to (its options carry them). */
function useRelationColors(entity: string | undefined, field: string, ids: number[]): Map<number, string> {
  const [colors, setColors] = useState(new Map<number, string>());
  const key = ids.join(',');
  useEffect(() => {
    if (!entity || ids.length === 0) return;
    let live = true;
    fetchOptions(entity, field, ids)
      .then((options) => {
        if (live) setColors(new Map(options.filter((o) => isColor(o.color)).map((o) => [o.value, o.color!])));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entity, field, key]);
  return colors;
}

/**
 * The week/day calendar of an entity whose screens declare a calendar block: records placed by
 * their start and end in Europe/Paris wall-clock time, overlapping ones side by side; a record
 * opens on click, an empty hour opens the creation form with its start and end filled in.
 */
export function GenericCalendar({ meta, calendar, view, day, onNavigate, query = {} }: GenericCalendarProps) {
  const navigate = useNavigate();
  const paths = entityPaths(meta.name);
  const days = useMemo(() => (view === 'week' ? weekDays(mondayOf(day)) : [day]), [view, day]);
  const { from, to } = useMemo(() => periodOf(days), [days]);
  const [records, setRecords] = useState<RecordData[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const today = parisParts(new Date()).day;
  const dayStart = hhmmToMinutes(calendar.dayStart ?? '07:00');
  const dayEnd = hhmmToMinutes(calendar.dayEnd ?? '20:00');
  const gridRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!meta.apiPath) return;
    let live = true;
    request<RecordData[]>(`/${meta.apiPath}/`, {
      query: { ...query, sort: calendar.start, from: from.toISOString(), to: to.toISOString() },
    })
      .then(({ data }) => {
        if (!live) return;
        setRecords(data);
        setError(null);
      })
      .catch((e: ApiError) => live && setError(e));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [meta, from.getTime(), to.getTime(), JSON.stringify(query)]);

  const titleProp = meta.schema.properties[calendar.title];
  const titleLabels = useRelationLabels(records ?? [], meta.schema.properties, [calendar.title]);
  const colorProp = calendar.color ? meta.schema.properties[calendar.color] : undefined;
  const colorRelation = colorProp?.['x-relation']?.entity;
  const colorIds = [
    ...new Set((records ?? []).map((r) => r[calendar.color ?? '']).filter((v): v is number => typeof v === 'number')),
  ].sort((a, b) => a - b);
  const relationColors = useRelationColors(colorRelation, `${meta.name}.${calendar.color}`, colorIds);

  const events: Event[] = useMemo(() => {
    const out: Event[] = [];
    for (const record of records ?? []) {
      const start = new Date(String(record[calendar.start] ?? ''));
      const end = new Date(String(record[calendar.end] ?? ''));
      if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) continue;
      const rawTitle = record[calendar.title];
      const relation = titleProp?.['x-relation']?.entity;
      const title =
        relation && typeof rawTitle === 'number'
          ? (titleLabels.get(relation)?.get(rawTitle) ?? '')
          : rawTitle == null
            ? ''
            : String(rawTitle);
      const colorValue = calendar.color ? record[calendar.color] : undefined;
      const color = colorRelation
        ? typeof colorValue === 'number'
          ? relationColors.get(colorValue)
          : undefined
        : isColor(colorValue)
          ? colorValue
          : undefined;
      out.push({ id: record.pk ?? `${start.getTime()}`, start, end, record, title, color });
    }
    return out;
  }, [records, calendar, titleProp, titleLabels, colorRelation, relationColors]);

  const layouts = useMemo(
    () => days.map((d) => layoutDay(events, d, dayStart, dayEnd)),
    [events, days, dayStart, dayEnd],
  );

  /** Where an event leads: as in the list, its form if the user may change it, else its detail. */
  const targetOf = (record: RecordData) => {
    if (!meta.can.change) return paths.detail(record.pk!) ?? paths.edit(record.pk!);
    return canAccess(meta, 'change', record)
      ? paths.edit(record.pk!)
      : (paths.detail(record.pk!) ?? paths.edit(record.pk!));
  };
  const mayCreate = meta.can.create && Boolean(paths.create);
  const newLabel = meta.labels.new ?? `${t('ui.new')} ${meta.labels.singular}`;

  const hours: number[] = [];
  for (let m = dayStart; m < dayEnd; m += 60) hours.push(m);
  const height = (dayEnd - dayStart) * PX_PER_MINUTE;

  const createAt = (d: DayKey, minutes: number) => {
    const start = parisInstant(d, minutes);
    const end = parisInstant(d, Math.min(minutes + 60, 24 * 60));
    navigate(paths.create!, {
      state: { prefill: { [calendar.start]: start.toISOString(), [calendar.end]: end.toISOString() } },
    });
  };

  // Arrow keys move between the hours of the grid: up and down within a day, left and right
  // between days (Tab also walks through every event and hour).
  const onGridKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const dayIndex = Number(target.dataset.dayIndex);
    const hourIndex = Number(target.dataset.hourIndex);
    if (Number.isNaN(dayIndex) || Number.isNaN(hourIndex) || target.dataset.dayIndex === undefined) return;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    };
    const move = moves[e.key];
    if (!move) return;
    const next = gridRef.current?.querySelector<HTMLElement>(
      `[data-day-index="${dayIndex + move[0]}"][data-hour-index="${hourIndex + move[1]}"]`,
    );
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };

  const step = view === 'week' ? 7 : 1;
  const title = view === 'week' ? weekTitle(days[0], days[6]) : dayTitle(day);
  const hasOutside = layouts.some((l) => l.outside.length > 0);

  return (
    <section className={`calendar calendar-view-${view}`} aria-labelledby="calendar-title">
      <div className="calendar-toolbar">
        <div className="calendar-nav">
          <button
            type="button"
            className="button"
            aria-label={t(view === 'week' ? 'ui.calendar.previous_week' : 'ui.calendar.previous_day')}
            onClick={() => onNavigate({ view, day: addDays(day, -step) })}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="button" onClick={() => onNavigate({ view, day: today })}>
            {t('ui.calendar.today')}
          </button>
          <button
            type="button"
            className="button"
            aria-label={t(view === 'week' ? 'ui.calendar.next_week' : 'ui.calendar.next_day')}
            onClick={() => onNavigate({ view, day: addDays(day, step) })}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
        <h2 id="calendar-title" className="calendar-title" aria-live="polite">
          {title}
        </h2>
      </div>
      {error && (
        <div className="notice notice-error" role="alert">
          {error.message}
        </div>
      )}
      {records && events.length === 0 && !error && <p className="calendar-empty muted">{t('ui.calendar.empty')}</p>}
      <div className="calendar-scroll">
        <div
          className="calendar-grid"
          style={{ ['--calendar-days' as string]: days.length }}
          ref={gridRef}
          onKeyDown={onGridKeyDown}
          aria-busy={records === null}
        >
          <div className="calendar-corner" aria-hidden="true" />
          {days.map((d) => (
            <div key={d} className="calendar-day-header" aria-current={d === today ? 'date' : undefined}>
              {view === 'week' ? (
                <button
                  type="button"
                  className="link-button"
                  aria-label={t('ui.calendar.open_day', { day: dayName(d) })}
                  onClick={() => onNavigate({ view: 'day', day: d })}
                >
                  {shortDayName(d)}
                </button>
              ) : (
                <span>{dayName(d)}</span>
              )}
            </div>
          ))}
          {hasOutside && (
            <>
              <div className="calendar-outside-label small muted">{t('ui.calendar.outside_hours')}</div>
              {layouts.map((l) => (
                <ul key={l.day} className="calendar-outside">
                  {l.outside.map((ev) => (
                    <li key={ev.id}>
                      <EventLink event={ev} meta={meta} to={targetOf(ev.record)} compact />
                    </li>
                  ))}
                </ul>
              ))}
            </>
          )}
          <div className="calendar-hours" style={{ height }} aria-hidden="true">
            {hours.map((m) => (
              <div key={m} className="calendar-hour-label" style={{ top: (m - dayStart) * PX_PER_MINUTE }}>
                {parisTimeOfMinutes(m)}
              </div>
            ))}
          </div>
          {layouts.map((l, dayIndex) => {
            // Hours and events in time order, so that Tab walks a day from morning to evening.
            const items: (
              { kind: 'hour'; top: number; index: number } | { kind: 'event'; top: number; placed: PlacedEvent<Event> }
            )[] = [
              ...hours.map((m, index) => ({ kind: 'hour' as const, top: m - dayStart, index })),
              ...l.placed.map((p) => ({ kind: 'event' as const, top: p.top, placed: p })),
            ].sort((a, b) => a.top - b.top || (a.kind === 'hour' ? -1 : 1));
            return (
              <div
                key={l.day}
                className={`calendar-day${l.day === today ? ' calendar-today' : ''}`}
                style={{ height }}
                role="group"
                aria-label={dayName(l.day)}
              >
                {items.map((item) =>
                  item.kind === 'hour' ? (
                    mayCreate ? (
                      <button
                        key={`h${item.index}`}
                        type="button"
                        className="calendar-slot"
                        style={{
                          top: item.top * PX_PER_MINUTE,
                          height: Math.min(60, dayEnd - dayStart - item.top) * PX_PER_MINUTE,
                        }}
                        data-day-index={dayIndex}
                        data-hour-index={item.index}
                        aria-label={t('ui.calendar.new_at', {
                          new: newLabel,
                          day: dayName(l.day),
                          time: parisTimeOfMinutes(dayStart + item.top),
                        })}
                        onClick={() => createAt(l.day, dayStart + item.top)}
                      />
                    ) : (
                      <div
                        key={`h${item.index}`}
                        className="calendar-slot"
                        style={{
                          top: item.top * PX_PER_MINUTE,
                          height: Math.min(60, dayEnd - dayStart - item.top) * PX_PER_MINUTE,
                        }}
                        aria-hidden="true"
                      />
                    )
                  ) : (
                    <EventLink
                      key={`e${item.placed.event.id}`}
                      event={item.placed.event}
                      meta={meta}
                      to={targetOf(item.placed.event.record)}
                      placed={item.placed}
                    />
                  ),
                )}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

const parisTimeOfMinutes = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

function EventLink({
  event,
  meta,
  to,
  placed,
  compact = false,
}: {
  event: Event;
  meta: EntityMeta;
  to: string | undefined;
  placed?: PlacedEvent<Event>;
  compact?: boolean;
}) {
  const label = eventLabel(meta.labels.singular, event.start, event.end, event.title);
  const style: Record<string, string | number> = {};
  if (event.color) {
    style['--event-color'] = event.color;
    style['--event-text'] = textOn(event.color);
  }
  if (placed) {
    style.top = placed.top * PX_PER_MINUTE;
    style.height = placed.height * PX_PER_MINUTE;
    style.left = `calc(${(placed.column / placed.columns) * 100}% + 2px)`;
    style.width = `calc(${100 / placed.columns}% - 4px)`;
  }
  // « … » where the event goes on beyond this column (an earlier or later day or hour).
  const from = placed?.continuesBefore ? '…' : parisTime(event.start);
  const times = `${from} – ${placed?.continuesAfter ? '…' : parisTime(event.end)}`;
  const body = (
    <>
      <span className="calendar-event-time" aria-hidden="true">
        {compact ? parisTime(event.start) : times}
      </span>{' '}
      <span className="calendar-event-title" aria-hidden="true">
        {event.title}
      </span>
      {/* The name read out: the whole period in words (the visible times are cut per day). */}
      <span className="visually-hidden">{label}</span>
    </>
  );
  const className = [
    'calendar-event',
    compact && 'calendar-event-compact',
    placed && placed.height < 40 && 'calendar-event-short',
  ]
    .filter(Boolean)
    .join(' ');
  return to ? (
    <Link to={to} className={className} style={style} title={label}>
      {body}
    </Link>
  ) : (
    <span className={className} style={style} title={label}>
      {body}
    </span>
  );
}
