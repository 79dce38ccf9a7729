import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { api, type ApiError } from '../../api/http';
import { useCurrentRoute } from '../../runtime/entity-routes';
import { usePageTitle } from '../../shell/page-title';
import { notify } from '../../shell/notifications';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/messages';

const FIELDS = [
  ['allowToKeepData', "Conserver mes données dans l'outil de suivi de l'espace conseil."],
  [
    'allowToUseEmailToSendReminder',
    'Utiliser mon adresse électronique pour les rappels de rendez-vous et les informations sur mon dossier.',
  ],
  ['allowToUsePhoneNumberToSendReminder', 'Utiliser mon numéro de téléphone pour les rappels de rendez-vous (SMS).'],
  ['allowToShareMyInformationWithMyAdvisor', "Partager mes informations avec l'espace conseil qui suit mon dossier."],
  [
    'allowToShareMyInformationWithPartners',
    'Partager mes informations avec les partenaires du réseau, à des fins de statistiques.',
  ],
] as const;

type Choices = Record<(typeof FIELDS)[number][0], boolean>;
interface Answer {
  /** An account's consent (/traitement-des-donnees/:pk) names the user… */
  user?: { pk: number; fullName: string; email: string };
  /** …a file-area contact's (/rgpd/:pk) names the contact. */
  contact?: { pk: number; fullName: string; email: string };
  own?: boolean;
  consent: Choices & { createdAt: string | null };
  history: (Choices & { pk: number; createdAt: string })[];
}

/**
 * Data-processing consent (spec 01 §2): /traitement-des-donnees/:pk lets a person see and change
 * their choices (staff see a client's, read-only); /rgpd/:pk lets staff of a file-area contact's
 * structure record what the contact chose (reference file area 8.7). Every change is kept.
 */
export default function ConsentScreen() {
  const { pk } = useParams();
  const route = useCurrentRoute();
  const staffView = route.name === 'Rgpd';
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [choices, setChoices] = useState<Choices | null>(null);
  const [busy, setBusy] = useState(false);
  // Spec: a non-numeric pk is treated as -1.
  const target = pk && /^\d+$/.test(pk) ? pk : '-1';
  const endpoint = staffView ? `/fac/contact/${target}/consent/` : `/rgpd/${target}/`;
  const person = answer?.contact ?? answer?.user;
  const name = person ? person.fullName || person.email : '';
  usePageTitle(answer ? t('ui.consent_title', { name }) : null);
  useEffect(() => {
    api<Answer>(endpoint).then((a) => {
      setAnswer(a);
      setChoices(a.consent);
    }, setError);
  }, [endpoint]);
  // Spec 02: a key that names no contact (a word counts as −1) is « not found », said calmly, not as an error.
  if (error?.status === 404)
    return (
      <p className="muted" role="status">
        {error.message}
      </p>
    );
  if (error)
    return (
      <div className="notice notice-error" role="alert">
        {error.message}
      </div>
    );
  if (!answer || !choices)
    return (
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    );
  // Staff record a contact's choices; a person records their own.
  const editable = staffView || answer.own === true;
  const save = async () => {
    setBusy(true);
    try {
      const { consent } = await api<{ consent: Answer['consent'] }>(endpoint, {
        method: 'POST',
        body: choices,
      });
      setAnswer({ ...answer, consent });
      notify(t('ui.saved'), 'success');
      setAnswer(await api<Answer>(endpoint));
    } catch (e) {
      notify((e as ApiError).message, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="consent">
      <section className="panel" aria-labelledby="consent-choices">
        <h2 id="consent-choices">{editable && !staffView ? t('ui.consent_mine') : t('ui.consent_of', { name })}</h2>
        <p className="section-description">
          {answer.consent.createdAt
            ? t('ui.consent_since', { date: formatDateTime(answer.consent.createdAt) })
            : t('ui.consent_default')}
        </p>
        <ul className="choice-summary">
          {FIELDS.map(([field, label]) => (
            <li key={field} className="checkbox">
              <input
                id={`consent-${field}`}
                type="checkbox"
                checked={choices[field]}
                disabled={!editable || busy}
                onChange={(e) => setChoices({ ...choices, [field]: e.target.checked })}
              />
              <label htmlFor={`consent-${field}`}>{label}</label>
            </li>
          ))}
        </ul>
        {editable && (
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void save()}>
            {t('ui.save')}
          </button>
        )}
      </section>
      <section className="panel" aria-labelledby="consent-history">
        <h2 id="consent-history">{t('ui.consent_history')}</h2>
        {answer.history.length === 0 ? (
          <p className="muted">{t('ui.consent_no_history')}</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('ui.consent_date')}</th>
                {FIELDS.map(([f], i) => (
                  <th key={f} scope="col">
                    {t(`ui.consent_short_${i + 1}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {answer.history.map((h) => (
                <tr key={h.pk}>
                  <td>{formatDateTime(h.createdAt)}</td>
                  {FIELDS.map(([f]) => (
                    <td key={f}>{h[f] ? t('ui.yes') : t('ui.no')}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
