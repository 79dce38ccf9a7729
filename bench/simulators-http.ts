// Round trip of POST /api/v1/thermix/compute_results with four solutions (ordinary, thermal solar,
// heat pumps, metropole heating network), on localhost over one keep-alive connection, against the
// real server (Express, white-label resolution, AJV validation, engine, JSON). Target: p50 < 2 ms.
// Run: npx tsx bench/simulators-http.ts [requests]   (REQUESTS=20000 by default)
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { createApp, createContext } from '../server/app';
import { seedWhiteLabels } from '../server/seed/seed-demo';
import { seedReferenceData } from '../server/seed/seed-reference';

const TARGET_P50_MS = 2;
const WARM_UP = 2_000;
const REQUESTS = Number(process.argv[2] ?? process.env.REQUESTS ?? 20_000);

// The four kinds of solution of bench/simulators-engine.ts, as the screen sends them: a multi-unit
// building in metropole mode (so the network path runs), systems named by identifier.
const body = JSON.stringify({
  year: 2026,
  thermalSolarProdByM2: 450,
  needs: {
    heating: 185_000,
    hotWater: 35_000,
    housingCategory: 'multi_unit',
    dwellingsNumber: 60,
    renovationType: 'global_renovation',
  },
  solutions: [
    {
      heatingSystems: [
        { identifier: 'gaz_boiler_condensing', productionShare: 0.7, energyPriceVariation: 0.03 },
        { identifier: 'granulated_wood_boiler', productionShare: 0.3 },
      ],
      hotWaterSystems: [{ identifier: 'gaz_boiler_condensing' }],
      financialSupport: true,
      financialSupportAmount: 20_000,
    },
    {
      heatingSystems: [
        { identifier: 'solar_system_combined', solarPanelsSurface: 100 },
        { identifier: 'gaz_boiler_condensing', productionShare: 1 },
      ],
      hotWaterSystems: [
        { identifier: 'solar_system_combined', solarPanelsSurface: 100, estimatedInvestment: 0, maintenanceCost: 0 },
        { identifier: 'gaz_boiler_condensing', productionShare: 1 },
      ],
    },
    {
      heatingSystems: [{ identifier: 'heat_pump_geothermal_lte', efficiency: 3.4 }],
      hotWaterSystems: [{ identifier: 'heat_pump_geothermal_lte', efficiency: 2.04 }],
      renewableElectricity: true,
      renewableElectricityProduction: 20_000,
    },
    {
      heatingSystems: [{ identifier: 'heating_network', index: 0 }],
      hotWaterSystems: [{ identifier: 'heating_network', index: 0 }],
      isMetroGrenoble: true,
    },
  ],
  metroGrenoble: {
    enabled: true,
    renovationType: 'global_renovation',
    floorSurface: 4_000,
    groundSurface: 1_000,
    area: 'B',
    inseeCode: '38185',
  },
});

function post(agent: Agent, port: number, path: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), host: 'localhost' },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

async function measure(agent: Agent, port: number, path: string, count: number, expectedStatus = 200) {
  const times: number[] = [];
  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await post(agent, port, path);
    times.push(performance.now() - t0);
    if (res.status !== expectedStatus) throw new Error(`${path}: HTTP ${res.status}`);
    bytes = res.bytes;
  }
  const elapsed = performance.now() - started;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    perSecond: (count / elapsed) * 1000,
    bytes,
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'reno-bench-'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: `sqlite:${join(dir, 'app.sqlite')}`,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-only-secret',
    CLIENT_DIST: '/nonexistent',
  });
  const app = await createContext(config);
  await seedWhiteLabels(app);
  await seedReferenceData(app);
  const server = createApp(app).listen(0);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const path = '/api/v1/thermix/compute_results';
    await measure(agent, port, path, WARM_UP);
    const result = await measure(agent, port, path, REQUESTS);
    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    console.log(`Node ${process.version}, ${cpu} (${cpus().length} logical CPUs), SQLite, one keep-alive connection`);
    console.log(`${REQUESTS} requests after ${WARM_UP} warm-up ones, response ${result.bytes} bytes`);
    const ms = (v: number) => `${v.toFixed(3)} ms`;
    console.log(
      `compute_results, 4 solutions: p50 ${ms(result.p50)}   p95 ${ms(result.p95)}   p99 ${ms(result.p99)}   ` +
        `${Math.round(result.perSecond)} requests/s   ` +
        `${result.p50 < TARGET_P50_MS ? 'ok' : 'OVER TARGET'} (p50 < ${TARGET_P50_MS} ms)`,
    );
    const explained = await measure(agent, port, `${path}?explain=1`, Math.min(REQUESTS, 2_000));
    console.log(
      `with ?explain=1 (no target):   p50 ${ms(explained.p50)}   p95 ${ms(explained.p95)}   ` +
        `response ${explained.bytes} bytes`,
    );
    // The same body to a path that no route takes (the API's 404): what the machine and the
    // framework cost without the simulator, to read the figures above against.
    const floor = await measure(agent, port, '/api/v1/bench-no-such-route/', Math.min(REQUESTS, 5_000), 404);
    console.log(
      `baseline, same body to the API's 404: p50 ${ms(floor.p50)}   p95 ${ms(floor.p95)}   p99 ${ms(floor.p99)}`,
    );
    if (result.p50 >= TARGET_P50_MS) process.exitCode = 1;
  } finally {
    agent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await app.database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
