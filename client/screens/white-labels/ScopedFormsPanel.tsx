import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { parseEntityTarget } from '../../../engine/schema/overlay-types';
import { loadGroupOptions, loadOverlaySummary } from './api';
import { wt } from './i18n';

export const SCOPE_PARAMETER = 'portee';

/**
 * On a white label's form of an entity with custom forms: the structures that have their own
 * form, and a way to open (or start) one for another structure.
 */
export function ScopedFormsPanel({ whiteLabel, entity }: { whiteLabel: string; entity: string }) {
  const [groups, setGroups] = useState<{ value: number; label: string }[] | null>(null);
  const [existing, setExisting] = useState<{ scope: string; version: number }[]>([]);
  const [picked, setPicked] = useState('');
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    Promise.all([loadGroupOptions(), loadOverlaySummary(whiteLabel)]).then(
      ([options, summary]) => {
        if (!live) return;
        setGroups(options);
        setExisting(
          summary.flatMap((s) => {
            const t = parseEntityTarget(s.target);
            return t?.entity === entity && t.scope?.startsWith('group:')
              ? [{ scope: t.scope, version: s.version }]
              : [];
          }),
        );
      },
      () => live && setGroups([]),
    );
    return () => {
      live = false;
    };
  }, [whiteLabel, entity]);
  const path = (scope: string) =>
    `/administration/marques-blanches/${whiteLabel}/formulaires/${entity}?${SCOPE_PARAMETER}=${scope}`;
  const nameOf = (scope: string) =>
    groups?.find((g) => `group:${g.value}` === scope)?.label ?? scope.slice('group:'.length);
  return (
    <section className="wl-block" aria-labelledby="wl-scoped-title">
      <h2 id="wl-scoped-title">{wt('white-labels.scoped.section_title')}</h2>
      <p className="muted">{wt('white-labels.scoped.section_intro')}</p>
      <h3>{wt('white-labels.scoped.existing')}</h3>
      {existing.length === 0 ? (
        <p className="muted">{wt('white-labels.scoped.none')}</p>
      ) : (
        <ul className="link-list">
          {existing.map((e) => (
            <li key={e.scope}>
              <Link to={path(e.scope)}>
                {wt('white-labels.scoped.version', { name: nameOf(e.scope), version: e.version })}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <form
        className="wl-scoped-pick"
        onSubmit={(event) => {
          event.preventDefault();
          if (picked) navigate(path(`group:${picked}`));
        }}
      >
        <label htmlFor="wl-scoped-group">{wt('white-labels.scoped.pick')}</label>
        <select id="wl-scoped-group" value={picked} onChange={(e) => setPicked(e.target.value)} required>
          <option value="" />
          {(groups ?? []).map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          {wt('white-labels.scoped.open')}
        </button>
      </form>
    </section>
  );
}
