import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { api, ApiError } from '../../api/http';
import { ruleUserAtom } from '../../state/session';
import GenericEdit from '../../runtime/GenericEdit';
import type { RecordData } from '../../runtime/types';
import { t } from '../../lib/messages';
import { tr } from './office-messages';

/**
 * « Ma fiche » of a professional (spec 03 §2): the generic forms of their sheet and of its draft
 * presentation, each with its workflow panel (submit to validation). The server's rights decide
 * what they may change; this screen only finds their records.
 */
export default function ListeProProSheet() {
  const user = useAtomValue(ruleUserAtom);
  const [sheets, setSheets] = useState<RecordData[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [presentation, setPresentation] = useState<RecordData | null | undefined>(undefined);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!user.pk) return;
    api<RecordData[]>(`/listepro/professional/?user=${user.pk}&sort=name&perPage=50`).then(
      (list) => {
        setSheets(list);
        setChosen((list[0]?.pk as number | undefined) ?? null);
      },
      (e: ApiError) => setError(e.message),
    );
  }, [user.pk]);

  useEffect(() => {
    if (chosen === null) return;
    setPresentation(undefined);
    api<RecordData[]>(`/listepro/presentation/?professional=${chosen}&version=draft&perPage=1`).then(
      (list) => setPresentation(list[0] ?? null),
      (e: ApiError) => setError(e.message),
    );
  }, [chosen]);

  if (error)
    return (
      <p className="notice notice-error" role="alert">
        {error}
      </p>
    );
  if (!sheets)
    return (
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    );
  if (!sheets.length || chosen === null) return <p className="notice notice-info">{tr('no_sheet')}</p>;
  return (
    <div className="listepro-office-sheet">
      {sheets.length > 1 && (
        <p className="field">
          <label htmlFor="listepro-sheet-choice">{tr('sheet_choice')}</label>
          <select
            id="listepro-sheet-choice"
            className="input"
            value={chosen}
            onChange={(e) => setChosen(Number(e.target.value))}
          >
            {sheets.map((s) => (
              <option key={s.pk as number} value={s.pk as number}>
                {String(s.name ?? s.pk)}
              </option>
            ))}
          </select>
        </p>
      )}
      <p>
        <a href={`/annuaire-des-pros/detail-professionnel/${chosen}`} target="_blank" rel="noreferrer">
          {tr('public_sheet')}
        </a>
      </p>
      <section aria-labelledby="listepro-presentation-title">
        <h2 id="listepro-presentation-title">{tr('presentation')}</h2>
        <p className="muted">{tr('presentation_help')}</p>
        {presentation === undefined ? (
          <p className="loading" role="status">
            {t('ui.loading')}
          </p>
        ) : presentation === null ? (
          <p className="notice notice-info">{tr('no_presentation')}</p>
        ) : (
          <GenericEdit
            key={`presentation-${presentation.pk as number}`}
            entity="listepro-presentation"
            pk={presentation.pk as number}
            idPrefix="presentation"
            stayAfterSave
            returnTo="/annuaire-des-professionnels/accueil"
          />
        )}
      </section>
      <section aria-labelledby="listepro-contact-title">
        <h2 id="listepro-contact-title">{tr('contact_details')}</h2>
        <GenericEdit
          key={`sheet-${chosen}`}
          entity="listepro-professional"
          pk={chosen}
          idPrefix="sheet"
          stayAfterSave
          returnTo="/annuaire-des-professionnels/accueil"
        />
      </section>
    </div>
  );
}
