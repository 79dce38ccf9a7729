import { useState } from 'react';
import type {
  Explanation,
  ReferenceData,
  ThermixExplanations,
  ThermixRequest,
  ThermixResponse,
} from '../../../../../engine/simulators';
import { BarChart } from '../../shared/charts/BarChart';
import { LineChart } from '../../shared/charts/LineChart';
import { euros, eurosPerYear, kgCo2PerYear, kwhPerYear, number, percent, withUnit } from '../../shared/format';
import { ExplanationDialog } from './ExplanationDialog';
import { shownSolutions, type ShownSolution } from './figures';

interface Figure {
  key: string;
  label: string;
  value: string;
}

function figuresOf(response: ThermixResponse, s: ShownSolution): Figure[] {
  const r = response.solutionsResults[s.position];
  const series = response.periodTotalCostSeries;
  const out: Figure[] = [
    { key: 'periodTotalCost', label: 'Coût global sur 20 ans', value: euros(r.periodTotalCost) },
    { key: 'periodTotalCostByYear', label: 'Coût global moyen par an', value: eurosPerYear(r.periodTotalCostByYear) },
    { key: 'investment', label: 'Investissement après aides', value: euros(series.investment[s.position]) },
    { key: 'combustibleCost', label: 'Énergie sur 20 ans', value: euros(series.combustibleCost[s.position]) },
    { key: 'carbonReport', label: 'Émissions de CO₂', value: kgCo2PerYear(r.carbonReport) },
    {
      key: 'carbonReportKmEquivalent',
      label: 'Équivalent en voiture',
      value: withUnit(r.carbonReportKmEquivalent, 'km/an', 0),
    },
    {
      key: 'finalEnergyConsumption',
      label: "Consommation d'énergie finale",
      value: kwhPerYear(r.finalEnergyConsumption),
    },
    {
      key: 'primaryEnergyConsumption',
      label: "Consommation d'énergie primaire",
      value: kwhPerYear(r.primaryEnergyConsumption),
    },
    {
      key: 'renewableProductionRatio',
      label: "Part d'énergie renouvelable",
      value: percent(r.renewableProductionRatio),
    },
  ];
  return out;
}

/** A need no system of the solution produces: its cost and emissions are not in the figures. */
function UncoveredNotice({
  uncovered,
}: {
  uncovered: ThermixResponse['solutionsResults'][number]['uncoveredNeeds'] | undefined;
}) {
  if (!uncovered || (uncovered.heating <= 0 && uncovered.hotWater <= 0)) return null;
  const parts = [
    ...(uncovered.heating > 0 ? [`${kwhPerYear(uncovered.heating)} de chauffage`] : []),
    ...(uncovered.hotWater > 0 ? [`${kwhPerYear(uncovered.hotWater)} d’eau chaude`] : []),
  ];
  return (
    <p className="notice notice-warning sim-uncovered">
      Besoin non couvert : {parts.join(' et ')}. Aucun système de cette solution ne le produit : son coût et ses
      émissions ne sont pas comptés, la comparaison avec les autres solutions en est faussée.
    </p>
  );
}

const minMax = (values: number[], names: string[], format: (v: number) => string) => {
  if (!values.length) return '';
  const lo = values.indexOf(Math.min(...values));
  const hi = values.indexOf(Math.max(...values));
  if (values.length === 1) return `${names[0]} : ${format(values[0])}.`;
  return `La plus basse : ${names[lo]} (${format(values[lo])}) ; la plus haute : ${names[hi]} (${format(values[hi])}).`;
};

/**
 * The results of a thermix calculation: one card of figures per solution, each figure explained on
 * demand, then the four charts. Used by the results tab and by the printable report page.
 */
export function ResultsView(props: {
  request: ThermixRequest;
  response: ThermixResponse;
  explanations?: ThermixExplanations | null;
  data: ReferenceData;
  printable?: boolean;
}) {
  const { request, response, explanations, data } = props;
  const [open, setOpen] = useState<{ explanation: Explanation; context: string } | null>(null);
  const shown = shownSolutions(request, response);
  const names = shown.map((s) => s.name);
  const series = response.periodTotalCostSeries;
  const multi = request.needs.housingCategory === 'multi_unit';
  const explain = (s: ShownSolution, key: string) =>
    explanations?.solutions[s.position]?.explanations.find((e) => e.key === key) ?? null;
  const totals = shown.map((s) => response.solutionsResults[s.position].periodTotalCost);
  const energyLabel = (id: string) => data.energies.find((e) => e.identifier === id)?.label ?? id;
  const prices = response.yearlyEnergiesPricesSeries.filter((p) => p.yearlyPrices.length > 0);
  const years = prices.flatMap((p) => p.yearlyPrices.map((y) => y.year));
  const required = response.metroGrenobleRequiredEnergyProd;
  const costsSummary =
    `Énergie, entretien${multi ? ', provisions' : ''} et investissement (après aides) cumulés sur 20 ans. ` +
    minMax(totals, names, euros);
  const totalsText = shown.map((s, i) => `${s.name} ${euros(totals[i])}`).join(', ');
  const cumulatedSummary =
    'Ce que chaque solution a coûté, investissement compris, ' +
    `à la fin de chaque année de ${request.year} à ${request.year + 19}. Au bout de 20 ans : ${totalsText}.`;
  const renewableShares = shown
    .map((s) => `${s.name} ${percent(response.solutionsResults[s.position].renewableProductionRatio)}`)
    .join(', ');
  const energySummary =
    'Par an : énergie finale achetée, énergie primaire correspondante et production renouvelable ' +
    `(chaleur renouvelable et électricité renouvelable). Part renouvelable : ${renewableShares}.`;
  const priceRises = prices
    .map((p) => {
      const rise = p.priceVariation === null ? '–' : percent(p.priceVariation, 2);
      return `${energyLabel(p.identifier).toLowerCase()} ${rise}`;
    })
    .join(', ');
  const pricesSummary =
    `Prix moyens observés de ${Math.min(...years)} à ${Math.max(...years)}${multi ? ' (logement collectif)' : ''}, ` +
    `en centimes d'euro par kWh. Hausse annuelle retenue : ${priceRises}.`;

  return (
    <div className="sim-results">
      {required !== null && (
        <p className="notice notice-warning">
          Mode métropole, construction neuve de plus de 1 000 m² : production d'énergie renouvelable exigée de{' '}
          <strong>{kwhPerYear(required)}</strong>.
        </p>
      )}
      <div className="sim-result-cards">
        {shown.map((s) => (
          <article key={s.position} className="card sim-result-card" aria-labelledby={`result-${s.position}`}>
            <h3 id={`result-${s.position}`}>{s.name}</h3>
            <p className="muted small">{s.systems}</p>
            <UncoveredNotice uncovered={response.solutionsResults[s.position].uncoveredNeeds} />
            <dl className="sim-figures">
              {figuresOf(response, s).map((f) => {
                const e = explain(s, f.key);
                return (
                  <div key={f.key} className={`sim-figure${f.key === 'periodTotalCost' ? ' is-headline' : ''}`}>
                    <dt>{f.label}</dt>
                    <dd>
                      <span className="sim-figure-value" data-figure={`${s.position}-${f.key}`}>
                        {f.value}
                      </span>
                      {e && !props.printable && (
                        <button
                          type="button"
                          className="link-button sim-explain"
                          aria-label={`Comment est-ce calculé ? ${f.label}, ${s.name}`}
                          onClick={() => setOpen({ explanation: e, context: s.name })}
                        >
                          Comment est-ce calculé ?
                        </button>
                      )}
                    </dd>
                  </div>
                );
              })}
              {series.periodTotalCostWithoutSolar[s.position] !== null && (
                <div className="sim-figure">
                  <dt>Coût global sans le solaire</dt>
                  <dd>
                    <span className="sim-figure-value">{euros(series.periodTotalCostWithoutSolar[s.position])}</span>
                  </dd>
                </div>
              )}
            </dl>
          </article>
        ))}
      </div>

      <div className="sim-charts">
        <BarChart
          title="Coût global sur 20 ans, par poste"
          summary={costsSummary}
          categories={names}
          stacked
          unit="€"
          format={(v) => euros(v)}
          series={[
            { label: 'Énergie', values: shown.map((s) => series.combustibleCost[s.position]) },
            { label: 'Entretien', values: shown.map((s) => series.maintenanceCost[s.position]) },
            ...(multi
              ? [{ label: 'Provisions pour gros travaux', values: shown.map((s) => series.provisionsCost[s.position]) }]
              : []),
            { label: 'Investissement après aides', values: shown.map((s) => series.investment[s.position]) },
          ]}
        />
        <LineChart
          title="Coût cumulé au fil des années"
          summary={cumulatedSummary}
          unit="€"
          format={(v) => euros(v)}
          series={shown.map((s) => ({
            label: s.name,
            points: response.periodCostEvolutionSeries[s.position].map((p) => ({ x: p.year, y: p.cumulatedCost })),
          }))}
        />
        <BarChart
          title="Émissions de gaz à effet de serre"
          summary={`Émissions annuelles de CO₂ de chaque solution. ${minMax(
            shown.map((s) => response.solutionsResults[s.position].carbonReport),
            names,
            kgCo2PerYear,
          )}`}
          categories={names}
          unit="kg CO₂/an"
          format={(v) => kgCo2PerYear(v)}
          series={[
            { label: 'Émissions de CO₂', values: shown.map((s) => response.solutionsResults[s.position].carbonReport) },
          ]}
        />
        <BarChart
          title="Énergie consommée et énergie renouvelable"
          summary={energySummary}
          categories={names}
          unit="kWh/an"
          format={(v) => kwhPerYear(v)}
          series={[
            {
              label: 'Énergie finale',
              values: shown.map((s) => response.solutionsResults[s.position].finalEnergyConsumption),
            },
            {
              label: 'Énergie primaire',
              values: shown.map((s) => response.solutionsResults[s.position].primaryEnergyConsumption),
            },
            {
              label: 'Production renouvelable',
              values: shown.map((s) => response.environmentalIndicatorsSeries.totalRenewableProduction[s.position]),
            },
          ]}
        />
        {prices.length > 0 && (
          <LineChart
            title="Prix annuels des énergies"
            summary={pricesSummary}
            unit="c€/kWh"
            format={(v) => (v === null ? '–' : withUnit(v, 'c€/kWh', 2))}
            series={prices.map((p) => ({
              label: energyLabel(p.identifier),
              points: p.yearlyPrices.map((y) => ({ x: y.year, y: y.price })),
            }))}
          />
        )}
      </div>
      <ExplanationDialog
        explanation={open?.explanation ?? null}
        context={open?.context ?? ''}
        onClose={() => setOpen(null)}
      />
      <p className="muted small">
        Les montants sont calculés sur 20 ans avec les prix et hausses indiqués ; la taxe carbone est déjà comprise dans
        les prix des énergies et n’est pas comptée une seconde fois. {number(request.thermalSolarProdByM2, 0)} kWh
        produits par m² de capteurs solaires et par an.
      </p>
    </div>
  );
}
