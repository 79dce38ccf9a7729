import { useState } from 'react';
import { api, type ApiError } from '../../api/http';
import type { RecordActionProps } from '../../runtime/types';
import { postForFile, reportDomain, saveFile } from '../simulators/shared/download';
import { KINDS, kindOf } from './report-kind';

type Step = { at: 0 | 1 | 2; text: string };
const STEPS = 2;

/**
 * « Imprimer / PDF » of a saved report: its print data are kept in the temporary store (24 h), the
 * server draws the PDF from them, the browser downloads it; the public page of that store entry
 * is offered too, to open or hand the PDF on. The PDF is the report as saved.
 */
export default function VisitReportPdfAction({ record, label }: RecordActionProps) {
  const [step, setStep] = useState<Step | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = step !== null && step.at < STEPS;

  const print = async () => {
    if (busy) return;
    setError(null);
    setLink(null);
    try {
      setStep({ at: 0, text: 'Préparation des données du compte rendu…' });
      const { uuid } = await api<{ uuid: string }>('/visit-report/report/print/', {
        method: 'POST',
        body: { report: record.pk },
      });
      setStep({ at: 1, text: 'Création du PDF…' });
      const { blob, fileName } = await postForFile(
        '/visit-report/report/pdf',
        { domain: reportDomain(), data: { uuid } },
        'diagnostic.pdf',
      );
      saveFile(blob, fileName);
      setLink(`${KINDS[kindOf(String(record.kind))].base}/rapport/${uuid}/pdf`);
      setStep({ at: 2, text: 'PDF créé et téléchargé.' });
    } catch (e) {
      setStep(null);
      setError((e as ApiError).message || 'Le PDF n’a pas pu être créé.');
    }
  };

  return (
    <div className="visit-report-print">
      <button type="button" className="button" onClick={() => void print()} disabled={busy} aria-busy={busy}>
        {busy ? 'PDF en cours…' : label}
      </button>
      {step && (
        <div className="visit-report-progress" role="status">
          <progress max={STEPS} value={step.at} aria-label="Avancement du PDF" />
          <span>{step.text}</span>
        </div>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {link && (
        <p className="small">
          <a href={link} target="_blank" rel="noopener">
            Page du PDF à transmettre (valable 24 heures)
          </a>
        </p>
      )}
    </div>
  );
}
