import type { ReactNode } from 'react';
import type { PropertySchema } from '../../engine/schema/types';
import { mainType } from '../../engine/schema/columns';
import { formatDate, formatDateTime, formatNumber } from '../lib/format';
import { t } from '../lib/messages';
import { usePhoneHref } from '../lib/use-phone-href';
import { formatBytes, isFileRef } from '../../engine/files/file-ref';
import { FileDownloadButton } from './files/FileDownloadButton';
import { filePaths } from './files/file-transfer';

/** A phone number as a tel: link (national digits in France, the international form elsewhere). */
export function PhoneLink({ phone, children, label }: { phone: string; children?: ReactNode; label?: string }) {
  const href = usePhoneHref();
  return (
    <a href={href(phone)} aria-label={label}>
      {children ?? phone}
    </a>
  );
}

/** Where a file value can be downloaded from: the record's entity API path, its pk, the property. */
export interface FileLocation {
  apiPath?: string;
  pk: unknown;
  property: string;
}

/** A stored value as people read it (fr-FR numbers and dates, labels for choices and links). */
export function DisplayValue({
  prop,
  value,
  labels,
  links = true,
  file,
}: {
  prop: PropertySchema;
  value: unknown;
  labels?: Map<number, string>;
  /** Phones as tel: and e-mails as mailto: links, files as download buttons (not inside another link). */
  links?: boolean;
  file?: FileLocation;
}) {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return <span className="muted">{t('ui.no_value')}</span>;
  }
  const type = mainType(prop);
  if (prop.format === 'file' && isFileRef(value)) {
    const path =
      file?.apiPath && typeof file.pk === 'number' ? filePaths(file.apiPath, file.property, file.pk).download : null;
    return (
      <span className="file-value">
        {path && links ? <FileDownloadButton path={path} name={value.name} /> : value.name}{' '}
        <span className="muted">({formatBytes(value.size)})</span>
      </span>
    );
  }
  if (type === 'boolean')
    return <span className={`badge ${value ? 'badge-yes' : 'badge-no'}`}>{value ? t('ui.yes') : t('ui.no')}</span>;
  if (prop['x-relation']) {
    const list = (Array.isArray(value) ? value : [value]) as number[];
    // Labels loaded without this record: the caller may not read it (a laureate's contact in its pilot's
    // list), and a bare « n° 16 » would say nothing. Before they are loaded, the number stands in.
    return <>{list.map((id) => labels?.get(id) ?? (labels ? t('ui.unreadable_record') : `n° ${id}`)).join(', ')}</>;
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
  if (links && prop.format === 'phone' && typeof value === 'string') return <PhoneLink phone={value} />;
  if (links && prop.format === 'email' && typeof value === 'string') return <a href={`mailto:${value}`}>{value}</a>;
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
