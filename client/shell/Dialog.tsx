import { useEffect, useRef, type ReactNode } from 'react';
import { t } from '../lib/messages';

/** The generic dialog: a modal <dialog> (focus kept inside, Escape closes) with a title. */
export function Dialog(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      className={`dialog${props.wide ? ' dialog-wide' : ''}`}
      aria-label={props.title}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
    >
      <div className="dialog-header">
        <h2>{props.title}</h2>
        <button type="button" className="icon-button" aria-label={t('ui.close')} onClick={props.onClose}>
          ×
        </button>
      </div>
      <div className="dialog-body">{props.children}</div>
      {props.actions && <div className="dialog-actions">{props.actions}</div>}
    </dialog>
  );
}
