import { useAtomValue } from 'jotai';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { whiteLabelAtom } from '../../../state/session';
import { notify } from '../../../shell/notifications';
import { SimulatorDataGate } from '../shared/simulator-data';
import { Tabs } from '../shared/Tabs';
import '../shared/simulators.css';
import { NeedsTab } from './components/NeedsTab';
import { SolutionsTab } from './components/SolutionsTab';
import { ResultsTab } from './components/ResultsTab';
import { EstimationPage } from './estimations/EstimationPage';
import { estimationPage } from './estimations/pages';
import { estimationsAtom, metropoleAtom, needsAtom } from './state/atoms';
import { metropoleOn } from './rules/metropole';
import { useThermixActions } from './state/use-thermix';

const TABS = [
  { slug: 'mes-besoins', label: 'Besoins' },
  { slug: 'solutions', label: 'Solutions' },
  { slug: 'resultats', label: 'Résultats' },
];

function Estimation({ slug }: { slug: string }) {
  const page = estimationPage(slug);
  const needs = useAtomValue(needsAtom);
  const metropole = useAtomValue(metropoleAtom);
  const actions = useThermixActions();
  const navigate = useNavigate();
  if (!page) return <Navigate to="/thermix/mes-besoins" replace />;
  return (
    <EstimationPage
      page={page}
      inputs={estimationsAtom}
      housingCategory={needs.housingCategory}
      metropole={metropoleOn(metropole)}
      altitudeHint={metropole.enabled ? metropole.altitude : null}
      backTo="/thermix/mes-besoins"
      onApply={(e) => {
        const keep =
          needs.renovationType === 'heating_system_renovation' && page.renovationType === 'systems_renovation';
        actions.changeNeeds({
          heating: Math.round(e.heating),
          hotWater: Math.round(e.hotWater),
          ...(page.renovationType && !keep ? { renovationType: page.renovationType } : {}),
        });
        notify('Vos besoins ont été remplis avec cette estimation.', 'success');
        navigate('/thermix/mes-besoins');
      }}
    />
  );
}

function Thermix() {
  const { tab, estimation } = useParams();
  const actions = useThermixActions();
  const current = estimation ? 'mes-besoins' : (tab ?? 'mes-besoins');
  if (!TABS.some((t) => t.slug === current)) return <Navigate to="/thermix/mes-besoins" replace />;
  return (
    <Tabs
      base="/thermix"
      tabs={TABS}
      current={current}
      label="Étapes de la simulation"
      onLeave={(from) => {
        if (from === 'solutions') actions.compact();
      }}
    >
      {current === 'mes-besoins' &&
        (estimation ? <Estimation slug={estimation} /> : <NeedsTab base="/thermix/mes-besoins" />)}
      {current === 'solutions' && <SolutionsTab />}
      {current === 'resultats' && <ResultsTab />}
    </Tabs>
  );
}

/**
 * The heating and hot-water simulator (spec 02 §2): needs, up to four solutions, results with
 * charts, explanations and the PDF report. Public; the whole simulation stays in sessionStorage.
 */
export default function ThermixScreen() {
  const wl = useAtomValue(whiteLabelAtom);
  const name = typeof wl?.thermixName === 'string' && wl.thermixName ? wl.thermixName : 'Thermix';
  const baseline =
    typeof wl?.thermixBaseline === 'string' && wl.thermixBaseline
      ? wl.thermixBaseline
      : 'Comparer les systèmes de production de chauffage';
  // The page title stays the route's, shown before this lazy screen loads (it used to change to
  // the white label's name under the user's eyes); the name leads the baseline.
  return (
    <div className="sim">
      <p className="lead">{`${name} : ${baseline}`}</p>
      <SimulatorDataGate>
        <Thermix />
      </SimulatorDataGate>
    </div>
  );
}
