import { useState } from 'react';
import { Link } from 'react-router-dom';
import { request, ApiError } from '../api/http';
import type { EntityMeta } from './types';

type ListAction = NonNullable<EntityMeta['listActions']>[number];

// A full recompute walks every record: far longer than an ordinary call may take.
const ACTION_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * The declared buttons above a list (x-entity.screens.listActions): each POSTs to its endpoint,
 * stays busy (disabled, `aria-busy`, its busy label) until the answer, then says the answer's
 * French `message` — or the error's — in a live region, and the list reloads.
 */
export function ListActions({ meta, onDone }: { meta: EntityMeta; onDone: () => void }) {
  const [running, setRunning] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const actions = meta.listActions ?? [];
  if (!actions.length || !meta.apiPath) return null;

  async function run(action: ListAction) {
    if (!action.post) return;
    setRunning(action.post);
    setResult(null);
    try {
      const res = await request<{ message?: string }>(`/${meta.apiPath}/${action.post}`, {
        method: 'POST',
        body: {},
        timeoutMs: ACTION_TIMEOUT_MS,
      });
      setResult({ ok: true, text: res.data?.message ?? `${action.label} : terminé.` });
      onDone();
    } catch (e) {
      setResult({ ok: false, text: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setRunning(null);
    }
  }

  return (
    <div className="list-actions">
      {actions.map((a) =>
        a.to ? (
          // A link to another screen (« Ajouter un professionnel » → the account form).
          <p key={a.to} className="list-action">
            <Link className="button button-primary" to={a.to}>
              {a.label}
            </Link>
            {a.help && <span className="list-action-help">{a.help}</span>}
          </p>
        ) : (
          <p key={a.post} className="list-action">
            <button
              type="button"
              className="button"
              disabled={running !== null}
              aria-busy={running === a.post}
              onClick={() => void run(a)}
            >
              {running === a.post ? (a.busyLabel ?? a.label) : a.label}
            </button>
            {a.help && <span className="list-action-help">{a.help}</span>}
          </p>
        ),
      )}
      <div role="status" aria-live="polite">
        {running && <span className="muted">{actions.find((a) => a.post === running)?.busyLabel}</span>}
        {result && <p className={result.ok ? 'notice notice-info' : 'notice notice-error'}>{result.text}</p>}
      </div>
    </div>
  );
}
