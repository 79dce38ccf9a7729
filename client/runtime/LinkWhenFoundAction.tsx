import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { request } from '../api/http';
import type { RecordActionProps } from './types';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * Generic record action `linkWhenFound` (x-entity.screens.actions with `find` and `to`): looks for
 * the first record of another entity the user may see matching the declared list filters (`{pk}`:
 * this record's key) and, when there is one, links to `to` (`{found}`: its key) — « Doublons » on a
 * contact in a duplicate group leads to that group. Nothing is shown otherwise, or on an error.
 */
export default function LinkWhenFoundAction({ record, label, declaration }: RecordActionProps) {
  const [found, setFound] = useState<string | null>(null);
  const find = declaration?.find;
  const pk = String(record.pk);
  useEffect(() => {
    if (!find) return;
    let live = true;
    const query: Record<string, string | number> = { page: 1, perPage: 1 };
    for (const [k, v] of Object.entries(find.filters)) query[k] = fill(v, { pk });
    request<{ pk: number }[]>(`/${find.path}/`, { query })
      .then((res) => {
        if (live) setFound(res.data[0] ? String(res.data[0].pk) : null);
      })
      .catch(() => {
        if (live) setFound(null);
      });
    return () => {
      live = false;
    };
  }, [find?.path, JSON.stringify(find?.filters), pk]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!found || !declaration?.to) return null;
  return (
    <Link className="button" to={fill(declaration.to, { pk, found })}>
      {label}
    </Link>
  );
}
