import { Link } from 'react-router-dom';
import type { EntityMeta, RecordData } from './types';
import { entityPaths } from './entity-routes';
import { t } from '../lib/messages';

interface Item {
  pk?: number;
  name?: string;
  label?: string;
  email?: string;
}

/** Read-only lists computed by the server (e.g. a structure's members), shown under the form. */
export function RelatedLists({ meta, record }: { meta: EntityMeta; record: RecordData }) {
  const lists = Object.entries(meta.schema.properties).filter(
    ([, p]) => p.readOnly && p.type === 'array' && typeof p['x-item-entity'] === 'string',
  );
  if (!lists.length) return null;
  return (
    <>
      {lists.map(([name, p]) => {
        const items = (Array.isArray(record[name]) ? record[name] : []) as Item[];
        const paths = entityPaths(p['x-item-entity'] as string);
        return (
          <section key={name} className="panel" aria-labelledby={`related-${name}`}>
            <h2 id={`related-${name}`}>
              {p.title} ({items.length})
            </h2>
            {p.description && <p className="section-description">{p.description}</p>}
            {items.length === 0 ? (
              <p className="muted">{t('ui.empty_list')}</p>
            ) : (
              <ul className="link-list">
                {items.map((i, index) => {
                  const target = i.pk !== undefined ? paths.edit(i.pk) : undefined;
                  const label = i.name || i.label || i.email || `n° ${i.pk}`;
                  return (
                    <li key={i.pk ?? index}>
                      {target ? <Link to={target}>{label}</Link> : label}
                      {i.email && i.name ? <span className="muted"> — {i.email}</span> : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </>
  );
}
