import { describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import {
  candidateEntries,
  candidateValues,
  createGlobalSearch,
  rankedHolders,
  wordHolders,
} from './global-search-index';
import { setSimilarity, similarity, trigramText, trigramsOfTrigramText } from '../../engine/search/trigram';

// The SQLite side of the global search index on its own: the triggers' trigram counts equal
// engine/search/trigram.ts, the candidates never miss an entry reaching the threshold, and the
// dictionary follows updates and deletions.

const WORDS = ['jean', 'martin', 'martine', 'helene', 'dupont', 'dupond', 'aaaa', 'grenoble', '0476123456', 'fr', 'x'];

async function database() {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  await sql`create table t (pk integer primary key, name text)`.execute(db);
  await createGlobalSearch(db, 'sqlite', { table: 't', column: 'global_search', sources: [], version: 2 });
  return db;
}

/** Deterministic texts of 1–4 words, some long, some repeating their trigrams. */
function texts(count: number): string[] {
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 1 + (next() % 4) }, () => WORDS[next() % WORDS.length]);
    if (i % 17 === 0) words.push(`${WORDS[next() % WORDS.length]}${i}`);
    return trigramText(words.join(' '));
  });
}

describe('global search index on SQLite', () => {
  it('counts the distinct trigrams of each value as trigramsOfTrigramText does', async () => {
    const db = await database();
    const values = [...new Set([...texts(300), 'aaaa aaaa', 'x', 'a'.repeat(600)])];
    for (const [i, v] of values.entries())
      await sql`insert into t (pk, global_search) values (${i + 1}, ${JSON.stringify([v])})`.execute(db);
    const { rows } = await sql<{ value: string; n: number }>`select value, n from t_gsearch_value`.execute(db);
    expect(rows.length).toBe(values.length);
    for (const r of rows) expect(r.n).toBe(trigramsOfTrigramText(r.value).size);
  });

  it('gives every entry reaching the threshold as a candidate', async () => {
    const db = await database();
    const records = texts(400).map((text, i) => ({ pk: i + 1, entries: [text, `${WORDS[i % WORDS.length]} ${i}`] }));
    for (const r of records)
      await sql`insert into t (pk, global_search) values (${r.pk}, ${JSON.stringify(r.entries)})`.execute(db);
    for (const query of ['martin', 'jean martin', 'dupon', 'aaaa', 'grenoble fr', '0476123456', 'x', 'helene 12'])
      for (const threshold of [0.1, 0.3, 0.5, 0.8, 1]) {
        const q = trigramsOfTrigramText(trigramText(query));
        const expected = records.flatMap((r) =>
          r.entries.filter((e) => setSimilarity(trigramsOfTrigramText(e), q) >= threshold).map((e) => `${r.pk} ${e}`),
        );
        const found = new Set(
          (await candidateEntries(db, 'sqlite', 't', trigramText(query), threshold)).map((c) => `${c.pk} ${c.value}`),
        );
        for (const e of expected) expect(found, `${query} at ${threshold}: ${e}`).toContain(e);
      }
  });

  it('keeps the values records hold, and only those', async () => {
    const db = await database();
    await sql`insert into t (pk, global_search) values (1, '["jean","martin"]'), (2, '["jean","dupont"]')`.execute(db);
    await sql`update t set global_search = '["jean","durand"]' where pk = 2`.execute(db);
    await sql`delete from t where pk = 1`.execute(db);
    const { rows } = await sql<{ value: string }>`select value from t_gsearch_value order by value`.execute(db);
    expect(rows.map((r) => r.value)).toEqual(['durand', 'jean']);
    expect((await candidateEntries(db, 'sqlite', 't', 'martin', 0.5)).length).toBe(0);
    expect(await candidateEntries(db, 'sqlite', 't', 'durand', 0.5)).toEqual([{ pk: 2, value: 'durand' }]);
    // Too long for the triggers to cut: no trigram counted, always a candidate.
    const long = 'z'.repeat(3000);
    await sql`insert into t (pk, global_search) values (3, ${JSON.stringify([long])})`.execute(db);
    expect(await candidateEntries(db, 'sqlite', 't', 'zzz', 0.1)).toEqual([{ pk: 3, value: long }]);
  });

  it('ranks lazily as the straightforward scoring of every record does, whatever the page size', async () => {
    const db = await database();
    // Frequent values (a town held by a third of the records, first names), records holding values of
    // several levels, some with no value at all.
    const towns = ['grenoble', 'grenoble', 'grenobl', 'meylan', 'saint martin d heres'];
    const records = Array.from({ length: 300 }, (_, i) => ({
      pk: i + 1,
      entries:
        i % 29 === 0
          ? []
          : [
              WORDS[i % 7],
              WORDS[(i * 5) % WORDS.length],
              towns[i % towns.length],
              ...(i % 3 ? [] : [`jean ${WORDS[i % 4]}`]),
            ],
    }));
    for (const r of records)
      await sql`insert into t (pk, global_search) values (${r.pk}, ${JSON.stringify(r.entries)})`.execute(db);
    const straightforward = (query: string, threshold: number) => {
      const score = (text: string) =>
        new Map(
          records
            .map((r) => [r.pk, Math.max(0, ...r.entries.map((e) => similarity(e, text)))] as const)
            .filter(([, s]) => s >= threshold),
        );
      const ranked = [...score(trigramText(query))].map(([pk, s]) => ({ pk, score: s }));
      const words = query.split(/\s+/).map(trigramText).filter(Boolean);
      if (words.length > 1) {
        const perWord = words.map(score);
        for (const [pk] of perWord[0])
          if (perWord.every((m) => m.has(pk)))
            ranked.push({ pk, score: perWord.reduce((sum, m) => sum + m.get(pk)!, 0) });
      }
      ranked.sort((a, b) => b.score - a.score || a.pk - b.pk);
      const seen = new Set<number>();
      return ranked.filter((h) => !seen.has(h.pk) && seen.add(h.pk));
    };
    const scored = async (text: string, threshold: number) => {
      const q = trigramsOfTrigramText(text);
      const out = new Map<number, number>();
      for (const v of await candidateValues(db, 'sqlite', 't', text, threshold)) {
        const s = setSimilarity(trigramsOfTrigramText(v.value), q);
        if (s >= threshold) out.set(v.id, s);
      }
      return out;
    };
    let compared = 0;
    for (const query of ['grenoble', 'martin', 'jean martin', 'grenoble martin', 'jean', 'dupon', 'x', 'zzz'])
      for (const threshold of [0.3, 0.5, 0.8])
        for (const page of [1, 3, 50]) {
          const want = straightforward(query, threshold);
          const words = query.split(/\s+/).map(trigramText).filter(Boolean);
          const perWord = words.length > 1 ? await Promise.all(words.map((w) => scored(w, threshold))) : [];
          const stream = rankedHolders(
            db,
            'sqlite',
            't',
            await scored(trigramText(query), threshold),
            await wordHolders(db, 't', perWord),
            page,
          );
          const got: { pk: number; score: number }[] = [];
          for await (const hit of stream) got.push(hit);
          expect(got, `${query} at ${threshold}, pages of ${page}`).toEqual(want);
          // Stopped early, it gives the first ones.
          const first: { pk: number; score: number }[] = [];
          for await (const hit of rankedHolders(
            db,
            'sqlite',
            't',
            await scored(trigramText(query), threshold),
            await wordHolders(db, 't', perWord),
            page,
          )) {
            first.push(hit);
            if (first.length === 5) break;
          }
          expect(first).toEqual(want.slice(0, 5));
          compared += want.length;
        }
    expect(compared).toBeGreaterThan(1000);
  });
});
