import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { api, ApiError } from '../../../api/http';
import { ruleUserAtom } from '../../../state/session';
import { parisDate } from '../../../../engine/time/paris-time';

interface Household {
  pk: number;
  firstName?: string;
  lastName?: string;
  email?: string;
}

const nameOf = (c: Household) =>
  [c.firstName, c.lastName].filter((v) => typeof v === 'string' && v.trim()).join(' ') || `Contact n° ${c.pk}`;

const TOOL = { thermix: 'Thermix', therminix: 'Therminix' } as const;

/**
 * « Enregistrer dans le dossier » for staff: the simulation's inputs saved as a heating simulation
 * of a contact of the structure (POST /fac/heating-simulation/, the server checks the rights), so
 * that a visit report can attach it as an appendix. Hidden from the public.
 */
export function SaveToFile({ simulator, inputs }: { simulator: keyof typeof TOOL; inputs: unknown }) {
  const user = useAtomValue(ruleUserAtom);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Household[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [description, setDescription] = useState(() => `Simulation ${TOOL[simulator]} du ${parisDate(Date.now())}`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Household | null>(null);
  if (!user.roles.includes('advisor') && !user.roles.includes('administrator')) return null;

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return;
    setError(null);
    try {
      setFound(await api<Household[]>('/fac/contact/', { query: { q: query.trim(), perPage: '10', page: '1' } }));
      setChosen(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  const save = async () => {
    const contact = found?.find((c) => c.pk === chosen);
    if (!contact) return setError('Choisissez le contact dont le dossier reçoit la simulation.');
    setBusy(true);
    setError(null);
    try {
      await api('/fac/heating-simulation/', {
        method: 'POST',
        body: { contact: contact.pk, simulator, description: description.trim(), savedInputs: inputs },
      });
      setSaved(contact);
      setOpen(false);
    } catch (e) {
      setError(e instanceof ApiError ? [e.message, ...e.errors.map((x) => x.message)].join(' ') : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sim-save-to-file">
      {!open && (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          Enregistrer dans le dossier
        </button>
      )}
      {saved && (
        <p role="status">
          Simulation enregistrée dans le dossier de <Link to={`/fac/contacts/${saved.pk}`}>{nameOf(saved)}</Link> : elle
          peut être jointe à son compte rendu.
        </p>
      )}
      {open && (
        <section className="panel" aria-labelledby="sim-save-to-file">
          <h2 id="sim-save-to-file">Enregistrer dans le dossier d’un contact</h2>
          <form role="search" onSubmit={(e) => void search(e)}>
            <label htmlFor="sim-save-q">Rechercher un contact</label>{' '}
            <input id="sim-save-q" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />{' '}
            <button type="submit" className="button">
              Rechercher
            </button>
          </form>
          {found && found.length === 0 && <p>Aucun contact ne correspond à « {query} ».</p>}
          {found && found.length > 0 && (
            <fieldset>
              <legend>Contact</legend>
              {found.map((c) => (
                <label key={c.pk} className="checkbox">
                  <input
                    type="radio"
                    name="sim-save-contact"
                    checked={chosen === c.pk}
                    onChange={() => setChosen(c.pk)}
                  />{' '}
                  {nameOf(c)}
                  {c.email ? ` (${c.email})` : ''}
                </label>
              ))}
            </fieldset>
          )}
          <p>
            <label htmlFor="sim-save-description">Description</label>{' '}
            <input
              id="sim-save-description"
              className="sim-save-description"
              type="text"
              maxLength={2000}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </p>
          {error && (
            <p className="notice notice-error" role="alert">
              {error}
            </p>
          )}
          <div className="sim-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={busy || chosen === null}
              onClick={() => void save()}
            >
              Enregistrer la simulation
            </button>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Annuler
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
