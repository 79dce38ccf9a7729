import { useEffect, useId, useRef, useState } from 'react';
import type { ApiError } from '../api/http';
import { downloadFile } from '../api/file-transfer';
import { t } from '../lib/messages';
import { notify } from '../shell/notifications';
import type { EntityMeta } from './types';

/**
 * « Exporter »: the list as it is narrowed now (search, filters, sort — never the page), as a CSV
 * or Excel file. A disclosure button opening a short list of formats (Tab / Shift+Tab move
 * between them, Échap closes and gives the focus back); while the server prepares the file the
 * button is busy and a progress indicator is announced.
 */
export function ExportMenu({ meta, query }: { meta: EntityMeta; query: Record<string, string> }) {
  const formats = meta.list.export?.formats ?? [];
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);

  if (!meta.apiPath || formats.length === 0) return null;

  const run = async (format: 'csv' | 'xlsx') => {
    setOpen(false);
    setBusy(true);
    setError(null);
    try {
      const name = await downloadFile(
        `/${meta.apiPath}/`,
        { ...query, format },
        `${meta.list.export!.fileName}.${format}`,
      );
      notify(t('ui.export.done', { file: name }), 'success');
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
      button.current?.focus();
    }
  };

  return (
    <div
      className="export-menu"
      ref={box}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-busy={busy}
        disabled={busy}
        onClick={() => setOpen((o) => !o)}
      >
        {busy ? t('ui.export.preparing') : t('ui.export.button')} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id={menuId} className="export-menu-list" aria-label={t('ui.export.menu')}>
          {formats.map((f, i) => (
            <li key={f}>
              <button type="button" className="export-menu-item" autoFocus={i === 0} onClick={() => void run(f)}>
                {t(`ui.export.${f}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {busy && (
        <div className="export-progress" role="status">
          <progress aria-label={t('ui.export.preparing')} />
          <span className="visually-hidden">{t('ui.export.preparing')}</span>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
