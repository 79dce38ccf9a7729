import type { ReactNode } from 'react';
import type { ListMarker, MarkerIcon } from '../../engine/schema/types';
import { holds } from '../../engine/logic/logic';
import { parisDate } from '../../engine/time/paris-time';
import type { RecordData } from './types';

/**
 * Inline drawings by shape (no icon font, no emoji: a missing font would show an empty box), so that
 * no marker is told from another by colour alone; the label is what a screen reader reads and
 * what the tooltip shows.
 */
const SHAPES: Record<MarkerIcon, ReactNode> = {
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  pending: <path d="M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9s8 4 8 9" />,
  star: <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />,
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </>
  ),
  exchange: <path d="M4 8h14l-4-4M20 16H6l4 4" />,
  refresh: <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />,
  pin: <path d="M9 3h6l-1 6 4 4H6l4-4-1-6M12 13v8" />,
  warning: <path d="M12 3l10 18H2zM12 10v5M12 18v.5" />,
};

/** The markers of a list (x-entity.list.markers) that hold for a record. */
export function markersOf(markers: ListMarker[] | undefined, record: RecordData): ListMarker[] {
  if (!markers?.length) return [];
  const today = parisDate(Date.now());
  return markers.filter((m) => holds(m.if, { record, today }));
}

/** The icons of a row: each a picture named by its French label (role img, title for the mouse). */
export function ListMarkers({ markers, record }: { markers: ListMarker[] | undefined; record: RecordData }) {
  const shown = markersOf(markers, record);
  if (shown.length === 0) return null;
  return (
    <span className="list-markers">
      {shown.map((m) => (
        <span
          key={m.label}
          className={`list-marker list-marker-${m.icon}`}
          role="img"
          aria-label={m.label}
          title={m.label}
        >
          <svg
            width="14"
            height="14"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
          >
            {SHAPES[m.icon]}
          </svg>
        </span>
      ))}
    </span>
  );
}
