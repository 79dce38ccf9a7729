import type { PropertySchema } from '../../engine/schema/types';
import { mainType } from '../../engine/schema/columns';
import { formatDate, formatDateTime, formatNumber } from '../lib/format';
import { t } from '../lib/messages';

/** A stored value as people read it (fr-FR numbers and dates, labels for choices and links). */
export function DisplayValue({
  prop,
  value,
  labels,
}: {
  prop: PropertySchema;
  value: unknown;
  labels?: Map<number, string>;
}) {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return <span className="muted">{t('ui.no_value')}</span>;
  }
  const type = mainType(prop);
  if (type === 'boolean')
    return <span className={`badge ${value ? 'badge-yes' : 'badge-no'}`}>{value ? t('ui.yes') : t('ui.no')}</span>;
  if (prop['x-relation']) {
    const list = (Array.isArray(value) ? value : [value]) as number[];
    return <>{list.map((id) => labels?.get(id) ?? `n° ${id}`).join(', ')}</>;
  }
  if (prop['x-enum-labels'] && typeof value === 'string') return <>{prop['x-enum-labels'][value] ?? value}</>;
  if (prop.format === 'color' && typeof value === 'string') {
    return (
      <span className="swatch-value">
        <span className="swatch" style={{ background: value }} aria-hidden="true" />
        {value}
      </span>
    );
  }
  if (prop.format === 'date-time') return <>{formatDateTime(value)}</>;
  if (prop.format === 'date') return <>{formatDate(value)}</>;
  if (prop.format === 'html' && typeof value === 'string')
    return (
      <>
        {value
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()}
      </>
    );
  if (type === 'number' || type === 'integer') return <>{formatNumber(value)}</>;
  if (Array.isArray(value)) return <>{value.join(', ')}</>;
  if (typeof value === 'object')
    return (
      <>
        {Object.entries(value as Record<string, unknown>)
          .map(([k, v]) => `${k} : ${String(v)}`)
          .join(' ; ')}
      </>
    );
  return <>{String(value)}</>;
}

/** ids referenced by the relation columns of some records, by target entity. */
export function relationIds(
  records: Record<string, unknown>[],
  properties: Record<string, PropertySchema>,
  columns: string[],
): Map<string, number[]> {
  const out = new Map<string, Set<number>>();
  for (const c of columns) {
    const rel = properties[c]?.['x-relation'];
    if (!rel) continue;
    const set = out.get(rel.entity) ?? new Set<number>();
    for (const r of records) {
      const v = r[c];
      for (const id of Array.isArray(v) ? v : [v]) if (typeof id === 'number') set.add(id);
    }
    out.set(rel.entity, set);
  }
  return new Map([...out].map(([k, v]) => [k, [...v]]));
}
