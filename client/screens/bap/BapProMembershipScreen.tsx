import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../api/http';
import { usePageTitle } from '../../shell/page-title';
import { failureText } from './bap-api';
import './bap.css';

interface Membership {
  pk: number;
  charterAccepted: boolean;
  departments: string[];
  territories: string[];
}

const list = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);

/**
 * Joining the projects exchange (/bourse-aux-projets/professionnels/adhesion): the charter to
 * accept and the zones (departments, communes by INSEE code) where the professional works.
 */
export default function BapProMembershipScreen() {
  usePageTitle('Mon adhésion à la bourse aux projets');
  const [sheet, setSheet] = useState<number | null>(null);
  const [membership, setMembership] = useState<Membership | null>(null);
  const [charter, setCharter] = useState(false);
  const [departments, setDepartments] = useState('');
  const [communes, setCommunes] = useState('');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  useEffect(() => {
    api<{ pk: number }[]>('/listepro/professional/').then((r) => setSheet(r[0]?.pk ?? null));
    api<Membership[]>('/bap/membership/').then((r) => {
      const m = r[0];
      if (!m) return;
      setMembership(m);
      setCharter(m.charterAccepted);
      setDepartments(m.departments.join(', '));
      setCommunes(m.territories.join(', '));
    });
  }, []);
  async function save(e: FormEvent) {
    e.preventDefault();
    setError('');
    setSaved('');
    const body = {
      professional: sheet,
      charterAccepted: charter,
      departments: list(departments),
      territories: list(communes),
    };
    try {
      const m = membership
        ? await api<Membership>(`/bap/membership/${membership.pk}/`, { method: 'PATCH', body })
        : await api<Membership>('/bap/membership/', { method: 'POST', body });
      setMembership(m);
      setSaved('Votre adhésion est enregistrée : les projets de vos zones vous seront proposés.');
    } catch (err) {
      setError(failureText(err));
    }
  }
  if (sheet === null)
    return <p className="panel">Créez d’abord votre fiche dans l’annuaire pour rejoindre la bourse.</p>;
  return (
    <form className="panel bap-form" onSubmit={save}>
      <h2>Charte de la bourse aux projets</h2>
      <p>
        Les projets sont proposés par les conseillers avec l’accord des ménages. Je m’engage à ne contacter un ménage
        qu’une fois son contact partagé par le conseiller, à lui répondre dans un délai raisonnable et à ne pas utiliser
        ses coordonnées pour un autre objet.
      </p>
      <label>
        <input type="checkbox" checked={charter} onChange={(e) => setCharter(e.target.checked)} /> J’accepte la charte
        de la bourse aux projets
      </label>
      <label htmlFor="bap-departments">Départements d’intervention (ex. 38, 73)</label>
      <input id="bap-departments" value={departments} onChange={(e) => setDepartments(e.target.value)} />
      <label htmlFor="bap-communes">Communes d’intervention (codes INSEE, ex. 38185)</label>
      <input id="bap-communes" value={communes} onChange={(e) => setCommunes(e.target.value)} />
      {error && (
        <p className="panel-error" role="alert">
          {error}
        </p>
      )}
      {saved && <p role="status">{saved}</p>}
      <button type="submit" className="button primary">
        Enregistrer mon adhésion
      </button>
    </form>
  );
}
