import { useEffect } from 'react';
import type { SetURLSearchParams } from 'react-router-dom';
import type { EntityCalendar } from '../../../engine/schema/types';
import { isDayKey, parisParts, type DayKey } from '../../../engine/time/paris-time';

export type ScreenView = 'list' | 'week' | 'day';

/** Below this width a week's seven columns do not fit: the calendar opens on the day. */
export const NARROW_SCREEN = '(max-width: 640px)';

const isView = (v: string | null | undefined): v is ScreenView => v === 'list' || v === 'week' || v === 'day';

interface Remembered {
  view?: ScreenView;
  date?: DayKey;
}

/** Kept for the tab, so that « Enregistrer » or « Retour » from a record comes back to the same week. */
const storageKey = (entity: string) => `calendar-view:${entity}`;

function remembered(entity: string): Remembered {
  try {
    return JSON.parse(sessionStorage.getItem(storageKey(entity)) ?? '{}') as Remembered;
  } catch {
    return {};
  }
}

/**
 * Which view the list screen of an entity with a calendar shows, and which day: from the address
 * (?view=week&date=2026-11-23, so that a link or a reload keeps them), else as last seen in this
 * tab, else the declaration's default (the day view instead of the week on a narrow screen).
 */
export function useCalendarView(
  entity: string,
  calendar: EntityCalendar | undefined,
  params: URLSearchParams,
  setParams: SetURLSearchParams,
): { view: ScreenView; day: DayKey; set: (next: { view?: ScreenView; day?: DayKey }) => void } {
  const kept = calendar ? remembered(entity) : {};
  const narrow = typeof window !== 'undefined' && window.matchMedia?.(NARROW_SCREEN).matches;
  const declared = calendar?.default ?? 'week';
  const fallback: ScreenView = !calendar ? 'list' : declared === 'week' && narrow ? 'day' : declared;
  const asked = params.get('view');
  const view: ScreenView = !calendar ? 'list' : isView(asked) ? asked : isView(kept.view) ? kept.view : fallback;
  const askedDay = params.get('date');
  const day = isDayKey(askedDay) ? askedDay : isDayKey(kept.date) ? kept.date : parisParts(new Date()).day;

  useEffect(() => {
    if (!calendar) return;
    try {
      sessionStorage.setItem(storageKey(entity), JSON.stringify({ view, date: day }));
    } catch {
      /* private browsing without storage: the address still keeps the view */
    }
  }, [entity, calendar, view, day]);

  const set = (next: { view?: ScreenView; day?: DayKey }) => {
    const changed = new URLSearchParams(params);
    changed.set('view', next.view ?? view);
    changed.set('date', next.day ?? day);
    setParams(changed, { replace: true });
  };
  return { view, day, set };
}
