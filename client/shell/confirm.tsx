import { atom, useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { store } from '../state/store';
import { t } from '../lib/messages';

export interface ConfirmOptions {
  /** The confirming button names the action (« Supprimer le lieu », « Restaurer cette version »). */
  confirm: string;
  /** Red confirming button: only for what cannot be undone (deleting, replacing, losing data). */
  destructive?: boolean;
  /** The other button (default « Annuler »). */
  cancel?: string;
}

interface Pending {
  text: string;
  options?: ConfirmOptions;
  resolve: (ok: boolean) => void;
}

const pendingAtom = atom<Pending | null>(null);

/**
 * The confirmation dialog of spec 01 §9: "Attention !", the action, "Souhaitez-vous
 * poursuivre ?", then the buttons, the one that does not act focused so that Enter does not
 * confirm by accident. With options, the buttons name the action and « Annuler » (DSFR / RGAA
 * practice: a button says what it does); without, Oui / Non.
 */
export function confirmAction(text: string, options?: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => store.set(pendingAtom, { text, options, resolve }));
}

export function ConfirmDialog() {
  const [pending, setPending] = useAtom(pendingAtom);
  const ref = useRef<HTMLDialogElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (pending && !d.open) {
      d.showModal();
      noRef.current?.focus();
    } else if (!pending && d.open) d.close();
  }, [pending]);
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  const options = pending?.options;
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onCancel={(e) => {
        e.preventDefault();
        answer(false);
      }}
    >
      <h2 id="confirm-title">{t('ui.confirm_title')}</h2>
      <div id="confirm-text">
        <p>{pending?.text}</p>
        <p>{t('ui.confirm_question')}</p>
      </div>
      <div className="dialog-actions">
        <button
          type="button"
          className={`button ${options?.destructive ? 'button-danger' : 'button-primary'}`}
          onClick={() => answer(true)}
        >
          {options?.confirm ?? t('ui.yes')}
        </button>
        <button type="button" ref={noRef} className="button" onClick={() => answer(false)}>
          {options ? (options.cancel ?? t('ui.cancel')) : t('ui.no')}
        </button>
      </div>
    </dialog>
  );
}
