// Time per solution of the thermix engine, in process (target: at most 0.1 ms per solution).
// Run: npx tsx bench/simulators-engine.ts
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { computeResults } from '../engine/simulators/thermix/compute-results';
import { explainThermixResults } from '../engine/simulators/thermix/explain/explain-results';
import { proposeTherminix } from '../engine/simulators/therminix/propose';
import type { ThermixRequest, ThermixSolution } from '../engine/simulators/thermix/request-types';
import type { ReferenceData } from '../engine/simulators/reference/types';

const TARGET_MS = 0.1;
const WARM_UP_CALLS = 20_000;
const SAMPLES = 2_000;
const CALLS_PER_SAMPLE = 50;

const dataPath = fileURLToPath(new URL('../fixtures/reference/energies-reference-data.json', import.meta.url));
const data = JSON.parse(readFileSync(dataPath, 'utf8')) as ReferenceData;
const id = (identifier: string): number =>
  data.productionSystems.find((system) => system.identifier === identifier)!.id;

// The four kinds of solution the brief names, each with two heating and two hot-water entries where
// the screen would send them, in a multi-unit building in metropole mode (so the network path runs).
const solutions: Record<string, ThermixSolution> = {
  ordinary: {
    heatingSystems: [
      { productionSystem: id('gaz_boiler_condensing'), productionShare: 0.7, energyPriceVariation: 0.03 },
      { productionSystem: id('granulated_wood_boiler'), productionShare: 0.3 },
    ],
    hotWaterSystems: [{ productionSystem: id('gaz_boiler_condensing') }],
    financialSupport: true,
    financialSupportAmount: 20_000,
  },
  solar: {
    heatingSystems: [
      { productionSystem: id('solar_system_combined'), solarPanelsSurface: 100 },
      { productionSystem: id('gaz_boiler_condensing'), productionShare: 1 },
    ],
    hotWaterSystems: [
      { productionSystem: id('solar_system_combined'), solarPanelsSurface: 100 },
      { productionSystem: id('gaz_boiler_condensing'), productionShare: 1 },
    ],
  },
  heatPumps: {
    heatingSystems: [{ productionSystem: id('heat_pump_geothermal_lte'), efficiency: 3.4 }],
    hotWaterSystems: [{ productionSystem: id('heat_pump_geothermal_lte'), efficiency: 2.04 }],
    renewableElectricity: true,
    renewableElectricityProduction: 20_000,
  },
  metropoleNetwork: {
    heatingSystems: [{ productionSystem: id('heating_network'), index: 0 }],
    hotWaterSystems: [{ productionSystem: id('heating_network'), index: 0 }],
    isMetroGrenoble: true,
  },
};

function request(chosen: ThermixSolution[]): ThermixRequest {
  return {
    year: 2024,
    thermalSolarProdByM2: 450,
    needs: { heating: 185_000, hotWater: 35_000, housingCategory: 'multi_unit', dwellingsNumber: 60 },
    solutions: chosen,
    metroGrenoble: { enabled: true, renovationType: 'global_renovation', floorSurface: 4_000, groundSurface: 1_000 },
  };
}

/** Median and p95 of `run`, in ms per unit of work, after a warm-up. */
function timeIt(
  run: () => void,
  units: number,
  callsPerSample = CALLS_PER_SAMPLE,
  samples = SAMPLES,
): { median: number; p95: number } {
  for (let call = 0; call < Math.min(WARM_UP_CALLS, callsPerSample * samples); call++) run();
  const perUnitMs: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const start = performance.now();
    for (let call = 0; call < callsPerSample; call++) run();
    perUnitMs.push((performance.now() - start) / callsPerSample / units);
  }
  perUnitMs.sort((a, b) => a - b);
  return { median: perUnitMs[Math.floor(samples / 2)], p95: perUnitMs[Math.floor(samples * 0.95)] };
}

const µs = (ms: number) => (ms * 1000).toFixed(2).padStart(8);

function measure(label: string, body: ThermixRequest): void {
  const { median, p95 } = timeIt(() => computeResults(body, data, { currentYear: 2024 }), body.solutions.length);
  const verdict = p95 <= TARGET_MS ? 'ok' : 'OVER TARGET';
  console.log(`${label.padEnd(40)} median ${µs(median)} µs   p95 ${µs(p95)} µs   ${verdict}`);
}

console.log(
  `thermix computeResults, time per solution (Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ` +
    `${SAMPLES} samples of ${CALLS_PER_SAMPLE} calls, target ${TARGET_MS * 1000} µs)`,
);
for (const [name, solution] of Object.entries(solutions)) measure(`${name} (1 solution)`, request([solution]));
measure('all four in one request (per solution)', request(Object.values(solutions)));

console.log('\nFor information (no target):');
const all = request(Object.values(solutions));
const response = computeResults(all, data, { currentYear: 2024 });
const explained = timeIt(() => explainThermixResults(all, response, data), all.solutions.length, 10, 500);
console.log(
  `${'explainThermixResults (per solution)'.padEnd(40)} ` +
    `median ${µs(explained.median)} µs   p95 ${µs(explained.p95)} µs`,
);
const house = {
  housingType: 'individual',
  renovationType: 'systems_renovation',
  floorSurface: 110,
  heatingSystem: 'oil_boiler_standard',
  hotWaterSystem: 'oil_boiler_standard',
  heatingNeeds: 15_000,
  hotWaterNeeds: 3_000,
};
const proposed = timeIt(() => proposeTherminix(house, data, { currentYear: 2024 }), 1, 2, 200);
console.log(
  `${'proposeTherminix (individual house)'.padEnd(40)} median ${µs(proposed.median)} µs   p95 ${µs(proposed.p95)} µs`,
);
