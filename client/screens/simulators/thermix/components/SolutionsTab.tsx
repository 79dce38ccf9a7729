import { atom, useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useSimulatorData } from '../../shared/simulator-data';
import { quickResults } from '../rules/quick-results';
import { metropoleOn } from '../rules/metropole';
import { metropoleAtom, thermixAtom } from '../state/atoms';
import { SolutionCard } from './SolutionCard';

/** The four solution slots, each with its instant 20-year total (engine run in the browser). */
export function SolutionsTab() {
  const { data, settings } = useSimulatorData();
  const metropole = useAtomValue(metropoleAtom);
  // One calculation per change of the simulation; each card subscribes to its own total only.
  const totalsAtom = useMemo(
    () =>
      atom((get) => {
        const quick = quickResults(get(thermixAtom), data, settings);
        const totals: (number | null)[] = [null, null, null, null];
        quick.slots.forEach((slot, i) => {
          totals[slot] = quick.response?.solutionsResults[i]?.periodTotalCost ?? null;
        });
        return totals;
      }),
    [data, settings],
  );
  const cardTotals = useMemo(() => [0, 1, 2, 3].map((i) => selectAtom(totalsAtom, (t) => t[i])), [totalsAtom]);
  return (
    <div className="sim-solutions-tab">
      <p>
        Composez jusqu'à quatre solutions : pour chacune, un ou deux systèmes de chauffage et un ou deux systèmes d'eau
        chaude, avec la part du besoin que chacun couvre. Les paramètres sont pré-remplis avec les valeurs de référence
        ; vous pouvez les modifier.
      </p>
      {metropoleOn(metropole) && (
        <p className="notice notice-warning">
          Mode métropole : les premières solutions sont préconisées pour votre zone ({metropole.area}).
        </p>
      )}
      <div className="sim-solutions">
        {[0, 1, 2, 3].map((i) => (
          <SolutionCard key={i} index={i} totalAtom={cardTotals[i]} />
        ))}
      </div>
      <p className="sim-next">
        <Link className="button button-primary" to="/thermix/resultats">
          Voir les résultats
        </Link>
      </p>
    </div>
  );
}
