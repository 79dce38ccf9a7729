import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { api, ApiError } from '../api/http';
import { t } from '../lib/messages';
import { formatDateTime } from '../lib/format';
import { notify } from '../shell/notifications';
import { DisplayValue } from './display-value';
import { useRelationLabels } from './use-relation-labels';
import { WorkflowMailDialog, type WorkflowMail } from './WorkflowMailDialog';
import type { EntityMeta, RecordData } from './types';

/** GET /api/v1/workflow/:entity/:pk/ (server/modules/workflow/workflow-service.ts, workflowView). */
export interface WorkflowView {
  workflow: { name: string; title: string };
  state: string;
  stateLabel: string;
  needsUpdate: boolean;
  transitions: { name: string; label: string; toState: string; toLabel: string; mail: { editable: boolean } | null }[];
  history: {
    date: string;
    transition: string;
    transitionLabel: string;
    fromLabel: string;
    toLabel: string;
    actorName: string;
  }[];
  publication: {
    published: RecordData | null;
    differences: string[];
    fields: { name: string; title: string }[];
  } | null;
}

type Transition = WorkflowView['transitions'][number];

/**
 * The workflow of a record, on the record page of every entity that has a workflow file: its state,
 * the transitions this caller may run (the server offers only those), the draft compared with the
 * published copy, the history. A transition with a mail opens the mail dialog first.
 */
export function WorkflowPanel(props: { meta: EntityMeta; record: RecordData; onChanged: () => void }) {
  const { meta, record, onChanged } = props;
  const pk = record.pk as number;
  const headingId = useId();
  const [view, setView] = useState<WorkflowView | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [mailFor, setMailFor] = useState<{ transition: Transition; mail: WorkflowMail } | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  const load = useCallback(async () => {
    try {
      setView(await api<WorkflowView>(`/workflow/${meta.name}/${pk}/`));
    } catch (e) {
      setError((e as ApiError).message);
    }
  }, [meta.name, pk]);
  // Reloaded when the record changes (a save may change what the guards allow).
  const stamp = String(record.updatedAt ?? '');
  useEffect(() => {
    void load();
  }, [load, stamp]);

  const run = async (transition: Transition, body: Record<string, unknown>) => {
    setBusy(true);
    setError('');
    try {
      const next = await api<WorkflowView>(`/workflow/${meta.name}/${pk}/transitions/${transition.name}/`, {
        method: 'POST',
        body,
      });
      setView(next);
      setMailFor(null);
      notify(t('ui.workflow.done', { label: transition.label, state: next.stateLabel }), 'success');
      onChanged();
      return true;
    } catch (e) {
      setError((e as ApiError).message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const start = async (transition: Transition, button: HTMLButtonElement) => {
    opener.current = button;
    setError('');
    if (!transition.mail) return void run(transition, {});
    setBusy(true);
    try {
      const answer = await api<{ mail: WorkflowMail | null }>(
        `/workflow/${meta.name}/${pk}/transitions/${transition.name}/mail/`,
      );
      if (answer.mail) setMailFor({ transition, mail: answer.mail });
      else await run(transition, {});
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  const closeDialog = () => {
    setMailFor(null);
    // Focus goes back to the button that opened the dialog.
    requestAnimationFrame(() => opener.current?.focus());
  };

  if (!view)
    return error ? (
      <p className="notice notice-error" role="alert">
        {error}
      </p>
    ) : null;

  return (
    <section className="workflow-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{view.workflow.title}</h2>
      <p className="workflow-state-line">
        {t('ui.workflow.state')} : <strong className="workflow-state">{view.stateLabel}</strong>
        {view.needsUpdate && <span className="badge badge-warning">{t('ui.workflow.needs_update')}</span>}
      </p>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <div className="workflow-actions" role="group" aria-label={t('ui.workflow.actions')}>
        {view.transitions.length === 0 && <p className="muted">{t('ui.workflow.no_action')}</p>}
        {view.transitions.map((tr) => (
          <button
            key={tr.name}
            type="button"
            className="button"
            disabled={busy}
            aria-busy={busy}
            onClick={(e) => void start(tr, e.currentTarget)}
          >
            {tr.label}
          </button>
        ))}
      </div>
      {view.publication && <Differences meta={meta} record={record} publication={view.publication} />}
      <History history={view.history} />
      {mailFor && (
        <WorkflowMailDialog
          label={mailFor.transition.label}
          mail={mailFor.mail}
          busy={busy}
          error={error}
          onClose={closeDialog}
          onSend={(subject, content) =>
            void run(mailFor.transition, { mailSubject: subject, mailContent: content }).then(
              (ok) => ok && closeDialog(),
            )
          }
          onSkipMail={() => void run(mailFor.transition, { noMail: true }).then((ok) => ok && closeDialog())}
        />
      )}
    </section>
  );
}

function Differences(props: {
  meta: EntityMeta;
  record: RecordData;
  publication: NonNullable<WorkflowView['publication']>;
}) {
  const { meta, record, publication } = props;
  const names = publication.fields.map((f) => f.name).filter((f) => meta.schema.properties[f]);
  const published = publication.published;
  const labels = useRelationLabels(published ? [record, published] : [record], meta.schema.properties, names);
  const changed = new Set(publication.differences);
  return (
    <div className="workflow-differences">
      <h3>{t('ui.workflow.differences')}</h3>
      <p className="muted">
        {!published
          ? t('ui.workflow.never_published')
          : changed.size === 0
            ? t('ui.workflow.no_difference')
            : t('ui.workflow.differences_count', { count: changed.size })}
      </p>
      <div className="table-scroll">
        <table className="data-table workflow-compare">
          <thead>
            <tr>
              <th scope="col">{t('ui.workflow.field')}</th>
              <th scope="col">{t('ui.workflow.draft')}</th>
              <th scope="col">{t('ui.workflow.published')}</th>
            </tr>
          </thead>
          <tbody>
            {names.map((name) => {
              const prop = meta.schema.properties[name];
              const differs = Boolean(published) && changed.has(name);
              // Relation labels are keyed by the target entity (use-relation-labels), not by the field.
              const related = labels.get(prop['x-relation']?.entity ?? '');
              return (
                <tr key={name} className={differs ? 'workflow-changed' : undefined}>
                  <th scope="row">
                    {prop.title ?? name}
                    {differs && <span className="workflow-changed-mark"> ({t('ui.workflow.changed')})</span>}
                  </th>
                  <td>
                    <Value prop={prop} value={record[name]} labels={related} />
                  </td>
                  <td>{published ? <Value prop={prop} value={published[name]} labels={related} /> : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Value(props: {
  prop: EntityMeta['schema']['properties'][string];
  value: unknown;
  labels?: Map<number, string>;
}) {
  const { value } = props;
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return <span className="muted">{t('ui.workflow.empty')}</span>;
  return <DisplayValue prop={props.prop} value={value} labels={props.labels} links={false} />;
}

function History({ history }: { history: WorkflowView['history'] }) {
  return (
    <details className="workflow-history" open={history.length > 0}>
      <summary>
        {t('ui.workflow.history')} ({history.length})
      </summary>
      {history.length === 0 ? (
        <p className="muted">{t('ui.workflow.no_history')}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('ui.workflow.date')}</th>
                <th scope="col">{t('ui.workflow.action')}</th>
                <th scope="col">{t('ui.workflow.from')}</th>
                <th scope="col">{t('ui.workflow.to')}</th>
                <th scope="col">{t('ui.workflow.actor')}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h, i) => (
                <tr key={i}>
                  <td data-label={t('ui.workflow.date')}>{formatDateTime(h.date)}</td>
                  <td data-label={t('ui.workflow.action')}>{h.transitionLabel}</td>
                  <td data-label={t('ui.workflow.from')}>{h.fromLabel}</td>
                  <td data-label={t('ui.workflow.to')}>{h.toLabel}</td>
                  <td data-label={t('ui.workflow.actor')}>{h.actorName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
