import { atom, useAtom } from 'jotai';
import { store } from '../state/store';
import { t } from '../lib/messages';

export interface Toast { id: number; kind: 'success' | 'error' | 'info'; text: string }

export const toastsAtom = atom<Toast[]>([]);
let next = 1;

/**
 * Shows a message at the bottom right for a few seconds (errors stay longer). A new notice
 * replaces the one of the same kind still shown: a stack of « Le formulaire comporte des
 * erreurs » from repeated attempts says nothing more than the last one.
 */
export function notify(text: string, kind: Toast['kind'] = 'info'): void {
  const id = next++;
  store.set(toastsAtom, (list) => [...list.filter((x) => x.kind !== kind), { id, kind, text }]);
  setTimeout(() => store.set(toastsAtom, (list) => list.filter((x) => x.id !== id)), kind === 'error' ? 9000 : 4500);
}

/** Removes the notices of a kind still shown (an error that a later success has made stale). */
export function dismissNotices(kind: Toast['kind']): void {
  store.set(toastsAtom, (list) => list.filter((x) => x.kind !== kind));
}

export function Toasts() {
  const [toasts, setToasts] = useAtom(toastsAtom);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : undefined}>
          <span>{toast.text}</span>
          <button type="button" className="icon-button" aria-label={t('ui.close')} onClick={() => setToasts((l) => l.filter((x) => x.id !== toast.id))}>×</button>
        </div>
      ))}
    </div>
  );
}
