import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import GenericEdit from '../../runtime/GenericEdit';
import { useEntityMeta } from '../../runtime/use-entity-meta';
import { api } from '../../api/http';
import type { WhiteLabel } from '../../state/session';
import { ExportImportDialog } from './ExportImportDialog';
import { wt } from './i18n';
import './white-labels.css';

/**
 * The generic edit form of a white label (tabs declared in schemas/forms/white-label.edit.ui.json)
 * with the ways into what the form cannot hold: the form and menu editor, export and import.
 */
export default function WhiteLabelEditScreen() {
  const { pk = '' } = useParams();
  const { meta } = useEntityMeta('white-label');
  const [domain, setDomain] = useState('');
  const [transfer, setTransfer] = useState(false);
  // A new key reloads the form after an import changed the record.
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    let live = true;
    api<WhiteLabel>(`/white_labelling/${encodeURIComponent(pk)}/`).then(
      (wl) => live && setDomain(wl.domain),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [pk, revision]);
  const fieldTitles = Object.fromEntries(Object.entries(meta?.schema.properties ?? {}).map(([k, p]) => [k, p.title]));
  return (
    <div className="white-label-edit">
      <nav className="wl-toolbar" aria-label={wt('white-labels.edit.tools')}>
        <Link className="button" to={`/administration/marques-blanches/${pk}/formulaires/`}>
          {wt('white-labels.edit.forms')}
        </Link>
        <Link className="button" to={`/administration/marques-blanches/${pk}/menus/`}>
          {wt('white-labels.edit.menus')}
        </Link>
        <button type="button" className="button" onClick={() => setTransfer(true)}>
          {wt('white-labels.edit.transfer')}
        </button>
      </nav>
      <GenericEdit key={revision} />
      <ExportImportDialog
        open={transfer}
        pk={pk}
        domain={domain}
        fieldTitles={fieldTitles}
        onClose={() => setTransfer(false)}
        onImported={() => setRevision((r) => r + 1)}
      />
    </div>
  );
}
