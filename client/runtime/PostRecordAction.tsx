import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { api, request, type ApiError } from '../api/http';
import { ruleUserAtom } from '../state/session';
import { ruleWhiteLabelAtom } from '../state/white-label';
import { notify } from '../shell/notifications';
import type { RecordActionProps } from './types';
import { mayShowAction } from './may-show-action';

const fill = (template: string, pk: string) => template.replace(/\{pk\}/g, encodeURIComponent(pk));

/**
 * Generic record action `post` (x-entity.screens.actions with `post`): a button that POSTs to the
 * declared API path with the declared body (`{pk}`: the record's key), shown when `visibleIf`
 * holds for the record and the user and, with `unlessFound`, while the user sees no matching
 * record (an interest already declared). Busy meanwhile; its French `done` notice, or the server's
 * refusal, as a notice; then `onDone` makes the screen read the record and its lists again. The
 * server judges the call: the rule only spares a button that would be refused.
 */
export default function PostRecordAction({ record, label, declaration, onDone }: RecordActionProps) {
  const user = useAtomValue(ruleUserAtom);
  const whiteLabel = useAtomValue(ruleWhiteLabelAtom);
  const pk = String(record.pk);
  const unless = declaration?.unlessFound;
  const [found, setFound] = useState<boolean | null>(unless ? null : false);
  const [busy, setBusy] = useState(false);
  const [runs, setRuns] = useState(0);
  useEffect(() => {
    if (!unless) return;
    let live = true;
    const query: Record<string, string | number> = { page: 1, perPage: 1 };
    for (const [k, v] of Object.entries(unless.filters)) query[k] = v.replace(/\{pk\}/g, pk);
    request<unknown[]>(`/${unless.path}/`, { query }).then(
      (res) => live && setFound(res.data.length > 0),
      () => live && setFound(false),
    );
    return () => {
      live = false;
    };
  }, [unless?.path, JSON.stringify(unless?.filters), pk, runs]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!declaration?.post || found !== false) return null;
  if (!mayShowAction(declaration, record, { user, whiteLabel })) return null;

  async function run() {
    setBusy(true);
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(declaration!.body ?? {}))
      body[k] = v === '{pk}' ? record.pk : v.replace(/\{pk\}/g, pk);
    try {
      await api(`/${fill(declaration!.post!, pk)}`, { method: 'POST', body });
      notify(declaration!.done ?? `${label} : fait.`, 'success');
      setRuns((n) => n + 1);
      onDone?.();
    } catch (e) {
      const err = e as ApiError;
      const fields = (err.errors ?? []).map((x) => x.message).filter(Boolean);
      notify(fields.length ? fields.join(' ') : err.message, 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button button-primary" disabled={busy} aria-busy={busy} onClick={() => run()}>
      {label}
    </button>
  );
}
