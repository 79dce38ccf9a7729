import { useState, type KeyboardEvent } from 'react';
import GenericEdit from '../../runtime/GenericEdit';
import GenericList from '../../runtime/GenericList';
import type { EntityMeta } from '../../runtime/types';
import { notify } from '../../shell/notifications';
import { wt } from './i18n';

type View = 'form' | 'list';
const VIEWS: View[] = ['form', 'list'];

/**
 * The generic screens rendered from the meta the server computed for the edited overlay (not
 * saved): the creation form, whose validation can be tried, and the first rows of the list.
 */
export function PreviewPanel({
  meta,
  updating,
  problems,
}: {
  meta: EntityMeta | null;
  updating: boolean;
  problems: string[];
}) {
  const [view, setView] = useState<View>('form');
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = VIEWS[(i + (e.key === 'ArrowRight' ? 1 : VIEWS.length - 1)) % VIEWS.length];
    setView(next);
    document.getElementById(`wl-preview-tab-${next}`)?.focus();
  };
  return (
    <section className="wl-preview" aria-labelledby="wl-preview-title" aria-busy={updating}>
      <div className="wl-preview-head">
        <h2 id="wl-preview-title">{wt('white-labels.preview.title')}</h2>
        <span className="muted small" role="status">
          {updating ? wt('white-labels.preview.updating') : wt('white-labels.preview.up_to_date')}
        </span>
      </div>
      <p className="muted small">{wt('white-labels.preview.intro')}</p>
      {problems.length > 0 && (
        <div className="notice notice-error" role="alert">
          <p>{wt('white-labels.preview.problems')}</p>
          <ul>
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <div role="tablist" className="tab-list" aria-label={wt('white-labels.preview.views')}>
        {VIEWS.map((v, i) => (
          <button
            key={v}
            id={`wl-preview-tab-${v}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={view === v}
            aria-controls={`wl-preview-panel-${v}`}
            tabIndex={view === v ? 0 : -1}
            onClick={() => setView(v)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {wt(`white-labels.preview.${v}`)}
          </button>
        ))}
      </div>
      <div
        id={`wl-preview-panel-${view}`}
        role="tabpanel"
        aria-labelledby={`wl-preview-tab-${view}`}
        className="tab-panel wl-preview-body"
      >
        {!meta ? (
          <p className="loading" role="status">
            {wt('ui.loading')}
          </p>
        ) : view === 'form' ? (
          <GenericEdit
            meta={meta}
            preview={{
              submitLabel: wt('white-labels.preview.check'),
              onValid: () => notify(wt('white-labels.preview.valid'), 'success'),
            }}
          />
        ) : (
          <GenericList meta={meta} preview />
        )}
      </div>
    </section>
  );
}
