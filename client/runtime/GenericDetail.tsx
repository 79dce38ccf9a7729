import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api, type ApiError } from '../api/http';
import { useEntityMeta } from './use-entity-meta';
import { entityPaths, useCurrentRoute } from './entity-routes';
import { DisplayValue } from './display-value';
import { RecordActions } from './RecordActions';
import { RelatedPanels } from './RelatedPanels';
import GenericEdit from './GenericEdit';
import { useRelationLabels } from './use-relation-labels';
import { usePageTitle } from '../shell/page-title';
import type { RecordData } from './types';
import { t } from '../lib/messages';
import { canAccess } from '../../engine/access/can-access';
import { holds } from '../../engine/logic/logic';
import { ruleUserAtom } from '../state/session';
import { ruleWhiteLabelAtom } from '../state/white-label';
import { isFileRef } from '../../engine/files/file-ref';
import { SafeHtml } from './SafeHtml';
import { FileImage } from './files/FileImage';
import { filePaths } from './files/file-transfer';
import { recordName, recordNameOrNumber } from './record-name';

/** A record read-only, in the sections of its form. */
export default function GenericDetail() {
  const route = useCurrentRoute();
  const entity = 'entity' in route.screen ? route.screen.entity : '';
  const { pk } = useParams();
  const { meta, error: metaError } = useEntityMeta(entity);
  const [record, setRecord] = useState<RecordData | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const paths = entityPaths(entity);
  // Bumped when a record action changed the record on the server: read it and its lists again.
  const [actionRuns, setActionRuns] = useState(0);
  useEffect(() => {
    if (!meta?.apiPath) return;
    api<RecordData>(`/${meta.apiPath}/${pk}/`).then(setRecord, setError);
  }, [meta, pk, actionRuns]);
  const user = useAtomValue(ruleUserAtom);
  const whiteLabel = useAtomValue(ruleWhiteLabelAtom);
  const fields = meta ? meta.form.layout.sections.flatMap((s) => s.fields) : [];
  const labels = useRelationLabels(record ? [record] : [], meta?.schema.properties, fields);
  usePageTitle(record && meta ? recordNameOrNumber(meta, record) : null);
  if (metaError || error)
    return (
      <div className="notice notice-error" role="alert">
        {(metaError ?? error)!.message}
      </div>
    );
  if (!meta || !record)
    return (
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    );
  return (
    <div className="generic-detail">
      {meta.form.layout.sections
        .map((s) => ({
          ...s,
          shown: s.fields
            .filter((f) => meta.schema.properties[f])
            // As on the form: a field whose `visibleIf` does not hold for this record and user is not shown.
            .filter((f) => {
              const rule = meta.fieldRules[f]?.visibleIf;
              return rule === undefined || holds(rule, { user, whiteLabel, record });
            })
            // A link to records the caller may not see (a public sheet's tags, its lead) says nothing
            // but « n° 3 »: left out rather than shown as a bare number.
            .filter((f) => !unreadableLink(meta.schema.properties[f], record[f], labels)),
        }))
        // A section left with nothing to show (every link unreadable to a visitor) is not shown empty.
        .filter((s) => s.shown.length > 0)
        .map((s) => (
          <section key={s.id} className="panel" aria-labelledby={`detail-${s.id}`}>
            <h2 id={`detail-${s.id}`}>{s.title}</h2>
            <dl className="details">
              {s.shown.map((f) => (
                <div key={f} className="detail-row">
                  <dt>{meta.schema.properties[f].title}</dt>
                  <dd>
                    {/* Rich text reads as formatted text and images show, on a page meant to be read. */}
                    {meta.schema.properties[f].format === 'html' && typeof record[f] === 'string' && record[f] ? (
                      <SafeHtml className="rich-text" html={record[f]} />
                    ) : meta.schema.properties[f].format === 'html-document' &&
                      typeof record[f] === 'string' &&
                      record[f] ? (
                      // A mail as it was sent, rendered: the empty sandbox runs no script, submits no form and
                      // has no origin, so whatever the document holds stays inert.
                      <iframe
                        className="html-document"
                        sandbox=""
                        srcDoc={record[f]}
                        title={`${meta.schema.properties[f].title} : ${recordName(meta, record)}`}
                      />
                    ) : (
                      <DisplayValue
                        prop={meta.schema.properties[f]}
                        value={record[f]}
                        labels={labels.get(meta.schema.properties[f]['x-relation']?.entity ?? '')}
                        file={{ apiPath: meta.apiPath, pk: record.pk, property: f }}
                      />
                    )}
                    {isImage(record[f]) && meta.apiPath && typeof record.pk === 'number' && (
                      <FileImage
                        path={filePaths(meta.apiPath, f, record.pk).download!}
                        alt={`${meta.schema.properties[f].title} : ${recordName(meta, record)}`}
                      />
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      <div className="form-actions">
        {paths.list && (
          <Link className="button" to={paths.list}>
            {t('ui.back_to_list')}
          </Link>
        )}
        {canAccess(meta, 'change', record) && paths.edit(pk!) && (
          <Link className="button button-primary" to={paths.edit(pk!)!}>
            {t('ui.edit')}
          </Link>
        )}
        <RecordActions meta={meta} record={record} onDone={() => setActionRuns((n) => n + 1)} />
      </div>
      {/* A read-only record's own lists (a feedback file's lines), as under a form. */}
      <RelatedPanels key={actionRuns} meta={meta} record={record} createForm={GenericEdit} />
    </div>
  );
}

function isImage(value: unknown): boolean {
  return isFileRef(value) && value.contentType.startsWith('image/');
}

function unreadableLink(
  prop: { 'x-relation'?: { entity: string } },
  value: unknown,
  labels: Map<string, Map<number, string>>,
): boolean {
  const entity = prop['x-relation']?.entity;
  if (!entity) return false;
  const ids = (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number');
  const known = labels.get(entity);
  return ids.length > 0 && !ids.some((id) => known?.has(id));
}
