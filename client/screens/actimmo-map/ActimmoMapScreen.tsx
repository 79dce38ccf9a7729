import './actimmo-map.css';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { whiteLabelAtom } from '../../state/session';
import { ApiError } from '../../api/http';
import { loadMapData, shownStructures, type MapData } from './map-api';
import { traceOutlines } from './trace-outlines';
import { DepartmentDetails, structuresCount } from './DepartmentDetails';
import { tr } from './i18n';

// Leaflet is the heaviest part of the page: it loads in its own chunk, after the page's text.
const DepartmentMap = lazy(() => import('./DepartmentMap'));

/** Keeps the page flush with the frame that shows it (white-label flag actimmoMapRemoveMargins). */
function useEmbeddedLayout(on: boolean): void {
  useEffect(() => {
    if (!on) return undefined;
    document.body.classList.add('actimmo-map-embedded');
    return () => document.body.classList.remove('actimmo-map-embedded');
  }, [on]);
}

/**
 * /actimmo-map (spec 01 §2, reference §10): the departments of metropolitan France where the
 * programme's laureate structures work. A department is chosen on the map (click, or Enter on a
 * highlighted department's badge), in the drop-down or in the list that repeats the map's
 * content for keyboard and screen-reader users.
 */
export default function ActimmoMapScreen() {
  const wl = useAtomValue(whiteLabelAtom);
  useEmbeddedLayout(wl?.actimmoMapRemoveMargins === true);
  const [data, setData] = useState<MapData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<Set<string>>(() => new Set());

  useEffect(() => {
    let live = true;
    setError(null);
    loadMapData()
      .then((d) => live && setData(d))
      .catch(
        (e: unknown) => live && setError(e instanceof ApiError && e.status === 404 ? e.message : tr('load_error')),
      );
    return () => {
      live = false;
    };
  }, [attempt]);

  const outlines = useMemo(() => (data ? traceOutlines(data.raster) : new Map()), [data]);
  const byCode = useMemo(
    () => new Map((data?.departments ?? []).filter((d) => d.structures.length).map((d) => [d.department, d])),
    [data],
  );
  const laureates = useMemo(() => new Map([...byCode].map(([code, d]) => [code, d.structures.length])), [byCode]);
  const names = useMemo(() => new Map((data?.centroids ?? []).map((c) => [c.code, c.name])), [data]);
  const bounds = useMemo<[[number, number], [number, number]]>(
    () => [
      [data?.raster.south ?? 41.3, data?.raster.west ?? -5.2],
      [data?.raster.north ?? 51.1, data?.raster.east ?? 9.6],
    ],
    [data],
  );

  const wanted = params.get('departement');
  const selected = wanted && names.has(wanted) ? wanted : null;
  const select = useCallback(
    (code: string | null) => {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (code) next.set('departement', code);
          else next.delete('departement');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  if (error) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{error}</p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {tr('retry')}
        </button>
      </div>
    );
  }
  if (!data)
    return (
      <p className="loading" role="status">
        {tr('loading')}
      </p>
    );

  const chosen = selected ? byCode.get(selected) : undefined;
  const chosenStructures = chosen ? shownStructures(chosen) : [];
  const title = (code: string) => tr('department_title', { code, name: names.get(code) ?? code });
  const options = data.centroids.map((c) => c.code);

  return (
    <div className="actimmo-map-page">
      <div className="actimmo-toolbar">
        <div className="actimmo-choose">
          <label htmlFor="actimmo-department">{tr('choose_label')}</label>
          <select id="actimmo-department" value={selected ?? ''} onChange={(e) => select(e.target.value || null)}>
            <option value="">{tr('choose_placeholder')}</option>
            <optgroup label={tr('laureate_group')}>
              {options
                .filter((c) => laureates.has(c))
                .map((c) => (
                  <option key={c} value={c}>
                    {title(c)}
                  </option>
                ))}
            </optgroup>
            <optgroup label={tr('other_group')}>
              {options
                .filter((c) => !laureates.has(c))
                .map((c) => (
                  <option key={c} value={c}>
                    {title(c)}
                  </option>
                ))}
            </optgroup>
          </select>
        </div>
        <ul className="actimmo-legend">
          <li>
            <span className="actimmo-swatch actimmo-swatch-laureate" aria-hidden="true" />
            {tr('legend_laureate')}
          </li>
          <li>
            <span className="actimmo-swatch" aria-hidden="true" />
            {tr('legend_other')}
          </li>
        </ul>
      </div>

      <div className="actimmo-map-layout">
        <div className="actimmo-map-frame" role="region" aria-label={tr('map_label')}>
          <Suspense
            fallback={
              <p className="loading" role="status">
                {tr('loading')}
              </p>
            }
          >
            <DepartmentMap
              outlines={outlines}
              centroids={data.centroids}
              laureates={laureates}
              selected={selected}
              onSelect={select}
              config={data.config}
              bounds={bounds}
            />
          </Suspense>
        </div>
        <section className="actimmo-panel" aria-labelledby="actimmo-panel-title">
          {selected ? (
            <>
              <h2 id="actimmo-panel-title">{title(selected)}</h2>
              {chosen && <p className="actimmo-count">{structuresCount(chosenStructures.length)}</p>}
              <DepartmentDetails structures={chosenStructures} level={3} />
            </>
          ) : (
            <>
              <h2 id="actimmo-panel-title" className="visually-hidden">
                {tr('panel_heading')}
              </h2>
              <p className="actimmo-muted">{tr('selection_none')}</p>
            </>
          )}
        </section>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {selected
          ? `${title(selected)} : ${chosen ? structuresCount(chosenStructures.length) : tr('no_laureate')}`
          : ''}
      </p>
      {!data.config.tileUrl && <p className="actimmo-note">{tr('offline_base')}</p>}

      <section className="actimmo-list" aria-labelledby="actimmo-list-title">
        <h2 id="actimmo-list-title">{tr('list_heading')}</h2>
        <p>{tr('list_intro')}</p>
        {byCode.size === 0 ? (
          <p className="actimmo-muted">{tr('empty')}</p>
        ) : (
          <ul className="actimmo-departments">
            {[...byCode.values()].map((d) => {
              const expanded = open.has(d.department);
              const panel = `actimmo-list-${d.department}`;
              return (
                <li key={d.department}>
                  <h3>
                    <button
                      type="button"
                      className="actimmo-disclosure"
                      aria-expanded={expanded}
                      aria-controls={panel}
                      onClick={() => {
                        setOpen((s) => {
                          const n = new Set(s);
                          if (expanded) n.delete(d.department);
                          else n.add(d.department);
                          return n;
                        });
                        if (!expanded) select(d.department);
                      }}
                    >
                      <span>{title(d.department)}</span>
                      <span className="actimmo-count">{structuresCount(d.structures.length)}</span>
                    </button>
                  </h3>
                  <div id={panel} hidden={!expanded}>
                    {expanded && <DepartmentDetails structures={shownStructures(d)} level={4} />}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
