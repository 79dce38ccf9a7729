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

  constructor(values: string[]) {
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
    this.memo = this.size <= MEMO_LIMIT ? new Float64Array(this.size * this.size).fill(NaN) : null;
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

function contactScreen(rows: Scored[]): Screen {
  const [first, last, email] = ['first_name', 'last_name', 'email'].map(
    (f) => new Field(rows.map((r) => r[f] ?? '')),
  ) as [Field, Field, Field];
  return (a, b) => {
    const q0 = first.quick(a, b);
    const q1 = last.quick(a, b);
    // The e-mail's ratio is at most 1: most pairs of a structure are settled by the two names.
    if ((q0 + q1 + 1) / 3 <= DUPLICATE_THRESHOLD) return true;
    return (q0 + q1 + email.quick(a, b)) / 3 <= DUPLICATE_THRESHOLD;
  };
}

function organizationScreen(rows: Scored[]): Screen {
  const clean = (v: string | null) => (v ?? '').trim().toLowerCase();
  const name = new Field(rows.map((r) => clean(r.name)));
  const hasEmail = rows.map((r) => clean(r.email) !== '');
  return (a, b) => {
    const q = name.quick(a, b);
    return q <= DUPLICATE_THRESHOLD && (!hasEmail[a] || !hasEmail[b] || (q + 1) / 2 <= DUPLICATE_THRESHOLD);
  };
}

/**
 * One value's characters with their multiplicity, to take the quick ratio of many other values
 * against it without preparing them: a save compares one record with the thousands of its
 * structure, and sorting each of their values (the full pass's preparation) cost more than the
 * comparisons themselves.
 */
class CharCounts {
  private readonly counts = new Map<number, number>();
  private readonly taken: number[] = [];
  readonly length: number;

  constructor(text: string) {
    let length = 0;
    for (const c of text) {
      const p = c.codePointAt(0)!;
      this.counts.set(p, (this.counts.get(p) ?? 0) + 1);
      length++;
    }
    this.length = length;
  }

  /** `quickRatio(this text, other)`. */
  quick(other: string): number {
    let length = 0;
    let matches = 0;
    for (const c of other) {
      length++;
      const p = c.codePointAt(0)!;
      const n = this.counts.get(p);
      if (n) {
        matches++;
        this.counts.set(p, n - 1);
        this.taken.push(p);
      }
    }
    for (const p of this.taken) this.counts.set(p, this.counts.get(p)! + 1);
    this.taken.length = 0;
    return this.length + length ? (2 * matches) / (this.length + length) : 1;
  }
}

/** The same screen as the full pass's, for one record against each of the others. */
function oneRecordScreen(kind: MergeKind, me: Scored): (other: Scored) => boolean {
  if (kind === 'contact') {
    const [first, last, email] = [me.first_name, me.last_name, me.email].map((v) => new CharCounts(v ?? ''));
    return (o) => {
      const q0 = first!.quick(o.first_name ?? '');
      const q1 = last!.quick(o.last_name ?? '');
      if ((q0 + q1 + 1) / 3 <= DUPLICATE_THRESHOLD) return true;
      return (q0 + q1 + email!.quick(o.email ?? '')) / 3 <= DUPLICATE_THRESHOLD;
    };
  }
  const clean = (v: string | null) => (v ?? '').trim().toLowerCase();
  const name = new CharCounts(clean(me.name));
  const hasEmail = clean(me.email) !== '';
  return (o) => {
    const q = name.quick(clean(o.name));
    return q <= DUPLICATE_THRESHOLD && (!hasEmail || clean(o.email) === '' || (q + 1) / 2 <= DUPLICATE_THRESHOLD);
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
  if (only !== undefined) {
    const mine = rows[me]!;
    const settled = oneRecordScreen(kind, mine);
    for (const other of rows)
      if (other !== mine && !settled(other) && exact(kind, mine, other)) pairs.push([mine.pk, other.pk]);
    return pairs;
  }
  const screen = kind === 'contact' ? contactScreen(rows) : organizationScreen(rows);
  let slice = performance.now();
  let steps = 0;
  const compare = (i: number, j: number) => {
    if (!screen(i, j) && exact(kind, rows[i]!, rows[j]!)) pairs.push([rows[i]!.pk, rows[j]!.pk]);
  };
  for (let i = 0; i < rows.length; i++) {
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
