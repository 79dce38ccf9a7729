import { atom, useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { store } from '../state/store';
import { t } from '../lib/messages';

interface Pending { text: string; resolve: (ok: boolean) => void }

const pendingAtom = atom<Pending | null>(null);

/**
 * The confirmation dialog of spec 01 §9: "Attention !", the action, "Souhaitez-vous
 * poursuivre ?", Oui / Non, with Non focused so that Enter does not confirm by accident.
 */
export function confirmAction(text: string): Promise<boolean> {
  return new Promise((resolve) => store.set(pendingAtom, { text, resolve }));
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
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="confirm-title" onCancel={(e) => { e.preventDefault(); answer(false); }}>
      <h2 id="confirm-title">{t('ui.confirm_title')}</h2>
      <p>{pending?.text}</p>
      <p>{t('ui.confirm_question')}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-danger" onClick={() => answer(true)}>{t('ui.yes')}</button>
        <button type="button" ref={noRef} className="button" onClick={() => answer(false)}>{t('ui.no')}</button>
      </div>
    </dialog>
  );
}
