import { setImmediate as nextTurn } from 'node:timers/promises';
import { areDuplicates, DUPLICATE_THRESHOLD } from '../../../engine/file-area/contact-similarity';
import { organizationsAreDuplicates } from '../../../engine/file-area/organization-similarity';
import { quickRatioSorted, sortedCodePoints } from '../../../engine/file-area/sequence-ratio';
import type { MergeKind } from './record-pointers';

export type Scored = { pk: number } & Record<string, string | null>;

/** Above this many distinct values, a field's quick ratios are computed per pair instead of kept. */
const MEMO_LIMIT = 1024;
/** The event loop gets a turn at least this often while pairs are compared. */
const SLICE_MS = 10;

/**
 * One scored field of every row: the distinct values' sorted code points, each row's value index,
 * and (few distinct values, as first names) the quick ratio of each pair of values, computed once.
 */
class Field {
  readonly index: Int32Array;
  private readonly points: Uint32Array[] = [];
  private readonly memo: Float64Array | null;
  private readonly size: number;

  constructor(values: string[], memoise: boolean) {
    const ids = new Map<string, number>();
    this.index = new Int32Array(values.length);
    values.forEach((v, i) => {
      let id = ids.get(v);
      if (id === undefined) {
        id = this.points.length;
        ids.set(v, id);
        this.points.push(sortedCodePoints(v));
      }
      this.index[i] = id;
    });
    this.size = this.points.length;
    this.memo = memoise && this.size <= MEMO_LIMIT ? new Float64Array(this.size * this.size).fill(NaN) : null;
  }

  /** `quickRatio` of rows a and b's values. */
  quick(a: number, b: number): number {
    const x = this.index[a]!;
    const y = this.index[b]!;
    if (!this.memo) return quickRatioSorted(this.points[x]!, this.points[y]!);
    const slot = x * this.size + y;
    let q = this.memo[slot]!;
    if (Number.isNaN(q)) {
      q = quickRatioSorted(this.points[x]!, this.points[y]!);
      this.memo[slot] = q;
    }
    return q;
  }
}

/**
 * Whether rows a and b cannot be duplicates, from difflib's quick ratio (an upper bound of the
 * exact ratio) — the same test, on the same values, as comparing the texts one pair at a time.
 */
type Screen = (a: number, b: number) => boolean;

function contactScreen(rows: Scored[], memoise: boolean): Screen {
  const [first, last, email] = ['first_name', 'last_name', 'email'].map(
    (f) =>
      new Field(
        rows.map((r) => r[f] ?? ''),
        memoise,
      ),
  ) as [Field, Field, Field];
  return (a, b) => {
    const q0 = first.quick(a, b);
    const q1 = last.quick(a, b);
    // The e-mail's ratio is at most 1: most pairs of a structure are settled by the two names.
    if ((q0 + q1 + 1) / 3 <= DUPLICATE_THRESHOLD) return true;
    return (q0 + q1 + email.quick(a, b)) / 3 <= DUPLICATE_THRESHOLD;
  };
}

function organizationScreen(rows: Scored[], memoise: boolean): Screen {
  const clean = (v: string | null) => (v ?? '').trim().toLowerCase();
  const name = new Field(
    rows.map((r) => clean(r.name)),
    memoise,
  );
  const hasEmail = rows.map((r) => clean(r.email) !== '');
  return (a, b) => {
    const q = name.quick(a, b);
    return q <= DUPLICATE_THRESHOLD && (!hasEmail[a] || !hasEmail[b] || (q + 1) / 2 <= DUPLICATE_THRESHOLD);
  };
}

function exact(kind: MergeKind, a: Scored, b: Scored): boolean {
  return kind === 'contact'
    ? areDuplicates(
        { firstName: a.first_name, lastName: a.last_name, email: a.email },
        { firstName: b.first_name, lastName: b.last_name, email: b.email },
      )
    : organizationsAreDuplicates({ name: a.name, email: a.email }, { name: b.name, email: b.email });
}

/**
 * The duplicate pairs among one structure's rows (reference §8.3): with `only`, the pairs of that
 * record; without, every pair. A structure of the national network holds thousands of contacts,
 * so millions of pairs: each value is prepared once, the quick-ratio screen settles nearly every
 * pair, the exact score is computed for the rest, and the event loop gets a turn every few
 * milliseconds so that the process keeps answering requests while a full pass runs.
 */
export async function duplicatePairs(kind: MergeKind, rows: Scored[], only?: number): Promise<[number, number][]> {
  const pairs: [number, number][] = [];
  const me = only === undefined ? -1 : rows.findIndex((r) => r.pk === only);
  if (only !== undefined && me < 0) return pairs;
  // One record against the others meets each pair of values once: nothing to keep.
  const memoise = only === undefined;
  const screen = kind === 'contact' ? contactScreen(rows, memoise) : organizationScreen(rows, memoise);
  let slice = performance.now();
  let steps = 0;
  const compare = (i: number, j: number) => {
    if (!screen(i, j) && exact(kind, rows[i]!, rows[j]!)) pairs.push([rows[i]!.pk, rows[j]!.pk]);
  };
  for (let i = only === undefined ? 0 : me; i < rows.length; i++) {
    if (only !== undefined) {
      for (let j = 0; j < rows.length; j++) if (j !== me) compare(me, j);
      break;
    }
    for (let j = i + 1; j < rows.length; j++) compare(i, j);
    steps += rows.length - i;
    if (steps >= 50_000) {
      steps = 0;
      if (performance.now() - slice >= SLICE_MS) {
        await nextTurn();
        slice = performance.now();
      }
    }
  }
  return pairs;
}
