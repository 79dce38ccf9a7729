import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate, useParams } from 'react-router-dom';
import Form from '@rjsf/core';
import { validator } from './rjsf-validator';
import type { ErrorSchema } from '@rjsf/utils';
import { api, ApiError } from '../api/http';
import { useEntityMeta } from './use-entity-meta';
import { entityPaths, useCurrentRoute } from './entity-routes';
import { buildForm, submittedData, type RuleContext } from './build-form';
import { templates, type FormLayoutContext } from './templates';
import { widgets } from './widgets/registry';
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
import { ErrorSummary } from './ErrorSummary';
import { withArticle } from './french';
import { allowedValues, canAccess } from '../../engine/access/can-access';

/** Buttons ignore a second press within 300 ms (spec 01 §5). */
function useDebouncedAction(): (fn: () => void) => void {
  const last = useRef(0);
  return (fn) => {
    const now = Date.now();
    if (now - last.current < 300) return;
    last.current = now;
    fn();
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
}

function labelOf(meta: EntityMeta, data: RecordData): string {
  const v = data[meta.display];
  return typeof v === 'string' && v ? v : capitalise(meta.labels.singular);
}

export interface GenericEditProps {
  /** Entity and record when the screen is not opened by its own route (e.g. « Ma structure »). */
  entity?: string;
  pk?: number | string;
  /** Where to go after saving or cancelling (default: the entity's list). */
  returnTo?: string;
  /** Stay on the form after saving (single-record screens such as « Ma structure »). */
  stayAfterSave?: boolean;
  /** This effective meta instead of the server's for the session (the form editor's preview of an overlay). */
  meta?: EntityMeta;
  /** Preview: a new record checked in the browser only, never saved; a valid one calls onValid. */
  preview?: { submitLabel: string; onValid: () => void };
}

/** The generic create / edit screen: RJSF with French templates, server rules and errors. */
export default function GenericEdit(props: GenericEditProps = {}) {
  return props.meta ? <EditScreen {...props} meta={props.meta} metaError={null} /> : <FetchedEdit {...props} />;
}

/** The screen with the entity's effective meta for this white label and user. */
function FetchedEdit(props: GenericEditProps) {
  const route = useCurrentRoute();
  const { meta, error } = useEntityMeta(props.entity ?? ('entity' in route.screen ? route.screen.entity : ''));
  return <EditScreen {...props} meta={meta} metaError={error} />;
}

function PageTitle({ title }: { title: string | null }) {
  usePageTitle(title);
  return null;
}

function EditScreen({
  meta,
  metaError,
  ...props
}: Omit<GenericEditProps, 'meta'> & { meta: EntityMeta | null; metaError: ApiError | null }) {
  const route = useCurrentRoute();
  const entity = props.entity ?? meta?.name ?? ('entity' in route.screen ? route.screen.entity : '');
  const params = useParams();
  const pk = props.pk !== undefined ? String(props.pk) : (params.pk ?? params.id);
  const creating =
    Boolean(props.preview) || (props.pk === undefined && 'kind' in route.screen && route.screen.kind === 'create');
  const user = useAtomValue(ruleUserAtom);
  const whiteLabel = useAtomValue(ruleWhiteLabelAtom);
  const navigate = useNavigate();
  const paths = entityPaths(entity);
  const debounce = useDebouncedAction();
  const [data, setData] = useState<RecordData | null>(creating ? {} : null);
  const [initial, setInitial] = useState<string>('{}');
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
      setData(defaults);
      setInitial(JSON.stringify(defaults));
      return;
    }
    let live = true;
    api<RecordData>(`/${meta.apiPath}/${pk}/`).then(
      (record) => {
        if (live) {
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

  const title =
    meta && data
      ? creating
        ? (meta.labels.new ?? `${t('ui.new')} ${meta.labels.singular}`)
        : labelOf(meta, data)
      : null;

  const previous = useMemo(() => (creating ? undefined : (JSON.parse(initial) as RecordData)), [creating, initial]);
  const ctx: RuleContext = { user, whiteLabel, previous };
  // Per record, as the server will judge it: another structure's record opens read-only, without
  // « Supprimer » (the stored record decides, as for the server's first check).
  const readOnly = Boolean(meta && !creating && previous && !canAccess(meta, 'change', previous));
  const mayDelete = Boolean(meta && !creating && previous && canAccess(meta, 'delete', previous));
  const form = useMemo(
    () => (meta && data ? buildForm(meta, data, ctx, readOnly) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [meta, data, user, whiteLabel, readOnly, previous],
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
  const listPath = props.returnTo ?? paths.list ?? '/';
  const summary = firstPerField(errors);
  const idPrefix = props.preview ? 'preview' : 'field';
  const fieldLabel = (field: string) => meta.schema.properties[field]?.title ?? field;
  const formContext: FormLayoutContext & EditFormContext = {
    ...layoutContextOf(meta, errors),
    setFields,
    // Only values the rights allow for this save (another structure is not a choice for an advisor).
    relationChoices: (field, values) =>
      readOnly ? values : allowedValues(meta, creating ? 'create' : 'change', data, field, values),
  };
  const refuse = (list: FieldError[]) => {
    setErrors(list);
    setRefusals((n) => n + 1);
  };

  const save = async () => {
    if (busy || readOnly) return;
    const payload = submittedData(meta, data, form.visible);
    // Without the validator (not loaded, network error) the server's answer gives the messages.
    const local = !(await recordValidatorReady(meta))
      ? []
      : validateRecord({
          entity: effectiveFromMeta(meta),
          record: { ...data, ...payload },
          ctx,
          catalogue: { ...catalogue },
          cacheKey: `client|${meta.name}|${meta.version}`,
        });
    if (local.length) {
      refuse(local);
      notify(t('validation.form'), 'error');
      return;
    }
    if (props.preview) {
      setErrors([]);
      return props.preview.onValid();
    }
    setBusy(true);
    try {
      const saved = creating
        ? await api<RecordData>(`/${meta.apiPath}/`, { method: 'POST', body: { ...payload, pk: null } })
        : await api<RecordData>(`/${meta.apiPath}/${pk}/`, { method: 'PATCH', body: payload });
      setErrors([]);
      setInitial(JSON.stringify(saved));
      clearOptionsCache();
      // An error notice from an earlier attempt would now say the opposite of what happened.
      dismissNotices('error');
      notify(
        creating
          ? t(meta.labels.feminine ? 'ui.created_feminine' : 'ui.created', { label: labelOf(meta, saved) })
          : t('ui.saved'),
        'success',
      );
      if (props.stayAfterSave) setData(saved);
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

  const remove = async () => {
    const action = t('ui.delete_record', { label: withArticle(meta.labels.singular, meta.labels.feminine) });
    if (
      !(await confirmAction(t('ui.confirm_delete', { label: labelOf(meta, data) }), {
        confirm: action,
        destructive: true,
      }))
    )
      return;
    setBusy(true);
    try {
      await api(`/${meta.apiPath}/${pk}/`, { method: 'DELETE' });
      clearOptionsCache();
      notify(t(meta.labels.feminine ? 'ui.deleted_feminine' : 'ui.deleted', { label: labelOf(meta, data) }), 'success');
      navigate(listPath);
    } catch (e) {
      notify((e as ApiError).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (dirty && !(await confirmAction(t('ui.unsaved_changes'), { confirm: t('ui.leave_without_saving') }))) return;
    navigate(listPath);
  };

  return (
    <div className="generic-edit">
      {!props.preview && <PageTitle title={title} />}
      {meta.description && creating && <p className="muted">{meta.description}</p>}
      <ErrorSummary ref={summaryRef} errors={summary} labelOf={fieldLabel} idPrefix={idPrefix} />
      {readOnly && <p className="notice notice-info">{t('ui.read_only_record')}</p>}
      {!readOnly && <p className="muted small">{t('ui.required_hint')}</p>}
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
        templates={templates}
        formContext={formContext}
        translateString={translateString}
        readonly={readOnly}
        idPrefix={idPrefix}
        experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' }, constAsDefaults: 'never' }}
        onChange={(e) => setData(e.formData as RecordData)}
        onSubmit={() => debounce(() => void save())}
      >
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
          {mayDelete && (
            <button
              type="button"
              className="button button-danger push-right"
              disabled={busy}
              onClick={() => debounce(() => void remove())}
            >
              {t('ui.delete')}
            </button>
          )}
        </div>
      </Form>
      {!creating && <RelatedLists meta={meta} record={data} />}
    </div>
  );
}
