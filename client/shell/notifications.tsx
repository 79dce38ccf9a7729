import { atom, useAtom } from 'jotai';
import { store } from '../state/store';
import { t } from '../lib/messages';

export interface Toast { id: number; kind: 'success' | 'error' | 'info'; text: string }

export const toastsAtom = atom<Toast[]>([]);
let next = 1;

/** Shows a message at the bottom right for a few seconds (errors stay longer). */
export function notify(text: string, kind: Toast['kind'] = 'info'): void {
  const id = next++;
  store.set(toastsAtom, (list) => [...list, { id, kind, text }]);
  setTimeout(() => store.set(toastsAtom, (list) => list.filter((x) => x.id !== id)), kind === 'error' ? 9000 : 4500);
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
