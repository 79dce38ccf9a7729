import { atom, useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { store } from '../state/store';
import { t } from '../lib/messages';

export interface Toast {
  id: number;
  kind: 'success' | 'error' | 'info';
  text: string;
}

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

/** The last open modal dialog, if any: it and its descendants alone are above the backdrop. */
export function topModal(doc: Document = document): HTMLDialogElement | null {
  const open = [...doc.querySelectorAll<HTMLDialogElement>('dialog[open]')].filter((d) => {
    try {
      return d.matches(':modal');
    } catch {
      return true;
    }
  });
  return open[open.length - 1] ?? null;
}

/** Follows modal dialogs opening and closing anywhere in the page. */
function useTopModal(): HTMLDialogElement | null {
  const [modal, setModal] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    const update = () => setModal(topModal());
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    update();
    return () => observer.disconnect();
  }, []);
  return modal;
}

/**
 * The notification area. While a modal dialog is open, everything outside it sits under its
 * backdrop and is inert, so the area moves into the dialog (spec 01 §9: "Notification area
 * appears at the bottom right of modal dialogs"), still fixed at the bottom right of the screen.
 */
export function Toasts() {
  const [toasts, setToasts] = useAtom(toastsAtom);
  const modal = useTopModal();
  const area = (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : undefined}>
          <span>{toast.text}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('ui.close')}
            onClick={() => setToasts((l) => l.filter((x) => x.id !== toast.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
  return createPortal(area, modal ?? document.body);
}
