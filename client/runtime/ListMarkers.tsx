import type { ListMarker, MarkerIcon } from '../../engine/schema/types';
import { holds } from '../../engine/logic/logic';
import { parisDate } from '../../engine/time/paris-time';
import type { RecordData } from './types';

/**
 * Glyphs by shape, so that no marker is told from another by colour alone (the label is what a
 * screen reader reads and what the tooltip shows).
 */
const GLYPHS: Record<MarkerIcon, string> = {
  check: '✔',
  pending: '⏳',
  star: '★',
  mail: '✉',
  exchange: '⇄',
  refresh: '↻',
  pin: '📌',
  warning: '⚠',
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
          <span aria-hidden="true">{GLYPHS[m.icon]}</span>
        </span>
      ))}
    </span>
  );
}
