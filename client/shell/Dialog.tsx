import { useEffect, useRef, type ReactNode } from 'react';
import { t } from '../lib/messages';

const FIELD =
  'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [contenteditable=true]';

/**
 * A dialog opens on its first field, not on « × » (the browser's choice, the first focusable
 * element): the form inside may arrive a render later (its meta is fetched), so the body is
 * watched until a field shows, unless the user has moved the focus meanwhile.
 */
function focusFirstField(d: HTMLDialogElement): () => void {
  const body = d.querySelector('.dialog-body');
  if (!body) return () => undefined;
  const opening = document.activeElement;
  const tryFocus = (): boolean => {
    if (document.activeElement !== opening && document.activeElement !== d && !isClose(document.activeElement))
      return true;
    const field = body.querySelector<HTMLElement>(FIELD);
    if (!field) return false;
    field.focus();
    return true;
  };
  if (tryFocus()) return () => undefined;
  const watch = new MutationObserver(() => {
    if (tryFocus()) watch.disconnect();
  });
  watch.observe(body, { childList: true, subtree: true });
  return () => watch.disconnect();
}

function isClose(el: Element | null): boolean {
  return el instanceof HTMLElement && el.classList.contains('dialog-close');
}

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
    if (!d) return undefined;
    if (props.open && !d.open) {
      d.showModal();
      return focusFirstField(d);
    }
    if (!props.open && d.open) d.close();
    return undefined;
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
        <button type="button" className="icon-button dialog-close" aria-label={t('ui.close')} onClick={props.onClose}>
          ×
        </button>
      </div>
      <div className="dialog-body">{props.children}</div>
      {props.actions && <div className="dialog-actions">{props.actions}</div>}
    </dialog>
  );
}
