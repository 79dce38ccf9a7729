import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ApiError } from '../../../api/http';
import { downloadFile, uploadStreamed } from '../../../api/file-transfer';
import { notify } from '../../../shell/notifications';
import { SelectionFields, queryOf, type Selection } from './selection';
import '../../booking-admin/booking-admin.css';

type ExportFormat = 'csv' | 'xlsx' | 'sare';

/**
 * The national platform (issue 11 item 8): export a period's acts (csv, xlsx or the platform's
 * own sare file), then import the
 * platform's feedback file; the server checks every line first and stores nothing when one is
 * wrong, listing the lines to correct. A stored feedback opens on its page, the acts to fix
 * linked to their folders.
 */
export default function NationalPlatformScreen() {
  const navigate = useNavigate();
  const [exportChoice, setExportChoice] = useState<Selection>({ project: '', period: '', structure: '' });
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [importChoice, setImportChoice] = useState<Selection>({ project: '', period: '', structure: '' });
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const exportActs = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const name = await downloadFile('/fac/tbs/export/', { ...queryOf(exportChoice), format }, `actes.${format}`);
      notify(`Le fichier ${name} est téléchargé.`, 'success');
    } catch (x) {
      notify((x as ApiError).message, 'error');
    }
  };

  const importFeedback = async (e: FormEvent) => {
    e.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file || busy) return;
    setBusy(true);
    setError(null);
    try {
      let pk: number | null = null;
      await uploadStreamed('/fac/tbs/feedback/', { ...queryOf(importChoice), fileName: file.name }, file, (answer) => {
        if (typeof answer.pk === 'number') pk = answer.pk;
      });
      notify(`Le retour ${file.name} est importé.`, 'success');
      if (pk !== null) navigate(`/fac/retours-tbs/${pk}`);
    } catch (x) {
      setError((x as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="booking-statistics national-platform">
      <section className="panel" aria-labelledby="tbs-export-title">
        <h2 id="tbs-export-title">Exporter les actes d'une période</h2>
        <p>
          Les actes réalisés du programme datés dans la période, un par ligne, chacun avec son identifiant unique (
          <code>renovation.fac.action.&lt;numéro&gt;</code>) que la plateforme nationale reprend dans ses retours. Le
          format « sare » est celui que la plateforme lit : sans ligne d'en-tête, avec les réponses des formulaires
          personnalisés du programme.
        </p>
        <form className="statistics-filters" onSubmit={exportActs} aria-label="Export des actes">
          <SelectionFields
            idPrefix="tbs-export"
            value={exportChoice}
            onChange={setExportChoice}
            everyStructure="Toutes les structures"
          />
          <div className="field">
            <label htmlFor="tbs-export-format">Format</label>
            <select id="tbs-export-format" value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
              <option value="csv">CSV (;)</option>
              <option value="xlsx">Tableur (xlsx)</option>
              <option value="sare">Fichier de la plateforme nationale (sare)</option>
            </select>
          </div>
          <div className="field">
            <button type="submit" className="button button-primary">
              Exporter
            </button>
          </div>
        </form>
      </section>
      <section className="panel" aria-labelledby="tbs-import-title">
        <h2 id="tbs-import-title">Importer un retour de la plateforme</h2>
        <p>
          Un fichier CSV ou xlsx avec les colonnes « Identifiant unique de l'acte » et « Statut » (ACCEPTE, ERREUR ou
          REJETE), et si possible « Motif » et « Type Acte ». Un fichier dont une ligne est fausse n'est pas importé du
          tout : corrigez les lignes indiquées et importez-le à nouveau.
        </p>
        <form className="statistics-filters" onSubmit={importFeedback} aria-label="Import d'un retour">
          <SelectionFields
            idPrefix="tbs-import"
            value={importChoice}
            onChange={setImportChoice}
            everyStructure="— Choisir —"
          />
          <div className="field">
            <label htmlFor="tbs-import-file">Fichier de retour</label>
            <input id="tbs-import-file" ref={fileInput} type="file" accept=".csv,.xlsx,text/csv" required />
          </div>
          <div className="field">
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? 'Import en cours…' : 'Importer'}
            </button>
          </div>
        </form>
        {error && (
          <div className="notice notice-error" role="alert">
            {error}
          </div>
        )}
        <p>
          <Link to="/fac/retours-tbs/">Voir les retours déjà importés</Link>
        </p>
      </section>
    </div>
  );
}
