import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  entityTarget,
  parseScope,
  SCOPED_OPS,
  scopedEntityTarget,
  type OverlayOp,
} from '../../../engine/schema/overlay-types';
import type { EntityMeta } from '../../runtime/types';
import type { ApiError } from '../../api/http';
import { routes } from '../../generated/manifest';
import { usePageTitle } from '../../shell/page-title';
import { loadGroupOptions, loadOverlay, loadWhiteLabel, previewEntity, type OverlayState } from './api';
import { SCOPE_PARAMETER, ScopedFormsPanel } from './ScopedFormsPanel';
import { addExtra, fromOps, moveField, removeExtra, setEdit, toOps, type FormModel } from './form-model';
import { describeFormChanges } from './describe-changes';
import { FieldRow } from './FieldRow';
import { AddFieldDialog } from './AddFieldDialog';
import { ListColumnsEditor } from './ListColumnsEditor';
import { PreviewPanel } from './PreviewPanel';
import { VersionHistory } from './VersionHistory';
import { SaveBar } from './SaveBar';
import { useAnnouncer, useUnsavedWarning } from './hooks';
import { useOverlayVersions } from './use-overlay-versions';
import { wt } from './i18n';
import './white-labels.css';

const PREVIEW_DELAY_MS = 400;

interface Loaded {
  domain: string;
  base: EntityMeta;
  overlay: OverlayState;
}

/** Title of an entity's generated screen, from the route manifest (its list route). */
export function screenTitle(entity: string): string {
  const list = routes.find(
    (r) => 'kind' in r.screen && r.screen.kind === 'list' && 'entity' in r.screen && r.screen.entity === entity,
  );
  return list?.title ?? entity;
}

/**
 * The form editor of one white label and one generated screen: labels, help texts, order,
 * hidden, required, added fields, list columns; a live preview computed by the server; saving
 * makes a new version, which the history can compare and undo.
 */
export default function FormEditorScreen() {
  const { pk = '', entity = '' } = useParams();
  // `?portee=group:2`: the custom form of that structure (a scoped overlay: added fields only).
  const [params] = useSearchParams();
  const raw = params.get(SCOPE_PARAMETER) ?? '';
  const scope = parseScope(raw) ? raw : '';
  const target = scope ? scopedEntityTarget(entity, scope) : entityTarget(entity);
  const [scopeName, setScopeName] = useState('');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [model, setModel] = useState<FormModel | null>(null);
  const [preview, setPreview] = useState<{ meta: EntityMeta | null; problems: string[]; updating: boolean }>({
    meta: null,
    problems: [],
    updating: true,
  });
  const [adding, setAdding] = useState(false);
  const [announcement, announce] = useAnnouncer();

  const reload = useCallback(async () => {
    try {
      const [wl, base, overlay] = await Promise.all([
        loadWhiteLabel(pk),
        previewEntity(pk, entity, [], scope || undefined),
        loadOverlay(pk, target),
      ]);
      if (scope.startsWith('group:')) {
        const groups = await loadGroupOptions().catch(() => []);
        const name = groups.find((g) => `group:${g.value}` === scope)?.label ?? scope.slice('group:'.length);
        setScopeName(wt('white-labels.scoped.group', { name }));
      }
      setLoaded({ domain: wl.domain, base: base.meta, overlay });
      setModel(fromOps(base.meta, overlay.ops));
      setLoadError(null);
    } catch (e) {
      setLoadError((e as ApiError).message);
    }
  }, [pk, entity, target, scope]);
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
  } = useOverlayVersions(pk, target, reload, announce);

  usePageTitle(
    loaded
      ? scope
        ? wt('white-labels.scoped.title', { screen: screenTitle(entity), scope: scopeName, domain: loaded.domain })
        : wt('white-labels.editor.title', { screen: screenTitle(entity), domain: loaded.domain })
      : null,
  );

  // A custom form keeps only its added fields: the rest belongs to the white label's form.
  const opsOf = useCallback(
    (base: EntityMeta, m: FormModel) => {
      const all = toOps(base, m);
      return scope ? all.filter((o) => SCOPED_OPS.has(o.op)) : all;
    },
    [scope],
  );
  const ops = useMemo(() => (loaded && model ? opsOf(loaded.base, model) : null), [loaded, model, opsOf]);
  const savedOps = useMemo(
    () => (loaded ? JSON.stringify(opsOf(loaded.base, fromOps(loaded.base, loaded.overlay.ops))) : ''),
    [loaded, opsOf],
  );
  const dirty = ops !== null && JSON.stringify(ops) !== savedOps;
  useUnsavedWarning(dirty);

  // The preview follows the edits after a short pause; the server applies the operations.
  const sequence = useRef(0);
  useEffect(() => {
    if (!ops) return;
    const mine = ++sequence.current;
    setPreview((p) => ({ ...p, updating: true }));
    const timer = setTimeout(() => {
      previewEntity(pk, entity, ops, scope || undefined).then(
        (r) => mine === sequence.current && setPreview({ meta: r.meta, problems: r.problems, updating: false }),
        (e: ApiError) =>
          mine === sequence.current &&
          setPreview((p) => ({
            ...p,
            problems: e.errors.length ? e.errors.map((x) => x.message) : [e.message],
            updating: false,
          })),
      );
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ops, pk, entity, scope]);

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
  const { base, overlay } = loaded;

  const update = (next: FormModel) => setModel(next);
  const move = (name: string, delta: -1 | 1) => {
    const moved = moveField(model, name, delta);
    if (!moved) return;
    update(moved.model);
    const field = model.extras[name]?.schema.title ?? base.schema.properties[name]?.title ?? name;
    announce(wt('white-labels.field.moved', { field, position: moved.position, count: moved.count }));
    // The row moved in the page: keep the focus on the button that was pressed.
    requestAnimationFrame(() => document.getElementById(`wl-${delta < 0 ? 'up' : 'down'}-${name}`)?.focus());
  };

  const save = (comment: string) => saveOps(ops, comment);

  const taken = new Set([...Object.keys(base.schema.properties), ...Object.keys(model.extras)]);
  // A custom form shows only its own fields; the sections give them their place in the form.
  const visibleSections = scope
    ? model.sections
        .map((s) => ({ ...s, fields: s.fields.filter((f) => model.extras[f]) }))
        .filter((s) => s.fields.length)
    : model.sections;
  const describe = (a: OverlayOp[], b: OverlayOp[]) => describeFormChanges(base, a, b);

  return (
    <div className="wl-editor">
      <p className="wl-back">
        {scope ? (
          <Link to={`/administration/marques-blanches/${pk}/formulaires/${entity}`}>
            {wt('white-labels.scoped.back', { screen: screenTitle(entity) })}
          </Link>
        ) : (
          <Link to={`/administration/marques-blanches/${pk}/formulaires/`}>{wt('white-labels.editor.back')}</Link>
        )}
      </p>
      <p className="muted">
        {scope
          ? wt('white-labels.scoped.intro', { scope: scopeName, domain: loaded.domain })
          : wt('white-labels.editor.intro', { domain: loaded.domain })}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div className="wl-editor-columns">
        <div className="wl-editor-main">
          <section className="wl-block" aria-labelledby="wl-fields-title">
            <div className="wl-block-head">
              <h2 id="wl-fields-title">
                {scope ? wt('white-labels.scoped.fields', { scope: scopeName }) : wt('white-labels.editor.fields')}
              </h2>
              <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
                {wt('white-labels.add.open')}
              </button>
            </div>
            {scope && Object.keys(model.extras).length === 0 && (
              <p className="muted">{wt('white-labels.scoped.empty')}</p>
            )}
            {visibleSections.map((s) => (
              <section key={s.id} className="wl-section" aria-labelledby={`wl-section-${s.id}`}>
                <h3 id={`wl-section-${s.id}`}>{s.title}</h3>
                <ol className="wl-fields">
                  {s.fields.map((f, i) => (
                    <FieldRow
                      key={f}
                      base={base}
                      model={model}
                      name={f}
                      // A custom form's fields keep the order they were added in.
                      index={scope ? 0 : i}
                      count={scope ? 1 : s.fields.length}
                      onChange={(change) => update(setEdit(model, f, change))}
                      onMove={(delta) => move(f, delta)}
                      onRemove={() => {
                        update(removeExtra(model, f));
                        announce(wt('white-labels.field.removed', { field: model.extras[f].schema.title }));
                      }}
                    />
                  ))}
                </ol>
              </section>
            ))}
          </section>
          {!scope && (
            <section className="wl-block" aria-labelledby="wl-columns-title">
              <h2 id="wl-columns-title">{wt('white-labels.columns.title')}</h2>
              <ListColumnsEditor
                base={base}
                model={model}
                announce={announce}
                onChange={(listColumns) => update({ ...model, listColumns })}
              />
            </section>
          )}
          <SaveBar
            dirty={dirty}
            busy={busy}
            version={overlay.version}
            errors={saveErrors}
            onSave={save}
            onReset={() => {
              setModel(fromOps(base, overlay.ops));
              clearSaveErrors();
              announce(wt('white-labels.editor.reset_done'));
            }}
            customised={overlay.ops.length > 0}
            onBackToBase={() => void backToBase(dirty)}
          />
        </div>
        <PreviewPanel meta={preview.meta} updating={preview.updating} problems={preview.problems} />
      </div>
      <section className="wl-block" aria-labelledby="wl-history-title">
        <h2 id="wl-history-title">{wt('white-labels.versions.title')}</h2>
        <VersionHistory
          whiteLabel={Number(pk)}
          target={target}
          versions={overlay.versions}
          describe={describe}
          onRevert={(v) => void revertTo(v, dirty)}
          busy={busy}
        />
      </section>
      {!scope && base.customForms?.scopes.group && <ScopedFormsPanel whiteLabel={pk} entity={entity} />}
      <AddFieldDialog
        open={adding}
        sections={model.sections}
        taken={taken}
        onClose={() => setAdding(false)}
        onAdd={(op) => {
          update(addExtra(model, op));
          setAdding(false);
          announce(wt('white-labels.add.added', { field: op.schema.title }));
          requestAnimationFrame(() => document.getElementById(`wl-label-${op.field}`)?.focus());
        }}
      />
    </div>
  );
}
