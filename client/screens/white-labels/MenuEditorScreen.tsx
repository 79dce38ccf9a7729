import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MENU_TARGET, type OverlayOp } from '../../../engine/schema/overlay-types';
import type { ApiError } from '../../api/http';
import { usePageTitle } from '../../shell/page-title';
import {
  loadMenuEntries,
  loadOverlay,
  loadWhiteLabel,
  type MenuAudienceInfo,
  type MenuEntryInfo,
  type OverlayState,
} from './api';
import {
  allEntries,
  fromMenuOps,
  moveEntry,
  previewMenu,
  sortedSiblings,
  toMenuOps,
  type MenuModel,
  type PreviewEntry,
} from './menu-model';
import { describeMenuChanges } from './describe-changes';
import { VersionHistory } from './VersionHistory';
import { SaveBar } from './SaveBar';
import { useAnnouncer, useUnsavedWarning } from './hooks';
import { useOverlayVersions } from './use-overlay-versions';
import { wt } from './i18n';
import './white-labels.css';

interface Loaded {
  domain: string;
  audiences: MenuAudienceInfo[];
  overlay: OverlayState;
}

function EntryRow({
  entry,
  siblings,
  model,
  onChange,
  onMove,
}: {
  entry: MenuEntryInfo;
  siblings: MenuEntryInfo[];
  model: MenuModel;
  onChange: (m: MenuModel) => void;
  onMove: (siblings: MenuEntryInfo[], id: string, delta: -1 | 1) => void;
}) {
  const ordered = sortedSiblings(
    siblings.filter((s) => !s.hiddenByBase),
    model,
  );
  const index = ordered.findIndex((e) => e.id === entry.id);
  const hidden = model.hidden.includes(entry.id);
  const id = (what: string) => `wl-menu-${what}-${entry.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return (
    <li className={`wl-menu-entry${hidden ? ' wl-field-hidden' : ''}`}>
      <fieldset>
        <legend>
          <span className="wl-field-title">{entry.label}</span>
          {!entry.moduleActive && <span className="badge badge-no wl-badge">{wt('white-labels.menu.module_off')}</span>}
        </legend>
        <div className="wl-field-grid wl-menu-grid">
          <div className="wl-input wl-input-label">
            <label htmlFor={id('label')}>{wt('white-labels.field.label')}</label>
            <input
              id={id('label')}
              type="text"
              maxLength={100}
              placeholder={entry.label}
              value={model.labels[entry.id] ?? ''}
              onChange={(e) => onChange({ ...model, labels: { ...model.labels, [entry.id]: e.target.value } })}
            />
          </div>
          <div className="wl-checks">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={hidden}
                onChange={(e) =>
                  onChange({
                    ...model,
                    hidden: e.target.checked ? [...model.hidden, entry.id] : model.hidden.filter((h) => h !== entry.id),
                  })
                }
              />
              {wt('white-labels.field.hidden')}
            </label>
          </div>
          <div className="wl-move">
            <button
              type="button"
              className="icon-button"
              id={id('up')}
              disabled={index <= 0}
              onClick={() => onMove(siblings, entry.id, -1)}
              aria-label={wt('white-labels.menu.move_up', { entry: entry.label })}
            >
              ↑
            </button>
            <button
              type="button"
              className="icon-button"
              id={id('down')}
              disabled={index === ordered.length - 1}
              onClick={() => onMove(siblings, entry.id, 1)}
              aria-label={wt('white-labels.menu.move_down', { entry: entry.label })}
            >
              ↓
            </button>
          </div>
        </div>
      </fieldset>
      {entry.children && (
        <ol className="wl-menu-children">
          {sortedSiblings(
            entry.children.filter((c) => !c.hiddenByBase),
            model,
          ).map((c) => (
            <EntryRow
              key={c.id}
              entry={c}
              siblings={entry.children!}
              model={model}
              onChange={onChange}
              onMove={onMove}
            />
          ))}
        </ol>
      )}
    </li>
  );
}

function PreviewTree({ entries }: { entries: PreviewEntry[] }) {
  return (
    <ul className="wl-menu-preview-list">
      {entries.map((e) => (
        <li key={e.id} className={e.moduleActive ? undefined : 'wl-module-off'}>
          {e.label}
          {!e.moduleActive && <span className="small"> ({wt('white-labels.menu.module_off')})</span>}
          {e.children.length > 0 && <PreviewTree entries={e.children} />}
        </li>
      ))}
    </ul>
  );
}

/** The menu editor of one white label: hide, rename and reorder the entries of every audience's menu. */
export default function MenuEditorScreen() {
  const { pk = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [model, setModel] = useState<MenuModel | null>(null);
  const [announcement, announce] = useAnnouncer();

  const reload = useCallback(async () => {
    try {
      const [wl, audiences, overlay] = await Promise.all([
        loadWhiteLabel(pk),
        loadMenuEntries(pk),
        loadOverlay(pk, MENU_TARGET),
      ]);
      setLoaded({ domain: wl.domain, audiences, overlay });
      setModel(fromMenuOps(overlay.ops));
      setLoadError(null);
    } catch (e) {
      setLoadError((e as ApiError).message);
    }
  }, [pk]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const {
    busy,
    saveErrors,
    clearSaveErrors,
    save: saveOps,
    revert: revertTo,
    backToBase,
  } = useOverlayVersions(pk, MENU_TARGET, reload, announce);
  usePageTitle(loaded ? wt('white-labels.menu.title', { domain: loaded.domain }) : null);

  const trees = useMemo(() => loaded?.audiences.map((a) => a.entries) ?? [], [loaded]);
  const ops = useMemo(() => (model ? toMenuOps(trees, model) : null), [trees, model]);
  const savedOps = useMemo(
    () => (loaded ? JSON.stringify(toMenuOps(trees, fromMenuOps(loaded.overlay.ops))) : ''),
    [loaded, trees],
  );
  const dirty = ops !== null && JSON.stringify(ops) !== savedOps;
  useUnsavedWarning(dirty);

  if (loadError)
    return (
      <div className="notice notice-error" role="alert">
        {loadError}
      </div>
    );
  if (!loaded || !model || !ops)
    return (
      <p className="loading" role="status">
        {wt('ui.loading')}
      </p>
    );
  const labels = new Map([...allEntries(trees)].map(([id, e]) => [id, e.label]));

  const move = (siblings: MenuEntryInfo[], id: string, delta: -1 | 1) => {
    const moved = moveEntry(
      siblings.filter((s) => !s.hiddenByBase),
      model,
      id,
      delta,
    );
    if (!moved) return;
    setModel(moved.model);
    announce(wt('white-labels.menu.moved', { entry: labels.get(id) ?? id, position: moved.position }));
    const safe = id.replace(/[^A-Za-z0-9_-]/g, '_');
    requestAnimationFrame(() => document.getElementById(`wl-menu-${delta < 0 ? 'up' : 'down'}-${safe}`)?.focus());
  };
  const save = (comment: string) => saveOps(ops, comment);
  const describe = (a: OverlayOp[], b: OverlayOp[]) => describeMenuChanges(labels, a, b);

  return (
    <div className="wl-editor">
      <p className="wl-back">
        <Link to={`/administration/marques-blanches/${pk}/formulaires/`}>{wt('white-labels.editor.back')}</Link>
      </p>
      <p className="muted">{wt('white-labels.menu.intro', { domain: loaded.domain })}</p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div className="wl-editor-columns">
        <div className="wl-editor-main">
          {loaded.audiences.map((a) => (
            <section key={a.audience} className="wl-block" aria-labelledby={`wl-audience-${a.audience}`}>
              <h2 id={`wl-audience-${a.audience}`}>{a.label}</h2>
              <ol className="wl-menu-tree">
                {sortedSiblings(
                  a.entries.filter((e) => !e.hiddenByBase),
                  model,
                ).map((e) => (
                  <EntryRow key={e.id} entry={e} siblings={a.entries} model={model} onChange={setModel} onMove={move} />
                ))}
              </ol>
            </section>
          ))}
          <SaveBar
            dirty={dirty}
            busy={busy}
            version={loaded.overlay.version}
            errors={saveErrors}
            onSave={save}
            onReset={() => {
              setModel(fromMenuOps(loaded.overlay.ops));
              clearSaveErrors();
              announce(wt('white-labels.editor.reset_done'));
            }}
            customised={loaded.overlay.ops.length > 0}
            onBackToBase={() => void backToBase(dirty)}
          />
        </div>
        {/* Focusable: on wide screens the preview scrolls on its own, also with the keyboard. */}
        <section className="wl-preview" aria-labelledby="wl-preview-title" tabIndex={0}>
          <div className="wl-preview-head">
            <h2 id="wl-preview-title">{wt('white-labels.preview.title')}</h2>
          </div>
          <p className="muted small">{wt('white-labels.menu.preview_intro')}</p>
          {loaded.audiences.map((a) => (
            <div key={a.audience} className="wl-menu-preview">
              <h3>{a.label}</h3>
              <PreviewTree entries={previewMenu(a.entries, model)} />
            </div>
          ))}
        </section>
      </div>
      <section className="wl-block" aria-labelledby="wl-history-title">
        <h2 id="wl-history-title">{wt('white-labels.versions.title')}</h2>
        <VersionHistory
          whiteLabel={Number(pk)}
          target={MENU_TARGET}
          versions={loaded.overlay.versions}
          describe={describe}
          onRevert={(v) => void revertTo(v, dirty)}
          busy={busy}
        />
      </section>
    </div>
  );
}
