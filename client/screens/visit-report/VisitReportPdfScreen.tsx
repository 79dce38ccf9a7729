import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { ApiError } from '../../api/http';
import { postForFile, reportDomain } from '../simulators/shared/download';
import './visit-report.css';

const KILOBYTES = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

type State =
  { at: 'loading' } | { at: 'expired'; message: string } | { at: 'ready'; url: string; fileName: string; size: number };

const EXPIRED =
  'Ce lien de compte rendu a expiré ou n’existe pas : les données d’un PDF sont conservées 24 heures. ' +
  'Demandez à votre conseiller ou votre conseillère de créer à nouveau le PDF.';

/**
 * /compte-rendu-entretien/rapport/:uuid/pdf (public): the PDF of a report kept in the temporary
 * store, drawn by the server; the random uuid is the access, as for the simulators' reports.
 */
export default function VisitReportPdfScreen() {
  const { uuid } = useParams();
  const [state, setState] = useState<State>({ at: 'loading' });
  useEffect(() => {
    let live = true;
    let url = '';
    postForFile('/visit-report/report/pdf', { domain: reportDomain(), data: { uuid } }, 'diagnostic.pdf').then(
      ({ blob, fileName }) => {
        url = URL.createObjectURL(blob);
        if (live) setState({ at: 'ready', url, fileName, size: blob.size });
      },
      (e: ApiError) => {
        if (live) setState({ at: 'expired', message: e.status === 404 ? EXPIRED : e.message });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [uuid]);

  return (
    <article className="sim-report visit-report-pdf">
      <h1>Compte rendu de visite</h1>
      {state.at === 'loading' && (
        <p className="loading" role="status">
          Création du PDF…
        </p>
      )}
      {state.at === 'expired' && (
        <div className="notice notice-error" role="alert">
          <p>{state.message}</p>
        </div>
      )}
      {state.at === 'ready' && (
        <>
          <p role="status">Le PDF est prêt ({KILOBYTES.format(state.size / 1024)} Ko).</p>
          <p>
            <a className="button button-primary" href={state.url} download={state.fileName}>
              Télécharger le PDF
            </a>{' '}
            <a className="button" href={state.url} target="_blank" rel="noopener">
              Ouvrir le PDF
            </a>
          </p>
          {navigator.pdfViewerEnabled && (
            <object
              className="visit-report-pdf-view"
              data={state.url}
              type="application/pdf"
              aria-label="Aperçu du PDF"
            >
              <a href={state.url} download={state.fileName}>
                Télécharger le PDF
              </a>
            </object>
          )}
        </>
      )}
    </article>
  );
}
