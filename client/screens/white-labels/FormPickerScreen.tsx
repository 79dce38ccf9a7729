import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { modules, routes } from '../../generated/manifest';
import type { ApiError } from '../../api/http';
import type { WhiteLabel } from '../../state/session';
import { usePageTitle } from '../../shell/page-title';
import { loadOverlaySummary, loadWhiteLabel } from './api';
import { wt } from './i18n';
import './white-labels.css';

interface ScreenChoice {
  entity: string;
  title: string;
  module?: string;
  description?: string;
}

/** Every generated screen (entities with a list route) except the white labels' own. */
function generatedScreens(): ScreenChoice[] {
  return routes
    .filter(
      (r) =>
        'kind' in r.screen && r.screen.kind === 'list' && 'entity' in r.screen && r.screen.entity !== 'white-label',
    )
    .map((r) => ({
      entity: (r.screen as { entity: string }).entity,
      title: r.title ?? r.name,
      module: r.module,
      description: r.description,
    }))
    .sort((a, b) => a.title.localeCompare(b.title, 'fr'));
}

/** « Personnaliser les formulaires »: pick a generated screen of this white label, or its menus. */
export default function FormPickerScreen() {
  const { pk = '' } = useParams();
  const [wl, setWl] = useState<WhiteLabel | null>(null);
  const [versions, setVersions] = useState<Map<string, number>>(new Map());
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    Promise.all([loadWhiteLabel(pk), loadOverlaySummary(pk)]).then(
      ([record, summary]) => {
        setWl(record);
        setVersions(new Map(summary.map((s) => [s.target, s.version])));
      },
      (e: ApiError) => setError(e.message),
    );
  }, [pk]);
  usePageTitle(wl ? wt('white-labels.picker.title', { domain: wl.domain }) : null);
  if (error)
    return (
      <div className="notice notice-error" role="alert">
        {error}
      </div>
    );
  if (!wl)
    return (
      <p className="loading" role="status">
        {wt('ui.loading')}
      </p>
    );

  const moduleOn = (id?: string) => {
    const m = modules.find((x) => x.id === id);
    return !m || m.always || Boolean(wl[`${m.flag}IsActive`]);
  };
  const status = (target: string) => {
    const v = versions.get(target);
    return v ? wt('white-labels.picker.customised', { version: v }) : wt('white-labels.picker.base');
  };
  return (
    <div className="wl-picker">
      <p className="wl-back">
        <Link to={`/administration/marques-blanches/edition/${pk}`}>
          {wt('white-labels.picker.back', { domain: wl.domain })}
        </Link>
      </p>
      <p className="muted">{wt('white-labels.picker.intro')}</p>
      <ul className="cards wl-cards">
        {generatedScreens().map((s) => (
          <li key={s.entity} className="card">
            <h2 className="wl-card-title">
              <Link to={`/administration/marques-blanches/${pk}/formulaires/${s.entity}`}>{s.title}</Link>
            </h2>
            {s.description && <p className="muted small">{s.description}</p>}
            <p className="small">{status(`entity:${s.entity}`)}</p>
            {!moduleOn(s.module) && (
              <p className="small wl-module-off">
                {wt('white-labels.picker.module_off', {
                  module: modules.find((m) => m.id === s.module)?.label ?? s.module,
                })}
              </p>
            )}
          </li>
        ))}
        <li className="card">
          <h2 className="wl-card-title">
            <Link to={`/administration/marques-blanches/${pk}/menus/`}>{wt('white-labels.picker.menus')}</Link>
          </h2>
          <p className="muted small">{wt('white-labels.picker.menus_description')}</p>
          <p className="small">{status('menu')}</p>
        </li>
      </ul>
    </div>
  );
}
