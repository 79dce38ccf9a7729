import { useId, useRef, useState } from 'react';
import type { ApiError } from '../api/http';
import { downloadFile, saveFile, uploadStreamed } from '../api/file-transfer';
import { t } from '../lib/messages';
import { Dialog } from '../shell/Dialog';
import { notify } from '../shell/notifications';
import { importReportCsv, type ReportLine } from '../../engine/import/import-report';
import type { EntityMeta } from './types';

interface ImportResult {
  mode: 'preview' | 'confirm';
  headers: string[];
  lines: ReportLine[];
  counts: { create: number; skipped: number; refused: number };
}

/** At most this many lines of each kind on screen; the report holds them all. */
const SHOWN = 100;

function LinesTable({ title, lines, withReason }: { title: string; lines: ReportLine[]; withReason: boolean }) {
  const id = useId();
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby={id} className="import-section">
      <h3 id={id}>{title}</h3>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('ui.import.line')}</th>
              <th scope="col">{withReason ? t('ui.import.reason') : t('ui.import.content')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.slice(0, SHOWN).map((l) => (
              <tr key={l.line}>
                <td>{l.line}</td>
                <td>{withReason ? l.reason : l.cells.filter(Boolean).slice(0, 3).join(' · ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {lines.length > SHOWN && <p className="muted">{t('ui.import.more', { count: lines.length - SHOWN })}</p>}
    </section>
  );
}

/**
 * « Importer »: choose a CSV or xlsx file, check it (the server tries every line and writes
 * nothing), read what would be created, skipped and refused with each line's reason, confirm
 * (everything written in one transaction), download the report. Progress is streamed by the
 * server line by line (application/x-ndjson) and shown as a progress bar.
 */
export function ImportDialog({
  meta,
  open,
  onClose,
  onImported,
}: {
  meta: EntityMeta;
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const entity = meta.name;
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number; mode: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const reset = () => {
    setFile(null);
    setResult(null);
    setError(null);
    setProgress(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const send = async (mode: 'preview' | 'confirm') => {
    if (!file) {
      setError(t('ui.import.choose_file'));
      fileInput.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setProgress({ done: 0, total: 0, mode });
    try {
      let final: ImportResult | null = null;
      await uploadStreamed(`/import/${entity}/`, { mode }, file, (line) => {
        if (line.progress) setProgress({ ...(line.progress as { done: number; total: number }), mode });
        if (line.result) final = line.result as ImportResult;
        if (line.error) throw new Error((line.error as { message: string }).message);
      });
      if (!final) throw new Error(t('errors.500'));
      const done: ImportResult = final;
      setResult(done);
      if (mode === 'confirm') {
        notify(t('ui.import.done', { count: done.counts.create }), 'success');
        onImported();
      }
    } catch (e) {
      setError((e as ApiError | Error).message);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const byOutcome = (o: ReportLine['outcome'][]) => (result?.lines ?? []).filter((l) => o.includes(l.outcome));
  const confirmed = result?.mode === 'confirm';
  const report = () => {
    if (!result) return;
    const day = new Date().toISOString().slice(0, 10);
    const csv = importReportCsv(result.headers, result.lines);
    saveFile(`rapport-import-${entity}-${day}.csv`, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  };

  return (
    <Dialog
      open={open}
      wide
      title={t('ui.import.title', { plural: meta.labels.plural })}
      onClose={() => {
        reset();
        onClose();
      }}
      actions={
        <>
          {result && (
            <button type="button" className="button" onClick={report}>
              {t('ui.import.report')}
            </button>
          )}
          {result && !confirmed && result.counts.create > 0 && (
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => void send('confirm')}
            >
              {t('ui.import.confirm', { count: result.counts.create })}
            </button>
          )}
          {confirmed && (
            <button type="button" className="button" onClick={reset}>
              {t('ui.import.restart')}
            </button>
          )}
        </>
      }
    >
      <div className="import-dialog" aria-busy={busy}>
        <p>{t('ui.import.intro')}</p>
        <p>
          {t('ui.import.columns')}{' '}
          {(meta.import?.columns ?? []).map((c, i) => (
            <span key={c.header}>
              {i > 0 && ', '}« {c.header} »{c.required && ` (${t('ui.import.required')})`}
            </span>
          ))}
          .{' '}
          <button
            type="button"
            className="link-button"
            onClick={() =>
              void downloadFile(`/import/${entity}/modele.csv`, {}, `modele-import-${entity}.csv`).catch(
                (e: ApiError) => setError(e.message),
              )
            }
          >
            {t('ui.import.template')}
          </button>
        </p>
        {!confirmed && (
          <div className="import-choose">
            <label htmlFor={inputId}>{t('ui.import.file')}</label>
            <input
              id={inputId}
              ref={fileInput}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={busy}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setResult(null);
                setError(null);
              }}
            />
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => void send('preview')}
            >
              {t('ui.import.preview')}
            </button>
          </div>
        )}
        {progress && (
          <div className="import-progress" role="status">
            <progress
              max={progress.total || undefined}
              value={progress.total ? progress.done : undefined}
              aria-label={t(
                progress.mode === 'confirm' ? 'ui.import.progress_confirm' : 'ui.import.progress_preview',
                progress,
              )}
            />
            <span>
              {progress.total
                ? t(progress.mode === 'confirm' ? 'ui.import.progress_confirm' : 'ui.import.progress_preview', progress)
                : t('ui.import.sending')}
            </span>
          </div>
        )}
        {error && (
          <div className="notice notice-error" role="alert">
            {error}
          </div>
        )}
        {result && (
          <>
            <p className="notice" role="status">
              {t(confirmed ? 'ui.import.summary_done' : 'ui.import.summary', result.counts)}
              {!confirmed && result.counts.create === 0 && ` ${t('ui.import.nothing')}`}
            </p>
            <LinesTable
              title={t(confirmed ? 'ui.import.section_created' : 'ui.import.section_create', {
                count: result.counts.create,
              })}
              lines={byOutcome(['create', 'created'])}
              withReason={false}
            />
            <LinesTable
              title={t('ui.import.section_skipped', { count: result.counts.skipped })}
              lines={byOutcome(['skipped'])}
              withReason
            />
            <LinesTable
              title={t('ui.import.section_refused', { count: result.counts.refused })}
              lines={byOutcome(['refused'])}
              withReason
            />
          </>
        )}
      </div>
    </Dialog>
  );
}
