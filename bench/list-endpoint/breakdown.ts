// Where a request's time goes, in process (no HTTP): each step of the generic endpoint next to
// the hand-written route's equivalent. Samples of the two sides alternate, so a background job
// on the machine slows both alike. Run inside the bench's server child (it owns the context).
import type { AppContext } from '../../server/context';
import { verifyAccessToken } from '../../server/modules/auth/access-token';
import { loadUser } from '../../server/modules/auth/load-user';
import { resolveWhiteLabel } from '../../server/modules/white-labels/resolve-white-label';
import { find } from '../../server/operations/find';
import { jwtVerify } from 'jose';
import { toJson, type Source } from './hand-written';

export interface BreakdownLine {
  step: string;
  genericMicros: number;
  handWrittenMicros: number | null;
}

const SAMPLES = 21;
/** Calls per sample: about 10 ms of work, between 1 and 200 calls. */
const SAMPLE_MS = 10;

async function perCall(run: () => unknown, calls: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < calls; i++) await run();
  return ((performance.now() - start) / calls) * 1000;
}

async function callsFor(run: () => unknown): Promise<number> {
  await run();
  const once = (await perCall(run, 3)) / 1000;
  return Math.max(1, Math.min(200, Math.round(SAMPLE_MS / Math.max(once, 0.001))));
}

/** Median µs per call of each side, samples alternating between the two. */
async function compare(generic: () => unknown, hand: (() => unknown) | null): Promise<[number, number | null]> {
  const g: number[] = [];
  const h: number[] = [];
  const gCalls = await callsFor(generic);
  const hCalls = hand ? await callsFor(hand) : 0;
  for (let i = 0; i < 3; i++) {
    await perCall(generic, gCalls);
    if (hand) await perCall(hand, hCalls);
  }
  for (let s = 0; s < SAMPLES; s++) {
    g.push(await perCall(generic, gCalls));
    if (hand) h.push(await perCall(hand, hCalls));
  }
  const median = (v: number[]) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)];
  return [median(g), hand ? median(h) : null];
}

export async function breakdown(
  app: AppContext,
  source: Source,
  token: string,
  jwtSecret: string,
): Promise<BreakdownLine[]> {
  const secret = new TextEncoder().encode(jwtSecret);
  const claims = (await verifyAccessToken(app, token))!;
  const { info } = await resolveWhiteLabel(app, 'localhost');
  const user = (await loadUser(app, claims.userPk))!.rule;
  const ctx = { app, user, whiteLabel: info };
  const query = { page: 1, perPage: 10, sort: 'name' };
  const total = (await find(ctx, 'place', query)).total!;
  const lastPage = Math.ceil(total / 10);
  const lines: BreakdownLine[] = [];
  const add = async (step: string, generic: () => unknown, hand: (() => unknown) | null) => {
    const [g, h] = await compare(generic, hand);
    lines.push({ step, genericMicros: g, handWrittenMicros: h });
  };
  await add('white label (cached 1 s)', () => resolveWhiteLabel(app, 'localhost'), null);
  await add(
    'access token (jose HS256)',
    () => verifyAccessToken(app, token),
    () => jwtVerify(token, secret, { algorithms: ['HS256'] }),
  );
  await add(
    'user and structure',
    () => loadUser(app, claims.userPk),
    () => source.user(claims.userPk),
  );
  await add(
    'page 1 and total, as JSON-ready records',
    () => find(ctx, 'place', query),
    async () => {
      const rows = await source.page('name', false, false, 10, 0);
      await source.count(false);
      return rows.map(toJson);
    },
  );
  const { records } = await find(ctx, 'place', query);
  await add('JSON.stringify of the page', () => JSON.stringify(records), null);
  for (const [label, page] of [
    ['middle', Math.ceil(lastPage / 2)],
    ['last', lastPage],
  ] as const) {
    await add(
      `(${label} page and total instead: p.${page})`,
      () => find(ctx, 'place', { ...query, page }),
      async () => {
        const rows = await source.page('name', false, false, 10, (page - 1) * 10);
        await source.count(false);
        return rows.map(toJson);
      },
    );
  }
  return lines;
}
