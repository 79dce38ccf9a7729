import { useEffect, useState } from 'react';
import { api, ApiError } from '../api/http';
import { canAccess } from '../../engine/access/can-access';
import { useEntityMeta } from './use-entity-meta';
import { SafeHtml } from './SafeHtml';
import type { RecordData } from './types';

export interface EditableRecordTextProps {
  /** The entity holding the texts (`listepro-helper`). */
  entity: string;
  /** Its list API path, for readers the entity's meta is refused to (anonymous visitors). */
  apiPath: string;
  /** The property naming the text (`name`) and the value sought (`acces-professionnel`). */
  keyField: string;
  keyValue: string;
  /** The HTML property shown and edited (`helpText`). */
  field: string;
  labels: { edit: string; save: string; cancel: string; saved: string; field: string };
}

/**
 * A record's HTML text shown in a screen (a help text), with « Éditer le message » for who may
 * change that record by the entity's own rules (evaluated here to offer the button, and again by
 * the server on the PATCH, which also sanitises the HTML): any entity with a text keyed by a name.
 */
export function EditableRecordText(props: EditableRecordTextProps) {
  const { meta } = useEntityMeta(props.entity);
  const [record, setRecord] = useState<RecordData | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    api<RecordData[]>(`/${props.apiPath}/`, { query: { perPage: 200 } })
      .then((rows) => live && setRecord(rows.find((r) => r[props.keyField] === props.keyValue) ?? null))
      .catch(() => live && setRecord(null));
    return () => {
      live = false;
    };
  }, [props.apiPath, props.keyField, props.keyValue]);

  if (!record) return null;
  const text = typeof record[props.field] === 'string' ? (record[props.field] as string) : '';
  const mayChange = Boolean(meta?.can.change) && meta !== null && canAccess(meta, 'change', record);
  const id = `editable-${props.keyValue}`;

  const save = async () => {
    if (draft === null) return;
    setBusy(true);
    setNotice(null);
    try {
      const saved = await api<RecordData>(`/${props.apiPath}/${record.pk}/`, {
        method: 'PATCH',
        body: { [props.field]: draft },
      });
      setRecord(saved);
      setDraft(null);
      setNotice({ ok: true, text: props.labels.saved });
    } catch (e) {
      setNotice({ ok: false, text: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="editable-record-text">
      {draft === null ? (
        <>
          <SafeHtml html={text} />
          {mayChange && (
            <p>
              <button type="button" className="button" onClick={() => setDraft(text)}>
                {props.labels.edit}
              </button>
            </p>
          )}
        </>
      ) : (
        <div className="field">
          <label htmlFor={id}>{props.labels.field}</label>
          <textarea id={id} rows={8} value={draft} onChange={(e) => setDraft(e.target.value)} />
          <div className="form-actions">
            <button type="button" className="button button-primary" onClick={() => void save()} disabled={busy}>
              {props.labels.save}
            </button>
            <button type="button" className="button" onClick={() => setDraft(null)} disabled={busy}>
              {props.labels.cancel}
            </button>
          </div>
        </div>
      )}
      <div role="status" aria-live="polite">
        {notice && <p className={notice.ok ? 'notice notice-info' : 'notice notice-error'}>{notice.text}</p>}
      </div>
    </div>
  );
}
