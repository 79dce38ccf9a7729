import { useAtomValue, type Atom } from 'jotai';
import { useState } from 'react';
import { NumberField } from '../../shared/NumberField';
import { euros } from '../../shared/format';
import { notify } from '../../../../shell/notifications';
import { confirmAction } from '../../../../shell/confirm';
import { managesOf } from '../rules/context';
import { isSolutionValid, solutionIssues } from '../rules/solutions';
import { needsAtom, solutionAtom } from '../state/atoms';
import { useThermixActions } from '../state/use-thermix';
import type { Use } from '../state/types';
import { EntryEditor } from './EntryEditor';
import { useAtomView } from '../../shared/state-atoms';

const HEATING_NOT_MANAGED =
  "Chauffage non géré (besoin nul) : le système choisi ici n'est pas chiffré ; " +
  "il ne sert qu'à l'eau chaude « même appareil que le chauffage ».";

function UseSection({ index, use, managed }: { index: number; use: Use; managed: boolean }) {
  const hasSecond = useAtomView(
    (get) => {
      const solution = get(solutionAtom(index));
      return Boolean((use === 'heating' ? solution.heatingSystems : solution.hotWaterSystems)[1].identifier);
    },
    [index, use],
  );
  const [second, setSecond] = useState(false);
  const showSecond = second || hasSecond;
  const title = use === 'heating' ? 'Chauffage' : 'Eau chaude sanitaire';
  return (
    <section className="sim-use" aria-label={`${title}, solution ${index + 1}`}>
      <h4>{title}</h4>
      {!managed && (
        <p className="field-help">{use === 'heating' ? HEATING_NOT_MANAGED : 'Eau chaude non gérée pour ce projet.'}</p>
      )}
      {(managed || use === 'heating') && (
        <>
          <EntryEditor index={index} use={use} rank={0} />
          {showSecond ? (
            <EntryEditor index={index} use={use} rank={1} />
          ) : (
            <button type="button" className="link-button" onClick={() => setSecond(true)}>
              Ajouter un second système {use === 'heating' ? 'de chauffage' : "d'eau chaude"}
            </button>
          )}
        </>
      )}
    </section>
  );
}

/** One of the four solution slots. */
export function SolutionCard({ index, totalAtom }: { index: number; totalAtom: Atom<number | null> }) {
  const total = useAtomValue(totalAtom);
  // The card's own view: typing in one of its systems' fields does not re-render it.
  const solution = useAtomView(
    (get) => {
      const s = get(solutionAtom(index));
      const manages = managesOf(get(needsAtom));
      return {
        manages,
        valid: isSolutionValid(s, manages),
        issues: solutionIssues(s, manages),
        hasAny: [...s.heatingSystems, ...s.hotWaterSystems].some((d) => Boolean(d.identifier)),
        isMetroGrenoble: s.isMetroGrenoble,
        renewableElectricity: s.renewableElectricity,
        renewableElectricityProd: s.renewableElectricityProd,
        financialSupport: s.financialSupport,
        financialSupportAmount: s.financialSupportAmount,
      };
    },
    [index],
  );
  const actions = useThermixActions();
  const { manages, valid } = solution;
  const n = index + 1;
  const remove = async () => {
    const text = `La solution ${n} va être vidée ; les solutions suivantes remontent.`;
    if (!(await confirmAction(text, { confirm: `Supprimer la solution ${n}`, destructive: true }))) return;
    const refused = actions.deleteSolution(index);
    notify(refused ?? `Solution ${n} supprimée.`, refused ? 'error' : 'success');
  };
  return (
    <article
      className={`card sim-solution${solution.isMetroGrenoble ? ' is-forced' : ''}`}
      aria-labelledby={`solution-${n}-title`}
    >
      <header className="sim-solution-header">
        <h3 id={`solution-${n}-title`}>Solution {n}</h3>
        {solution.isMetroGrenoble ? (
          <span className="badge sim-badge-forced">Système préconisé</span>
        ) : (
          <span className={`badge ${valid ? 'badge-yes' : 'badge-no'}`}>{valid ? 'Complète' : 'À compléter'}</span>
        )}
      </header>
      {!valid && solution.hasAny && solution.issues.length > 0 && (
        <ul className="sim-issues" id={`solution-${n}-issues`}>
          {solution.issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      )}
      {solution.isMetroGrenoble && (
        <p className="field-help">
          Solution préconisée par la métropole pour votre zone : ses systèmes ne peuvent pas être changés et elle ne
          peut pas être supprimée ; ses coûts restent modifiables.
        </p>
      )}
      <UseSection index={index} use="heating" managed={manages.heating} />
      <UseSection index={index} use="hotWater" managed={manages.hotWater} />
      <section className="sim-use" aria-label={`Options, solution ${n}`}>
        <h4>Options</h4>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={solution.renewableElectricity}
            onChange={(e) => actions.updateSolution(index, { renewableElectricity: e.target.checked })}
          />
          Production d'électricité renouvelable (photovoltaïque…)
        </label>
        {solution.renewableElectricity && (
          <NumberField
            label="Électricité renouvelable produite"
            unit="kWh/an"
            min={0}
            max={1e9}
            value={solution.renewableElectricityProd ?? 0}
            onChange={(v) => actions.updateSolution(index, { renewableElectricityProd: v })}
          />
        )}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={solution.financialSupport}
            onChange={(e) => actions.updateSolution(index, { financialSupport: e.target.checked })}
          />
          Aides financières (déduites de l'investissement)
        </label>
        {solution.financialSupport && (
          <NumberField
            label="Montant des aides"
            unit="€"
            min={0}
            max={1e9}
            value={solution.financialSupportAmount ?? 0}
            onChange={(v) => actions.updateSolution(index, { financialSupportAmount: v })}
          />
        )}
      </section>
      <footer className="sim-solution-footer">
        <p className="sim-quick" aria-live="polite">
          {valid && total !== null ? (
            <>
              Coût global estimé sur 20 ans : <strong>{euros(total)}</strong>
            </>
          ) : (
            <span className="muted">
              {solution.hasAny
                ? 'Complétez la solution pour voir son coût.'
                : 'Choisissez un système pour voir son coût.'}
            </span>
          )}
        </p>
        {!solution.isMetroGrenoble && (valid || solution.hasAny) && (
          <button type="button" className="button button-danger-outline" onClick={() => void remove()}>
            Supprimer la solution {n}
          </button>
        )}
      </footer>
    </article>
  );
}
