import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import Form from '@rjsf/core';
import { validator } from './rjsf-validator';
import type { ErrorSchema } from '@rjsf/utils';
import { api, ApiError } from '../api/http';
import { useEntityMeta } from './use-entity-meta';
import { entityPaths, useCurrentRoute } from './entity-routes';
import { buildForm, submittedData, withRequirements, type RuleContext } from './build-form';
import { templates, type FormLayoutContext } from './templates';
import { fields, widgets } from './widgets/registry';
import { translateString } from './translate-string';
import { clearOptionsCache } from './use-options';
import { validateRecord } from '../../engine/validation/validate-record';
import { effectiveFromMeta } from './effective-from-meta';
import { recordValidatorReady } from './record-validator-module';
import type { FieldError } from '../../engine/validation/field-error';
import { ruleUserAtom } from '../state/session';
import { ruleWhiteLabelAtom } from '../state/white-label';
import { catalogue, t } from '../lib/messages';
import { dismissNotices, notify } from '../shell/notifications';
import { confirmAction } from '../shell/confirm';
import { usePageTitle } from '../shell/page-title';
import type { EntityMeta, RecordData } from './types';
import { capitalise } from '../../engine/schema/registry';
import './generic-screens.css';
import { RelatedLists } from './RelatedLists';
import { RelatedPanels } from './RelatedPanels';
import { WorkflowPanel } from './WorkflowPanel';
import { RecordActions, deleteWarningOf } from './RecordActions';
import { ErrorSummary } from './ErrorSummary';
import { withArticle } from './french';
import { recordName } from './record-name';
import { allowedValues, canAccess } from '../../engine/access/can-access';
import { recordScopes } from '../../engine/schema/record-scopes';
import { evaluate } from '../../engine/logic/logic';
import type { Rule } from '../../engine/schema/types';

/**
 * Buttons ignore a second press within 300 ms (spec 01 §5): a double click saves once. A press
 * whose save was refused is over, though: `release` lets the corrected form be sent at once.
 */
function useDebouncedAction(): { debounce: (fn: () => void) => void; release: () => void } {
  const last = useRef(0);
  return {
    debounce: (fn) => {
      const now = Date.now();
      if (now - last.current < 300) return;
      last.current = now;
      fn();
    },
    release: () => {
      last.current = 0;
    },
  };
}

function layoutContextOf(meta: EntityMeta, errors: FieldError[]): FormLayoutContext {
  return { layout: meta.form.layout, errorFields: new Set(errors.map((e) => e.path.split('.')[0]).filter(Boolean)) };
}

function toErrorSchema(errors: FieldError[]): ErrorSchema {
  const out: Record<string, { __errors: string[] }> = {};
  for (const e of errors) {
    if (!e.path) continue;
    const field = e.path.split('.')[0];
    (out[field] ??= { __errors: [] }).__errors.push(e.message);
  }
  return out as ErrorSchema;
}

/** The first error of each field, then the errors about the whole form (what the summary lists). */
function firstPerField(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const field = e.path.split('.')[0];
    if (!field) return true;
    if (seen.has(field)) return false;
    seen.add(field);
    return true;
  });
}

/** What the widgets of the generic form may ask of it (see FillContext, RelationWidget). */
export interface EditFormContext {
  setFields: (patch: RecordData) => void;
  /** The values of a relation field that keep this save allowed by the entity's rights. */
  relationChoices: (field: string, values: number[]) => number[];
  /** What a relation field says when it has nothing to offer, when the screen narrowed it (`relationLimits`). */
  noChoicesText?: (field: string) => string | undefined;
  /** A field whose text cannot be stored (the JSON field), or null once it can: saving waits for none. */
  reportProblem: (field: string, message: string | null) => void;
  /** The record as stored (absent on creation): a file field offers the download of the saved file. */
  previous?: RecordData;
  /** The record as being typed (a block editor's preview shows its title and charter). */
  record?: RecordData;
}

function labelOf(meta: EntityMeta, data: RecordData): string {
  return recordName(meta, data) || capitalise(meta.labels.singular);
}

/** « Contact « Élodie Garnier » créé. », « Note « Rappeler lundi » créée. », « Rappel créé. » when it has no name. */
function doneNotice(meta: EntityMeta, data: RecordData, done: 'created' | 'deleted'): string {
  const label = recordName(meta, data);
  const key = `ui.${done}${label ? '' : '_unnamed'}${meta.labels.feminine ? '_feminine' : ''}`;
  return t(key, { entity: capitalise(meta.labels.singular), label });
}

export interface GenericEditProps {
  /** Entity and record when the screen is not opened by its own route (e.g. « Ma structure »). */
  entity?: string;
  pk?: number | string;
  /** Where to go after saving or cancelling (default: the entity's list). */
  returnTo?: string;
  /** Stay on the form after saving (single-record screens such as « Ma structure »). */
  stayAfterSave?: boolean;
  /** A creation form although the route is not a create route (one record per structure, not yet saved). */
  create?: boolean;
  /** Told of each saved record (a single-record screen then opens the created record for editing). */
  onSaved?: (record: RecordData) => void;
  /** This effective meta instead of the server's for the session (the form editor's preview of an overlay). */
  meta?: EntityMeta;
  /** Preview: a new record checked in the browser only, never saved; a valid one calls onValid. */
  preview?: { submitLabel: string; onValid: () => void };
  /** Values a creation starts with (besides those the opening screen hands over in the location state). */
  prefill?: RecordData;
  /** Fields shown but not changeable (a related list's link to the record it was opened from). */
  lockedFields?: string[];
  /** Prefix of the fields' ids, for a form shown beside another one (a related list's dialog). */
  idPrefix?: string;
  /** The form is in a dialog: saving or cancelling calls this instead of leaving the page. */
  onClose?: () => void;
  /** Told whether the form holds unsaved changes (a dialog asks before closing on Escape). */
  onDirtyChange?: (dirty: boolean) => void;
  /**
   * Told of the values being typed: a screen that shows figures computed from them live (a report's
   * totals) or that saves this form together with another one (see `saveWith`).
   */
  onDataChange?: (data: RecordData) => void;
  /**
   * Part of a bigger form: no title, buttons or related lists; the screen saves its values with its
   * other part's (`saveWith` of that part) and hands back the errors of this part in `partErrors`.
   */
  embedded?: boolean;
  /** Errors of this form found by the save of the screen it is part of (`embedded`). */
  partErrors?: FieldError[];
  /**
   * Saves the checked values instead of the entity's own API (a save of several records in one
   * transaction); answers the stored record. A refusal is an ApiError whose errors are this form's.
   */
  saveWith?: (payload: RecordData, creating: boolean) => Promise<RecordData>;
  /** The screen around the form names the page (the form does not take the title from its record). */
  keepPageTitle?: boolean;
  /** Fields `saveWith` fills in (the record a composite save creates first): not required in the browser. */
  filledOnSave?: string[];
  /** Drawn from the values being typed, between the fields and the buttons (live totals). */
  aside?: (data: RecordData) => ReactNode;
  /**
   * Relation fields the screen narrows to records it knows of (a report's appendices: the
   * household's own saved simulations), with the French text shown when none is left. The server
   * keeps its own check: this only spares the user a choice it would refuse.
   */
  relationLimits?: Record<string, RelationLimit>;
}

export interface RelationLimit {
  /** The records that may be chosen (null while the screen is still reading them: no narrowing). */
  values: number[] | null;
  /** Shown instead of the choice when none is left. */
  none: string;
}

const NO_SCOPES: string[] = [];

/** The generic create / edit screen: RJSF with French templates, server rules and errors. */
export default function GenericEdit(props: GenericEditProps = {}) {
  return props.meta ? <EditScreen {...props} meta={props.meta} metaError={null} /> : <FetchedEdit {...props} />;
}

/** The screen with the entity's effective meta for this white label and user. */
function FetchedEdit(props: GenericEditProps) {
  const route = useCurrentRoute();
  // The record's custom-form scopes (its structure…), known once it is loaded: the meta is then
  // asked again with them, and the form gains the fields of those custom forms.
  const [scopes, setScopes] = useState<string[]>([]);
  const { meta, error } = useEntityMeta(props.entity ?? ('entity' in route.screen ? route.screen.entity : ''), scopes);
  const onScopes = useCallback(
    (next: string[]) => setScopes((now) => (now.join(',') === next.join(',') ? now : next)),
    [],
  );
  return <EditScreen {...props} meta={meta} metaError={error} onScopes={onScopes} />;
}

function PageTitle({ title }: { title: string | null }) {
  usePageTitle(title);
  return null;
}

function EditScreen({
  meta,
  metaError,
  onScopes,
  ...props
}: Omit<GenericEditProps, 'meta'> & {
  meta: EntityMeta | null;
  metaError: ApiError | null;
  onScopes?: (scopes: string[]) => void;
}) {
  const route = useCurrentRoute();
  const entity = props.entity ?? meta?.name ?? ('entity' in route.screen ? route.screen.entity : '');
  const params = useParams();
  const pk = props.pk !== undefined ? String(props.pk) : (params.pk ?? params.id);
  const creating =
    Boolean(props.preview) ||
    (props.pk === undefined && (props.create === true || ('kind' in route.screen && route.screen.kind === 'create')));
  const user = useAtomValue(ruleUserAtom);
  const whiteLabel = useAtomValue(ruleWhiteLabelAtom);
  const navigate = useNavigate();
  // Bumped when a record action changed the record on the server: its related lists are read again.
  const [actionRuns, setActionRuns] = useState(0);
  // Values a creation starts with, handed over by the screen that opened it (the calendar's
  // empty hour gives the start and end); only writable properties of the entity are taken.
  const opened = useLocation().state as { prefill?: RecordData; returnTo?: string } | null;
  const handedOver = opened?.prefill;
  // Where the screen that opened this record asked to come back (a folder's panel); a path of this site only.
  const openedFrom =
    typeof opened?.returnTo === 'string' && opened.returnTo.startsWith('/') && !opened.returnTo.startsWith('//')
      ? opened.returnTo
      : undefined;
  const prefill = props.prefill ?? handedOver;
  const paths = entityPaths(entity);
  const { debounce, release } = useDebouncedAction();
  const [data, setData] = useState<RecordData | null>(creating ? {} : null);
  const [initial, setInitial] = useState<string>('{}');
  const loadedPk = useRef('');
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  // Bumped on each refused save: the error summary then takes the focus again.
  const [refusals, setRefusals] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusals > 0) summaryRef.current?.focus();
  }, [refusals]);
  // Hook point for widgets that fill sibling fields (the address widget sets postcode, city…):
  // RJSF widgets can only change their own value.
  const setFields = useCallback((patch: RecordData) => setData((d) => ({ ...d, ...patch })), []);
  // Text that is not yet a value (JSON being typed): the data holds the last valid value, so a save
  // now would store something else than what is on screen.
  const problems = useRef(new Map<string, string>());
  const reportProblem = useCallback((field: string, message: string | null) => {
    if (message !== null) return void problems.current.set(field, message);
    // Fixed text: the refusal it caused no longer holds (the server's errors stay until the next save).
    if (problems.current.delete(field)) setErrors((list) => list.filter((e) => e.code !== 'json' || e.path !== field));
  }, []);

  const { onDirtyChange, onDataChange } = props;
  useEffect(() => {
    onDirtyChange?.(data !== null && JSON.stringify(data) !== initial);
  }, [onDirtyChange, data, initial]);
  useEffect(() => {
    if (data) onDataChange?.(data);
  }, [onDataChange, data]);
  // The errors of this part of a bigger form, as its screen's save found them.
  const { partErrors } = props;
  useEffect(() => {
    if (partErrors) setErrors(partErrors);
  }, [partErrors]);

  // Loaded with the screen, so that the first save does not wait for it.
  useEffect(() => {
    if (meta) void recordValidatorReady(meta);
  }, [meta]);

  useEffect(() => {
    if (!meta) return;
    if (creating) {
      const defaults: RecordData = {};
      for (const [name, p] of Object.entries(meta.schema.properties))
        if (p.default !== undefined && !p.readOnly) defaults[name] = structuredClone(p.default);
      // Declared starting values that depend on who opens the form (fieldRules.initial).
      for (const [name, rules] of Object.entries(meta.fieldRules ?? {}))
        if (rules.initial !== undefined && meta.schema.properties[name] && !meta.schema.properties[name].readOnly)
          defaults[name] = evaluate(rules.initial as Rule, meta.ruleContext);
      for (const [name, value] of Object.entries(prefill ?? {}))
        if (meta.schema.properties[name] && !meta.schema.properties[name].readOnly) defaults[name] = value;
      // A custom form's meta arriving after the first keeps what was already typed.
      const again = loadedPk.current === `${meta.name}|new`;
      loadedPk.current = `${meta.name}|new`;
      setData((typed) => (again ? { ...defaults, ...(typed ?? {}) } : defaults));
      setInitial(JSON.stringify(defaults));
      return;
    }
    // The record as read already holds its custom fields: a meta with them needs no new read.
    if (loadedPk.current === `${meta.name}|${pk}`) return;
    let live = true;
    api<RecordData>(`/${meta.apiPath}/${pk}/`).then(
      (record) => {
        if (live) {
          loadedPk.current = `${meta.name}|${pk}`;
          setData(record);
          setInitial(JSON.stringify(record));
        }
      },
      (e: ApiError) => live && setLoadError(e),
    );
    return () => {
      live = false;
    };
  }, [meta, pk, creating]);

  // From the record as loaded (not as being typed: a new meta reloads the form). A new record is
  // in the caller's structure, as on the server.
  const customForms = meta?.customForms;
  const withForms = meta?.customFormScopes?.join(',') ?? '';
  const loadedScopes = useMemo(() => {
    if (!customForms || !withForms) return NO_SCOPES;
    const scopes = recordScopes(customForms, JSON.parse(initial) as RecordData, creating ? user.group : null);
    return scopes.filter((s) => withForms.split(',').includes(s));
  }, [customForms, withForms, initial, creating, user.group]);
  useEffect(() => {
    if (onScopes && meta?.customForms) onScopes(loadedScopes);
  }, [onScopes, loadedScopes, meta?.customForms]);

  const title =
    meta && data
      ? creating
        ? (meta.labels.new ?? `${t('ui.new')} ${meta.labels.singular}`)
        : labelOf(meta, data)
      : null;

  const previous = useMemo(() => (creating ? undefined : (JSON.parse(initial) as RecordData)), [creating, initial]);
  // The fields the stored record's `requirements` make mandatory are required in this form.
  const formMeta = useMemo(() => (meta ? withRequirements(meta, previous) : meta), [meta, previous]);
  const ctx: RuleContext = { user, whiteLabel, previous };
  // Per record, as the server will judge it: another structure's record opens read-only, without
  // « Supprimer » (the stored record decides, as for the server's first check).
  const readOnly = Boolean(meta && !creating && previous && !canAccess(meta, 'change', previous));
  const mayDelete = Boolean(meta && !creating && previous && canAccess(meta, 'delete', previous));
  const form = useMemo(
    () => (formMeta && data ? buildForm(formMeta, data, ctx, readOnly, props.lockedFields) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [formMeta, data, user, whiteLabel, readOnly, previous],
  );

  if (metaError || loadError)
    return (
      <div className="notice notice-error" role="alert">
        {(metaError ?? loadError)!.message}
      </div>
    );
  if (!meta || !data || !form)
    return (
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    );

  const dirty = JSON.stringify(data) !== initial;
  // A transition changed the stored record (state, set values): read it again, typed changes kept.
  const reloadAfterTransition = () => {
    void api<RecordData>(`/${meta.apiPath}/${pk}/`).then((record) => {
      const typed = JSON.parse(initial) as RecordData;
      setData((d) => {
        const kept: RecordData = { ...record };
        for (const [k, v] of Object.entries(d ?? {})) if (JSON.stringify(v) !== JSON.stringify(typed[k])) kept[k] = v;
        return kept;
      });
      setInitial(JSON.stringify(record));
    });
  };
  const listPath = props.returnTo ?? openedFrom ?? paths.list ?? '/';
  const summary = firstPerField(errors);
  const idPrefix = props.idPrefix ?? (props.preview ? 'preview' : 'field');
  const fieldLabel = (field: string) => meta.schema.properties[field]?.title ?? field;
  const formContext: FormLayoutContext & EditFormContext = {
    ...layoutContextOf(meta, errors),
    setFields,
    reportProblem,
    previous,
    record: data,
    // Only values the rights allow for this save (another structure is not a choice for an advisor).
    relationChoices: (field, values) => {
      const limit = props.relationLimits?.[field]?.values;
      const kept = limit ? values.filter((v) => limit.includes(v)) : values;
      return readOnly ? kept : allowedValues(meta, creating ? 'create' : 'change', data, field, kept);
    },
    noChoicesText: (field) => props.relationLimits?.[field]?.none,
  };
  const refuse = (list: FieldError[]) => {
    release();
    setErrors(list);
    setRefusals((n) => n + 1);
  };

  // `submitted` is the form's data as RJSF submits it: a change typed just before the press is
  // reported to us after this render, so `data` of this closure may not hold it yet.
  const save = async (submitted: RecordData = data) => {
    if (busy || readOnly) return;
    if (problems.current.size) {
      refuse([...problems.current].map(([path, message]) => ({ path, code: 'json', params: {}, message })));
      notify(t('validation.form'), 'error');
      return;
    }
    const current = submitted;
    const visible =
      current === data ? form.visible : buildForm(formMeta!, current, ctx, readOnly, props.lockedFields).visible;
    const payload = submittedData(meta, current, visible);
    // Without the validator (not loaded, network error) the server's answer gives the messages.
    const local = !(await recordValidatorReady(meta))
      ? []
      : validateRecord({
          entity: effectiveFromMeta(formMeta!),
          record: { ...current, ...payload },
          ctx,
          catalogue: { ...catalogue },
          cacheKey: `client|${meta.name}|${meta.version}|${meta.scopeKey ?? ''}`,
        });
    const filled = new Set(props.filledOnSave ?? []);
    const refused = local.filter((e) => !(e.code === 'required' && filled.has(e.path)));
    if (refused.length) {
      refuse(refused);
      notify(t('validation.form'), 'error');
      return;
    }
    if (props.preview) {
      setErrors([]);
      return props.preview.onValid();
    }
    setBusy(true);
    try {
      const saved = props.saveWith
        ? await props.saveWith(payload, creating)
        : creating
          ? await api<RecordData>(`/${meta.apiPath}/`, { method: 'POST', body: { ...payload, pk: null } })
          : await api<RecordData>(`/${meta.apiPath}/${pk}/`, { method: 'PATCH', body: payload });
      setErrors([]);
      setInitial(JSON.stringify(saved));
      clearOptionsCache();
      // An error notice from an earlier attempt would now say the opposite of what happened.
      dismissNotices('error');
      notify(creating ? doneNotice(meta, saved, 'created') : t('ui.saved'), 'success');
      props.onSaved?.(saved);
      if (props.onClose) props.onClose();
      else if (props.stayAfterSave) setData(saved);
      else navigate(listPath);
    } catch (e) {
      const err = e as ApiError;
      refuse(err.errors.length ? err.errors : [{ path: '', code: err.code, params: {}, message: err.message }]);
      for (const fe of err.errors.filter((x) => !x.path)) notify(fe.message, 'error');
      notify(err.status === 400 ? t('validation.summary') : err.message, 'error');
    } finally {
      setBusy(false);
    }
  };

  // A soft-deleted entity (slots, appointments: cancelled, never removed) says what it does instead.
  const softDelete = meta.labels.delete;
  const remove = async () => {
    const label = labelOf(meta, data);
    const action =
      softDelete?.action ?? t('ui.delete_record', { label: withArticle(meta.labels.singular, meta.labels.feminine) });
    const warning = await deleteWarningOf(meta, data);
    const question = softDelete ? softDelete.confirm.replace('{label}', label) : t('ui.confirm_delete', { label });
    if (
      !(await confirmAction(warning ? `${question} ${warning}` : question, {
        confirm: action,
        // A cancellation keeps the record (it can be restored): red only for a real delete.
        destructive: !softDelete,
        cancel: softDelete?.keep,
      }))
    )
      return;
    setBusy(true);
    try {
      await api(`/${meta.apiPath}/${pk}/`, { method: 'DELETE' });
      clearOptionsCache();
      notify(softDelete ? softDelete.done.replace('{label}', label) : doneNotice(meta, data, 'deleted'), 'success');
      navigate(listPath);
    } catch (e) {
      notify((e as ApiError).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (
      dirty &&
      !(await confirmAction(t('ui.unsaved_changes'), {
        confirm: t('ui.leave_without_saving'),
        cancel: t('ui.keep_editing'),
      }))
    )
      return;
    if (props.onClose) props.onClose();
    else navigate(listPath);
  };

  return (
    <div className="generic-edit">
      {!props.preview && !props.onClose && !props.embedded && !props.keepPageTitle && <PageTitle title={title} />}
      {meta.description && creating && !props.embedded && <p className="muted">{meta.description}</p>}
      <ErrorSummary ref={summaryRef} errors={summary} labelOf={fieldLabel} idPrefix={idPrefix} />
      {readOnly && <p className="notice notice-info">{t('ui.read_only_record')}</p>}
      {!readOnly && !props.embedded && <p className="muted small">{t('ui.required_hint')}</p>}
      <Form
        schema={form.schema}
        uiSchema={form.uiSchema}
        formData={data}
        validator={validator}
        noValidate
        noHtml5Validate
        showErrorList={false}
        extraErrors={toErrorSchema(errors)}
        widgets={widgets}
        fields={fields}
        templates={templates}
        formContext={formContext}
        translateString={translateString}
        readonly={readOnly}
        idPrefix={idPrefix}
        experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' }, constAsDefaults: 'never' }}
        onChange={(e) => setData(e.formData as RecordData)}
        onSubmit={(e) => debounce(() => void save(e.formData as RecordData))}
      >
        {props.aside?.(data)}
        {!props.embedded && (
          <div className="form-actions">
            {!readOnly && (
              <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
                {props.preview?.submitLabel ?? (busy ? t('ui.saving') : t('ui.save'))}
              </button>
            )}
            {!props.preview && (
              <button type="button" className="button" onClick={() => debounce(() => void cancel())}>
                {readOnly ? t('ui.back_to_list') : t('ui.cancel')}
              </button>
            )}
            {/* The saved record: an action works on what the server has, not on unsaved changes. */}
            {!creating && !props.preview && previous && (
              <RecordActions
                meta={meta}
                record={previous}
                onDone={() => {
                  reloadAfterTransition();
                  setActionRuns((n) => n + 1);
                }}
              />
            )}
            {mayDelete && (
              <button
                type="button"
                className="button button-danger push-right"
                disabled={busy}
                onClick={() => debounce(() => void remove())}
              >
                {softDelete?.action ?? t('ui.delete')}
              </button>
            )}
          </div>
        )}
      </Form>
      {!creating && !props.preview && !props.embedded && previous && meta.workflow && (
        <WorkflowPanel meta={meta} record={previous} onChanged={reloadAfterTransition} />
      )}
      {!creating && !props.embedded && <RelatedLists meta={meta} record={data} />}
      {!creating && !props.preview && !props.embedded && previous && (
        <RelatedPanels key={actionRuns} meta={meta} record={previous} createForm={GenericEdit} />
      )}
    </div>
  );
}
