import { useRef, useState } from 'react';
import type { ApiError } from '../../api/http';
import type { FieldError } from '../../../engine/validation/field-error';
import { Dialog } from '../../shell/Dialog';
import { confirmAction } from '../../shell/confirm';
import { notify } from '../../shell/notifications';
import { exportConfiguration, importConfiguration, refreshIfCurrent, type ImportResult } from './api';
import { wt } from './i18n';

/** File name of a download, from Content-Disposition (spec 01 §7), else a default. */
function fileNameOf(headers: Headers, fallback: string): string {
  const m = /filename="?([^";]+)"?/i.exec(headers.get('content-disposition') ?? '');
  return m?.[1] ?? fallback;
}

function download(name: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type Phase = 'idle' | 'exporting' | 'reading' | 'importing';

/**
 * "whiteLabel.matomoSiteId" → "Statistiques de visite : identifiant du site : "; overlay errors name their target
 * already.
 */
function where(path: string, titles: Record<string, string>): string {
  const field = /^whiteLabel\.([A-Za-z0-9]+)/.exec(path)?.[1];
  return field ? `${titles[field] ?? field} : ` : '';
}

/**
 * « Exporter / Importer »: the whole configuration of a white label (settings and every
 * customisation) as one JSON file, and the reverse. The server checks the whole file first and
 * writes nothing when anything is wrong; its French messages are listed here.
 */
export function ExportImportDialog({
  open,
  pk,
  domain,
  fieldTitles,
  onClose,
  onImported,
}: {
  open: boolean;
  pk: string;
  domain: string;
  /** Titles of the white label's fields, to name the faulty ones of a file. */
  fieldTitles: Record<string, string>;
  onClose: () => void;
  onImported: (r: ImportResult) => void;
}) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [withDomain, setWithDomain] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [summary, setSummary] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState('');

  const exportFile = async () => {
    setPhase('exporting');
    setErrors([]);
    try {
      const { data, headers } = await exportConfiguration(pk);
      download(fileNameOf(headers, `marque-blanche-${domain}.json`), `${JSON.stringify(data, null, 2)}\n`);
      setSummary(wt('white-labels.transfer.exported'));
    } catch (e) {
      setErrors([{ path: '', code: 'error', params: {}, message: (e as ApiError).message }]);
    } finally {
      setPhase('idle');
    }
  };

  const importFile = async () => {
    const file = fileInput.current?.files?.[0];
    setErrors([]);
    setSummary(null);
    if (!file) {
      setErrors([{ path: '', code: 'required', params: {}, message: wt('white-labels.transfer.choose_file') }]);
      fileInput.current?.focus();
      return;
    }
    setPhase('reading');
    let doc: unknown;
    try {
      doc = JSON.parse(await file.text());
    } catch {
      setErrors([
        {
          path: '',
          code: 'invalid_json',
          params: {},
          message: wt('white-labels.transfer.not_json', { file: file.name }),
        },
      ]);
      setPhase('idle');
      return;
    }
    setPhase('idle');
    const confirmed = await confirmAction(wt('white-labels.transfer.confirm', { domain }), {
      confirm: wt('white-labels.transfer.confirm_action'),
      destructive: true,
    });
    if (!confirmed) return;
    setPhase('importing');
    try {
      const result = await importConfiguration(pk, doc, withDomain);
      const targets = Object.keys(result.overlays).length;
      const text =
        wt('white-labels.transfer.imported', { count: targets }) +
        (result.ignoredFields.length
          ? ` ${wt('white-labels.transfer.ignored', { fields: result.ignoredFields.join(', ') })}`
          : '');
      setSummary(text);
      notify(text, 'success');
      if (fileInput.current) fileInput.current.value = '';
      setFileName('');
      refreshIfCurrent(pk);
      onImported(result);
    } catch (e) {
      const err = e as ApiError;
      setErrors(err.errors.length ? err.errors : [{ path: '', code: err.code, params: {}, message: err.message }]);
      setSummary(err.errors.length ? err.message : null);
    } finally {
      setPhase('idle');
    }
  };

  const working = phase !== 'idle';
  return (
    <Dialog
      open={open}
      title={wt('white-labels.transfer.title')}
      onClose={onClose}
      wide
      actions={
        <button type="button" className="button" onClick={onClose}>
          {wt('ui.close')}
        </button>
      }
    >
      <div className="wl-transfer" aria-busy={working}>
        <section aria-labelledby="wl-export-title">
          <h3 id="wl-export-title">{wt('white-labels.transfer.export_title')}</h3>
          <p className="muted">{wt('white-labels.transfer.export_help', { domain })}</p>
          <button type="button" className="button button-primary" disabled={working} onClick={() => void exportFile()}>
            {phase === 'exporting' ? wt('white-labels.transfer.exporting') : wt('white-labels.transfer.export')}
          </button>
        </section>
        <section aria-labelledby="wl-import-title">
          <h3 id="wl-import-title">{wt('white-labels.transfer.import_title')}</h3>
          <p className="muted">{wt('white-labels.transfer.import_help', { domain })}</p>
          {/* The browser's own file button speaks its interface language: ours speaks French. */}
          <div className="wl-file">
            <span className="wl-file-label" id="wl-import-file-label">
              {wt('white-labels.transfer.file')}
            </span>
            <input
              id="wl-import-file"
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              disabled={working}
              className="visually-hidden"
              aria-labelledby="wl-import-file-label"
              aria-describedby="wl-import-file-name"
              onChange={(e) => setFileName(e.target.files?.[0]?.name ?? '')}
            />
            <label htmlFor="wl-import-file" className="button" aria-hidden="true">
              {wt('white-labels.transfer.choose')}
            </label>
            <span id="wl-import-file-name" className="muted">
              {fileName || wt('white-labels.transfer.no_file')}
            </span>
          </div>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={withDomain}
              disabled={working}
              onChange={(e) => setWithDomain(e.target.checked)}
            />
            {wt('white-labels.transfer.with_domain')}
          </label>
          <p>
            <button
              type="button"
              className="button button-primary"
              disabled={working}
              onClick={() => void importFile()}
            >
              {phase === 'importing' ? wt('white-labels.transfer.importing') : wt('white-labels.transfer.import')}
            </button>
          </p>
        </section>
        {working && (
          <div className="wl-progress" role="status">
            <progress aria-label={wt(`white-labels.transfer.${phase}`)} />
            <span>{wt(`white-labels.transfer.${phase}`)}</span>
          </div>
        )}
        {errors.length > 0 && (
          <div className="notice notice-error" role="alert">
            {summary && <p>{summary}</p>}
            <ul>
              {errors.map((e, i) => (
                <li key={i}>
                  {where(e.path, fieldTitles)}
                  {e.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        {errors.length === 0 && summary && (
          <p className="notice" role="status">
            {summary}
          </p>
        )}
      </div>
    </Dialog>
  );
}
