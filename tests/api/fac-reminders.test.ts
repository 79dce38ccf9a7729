import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// « Mes rappels » (docs/file-area.md): `?persons=me` is the caller among a reminder's persons,
// narrowed by the view rule (no reminder of another structure however it is filtered); a
// recurring reminder marked done rolls forward to its next day (reference §8.5).

type Rec = Record<string, unknown>;
const pks = (body: unknown) => (body as { pk: number }[]).map((r) => r.pk);

describe.each(DIALECTS)('fac reminders on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  const me: Record<string, number> = {};
  appOn(dialect, (app) => {
    t = app;
  });

  async function post(path: string, who: string, body: Rec): Promise<Rec> {
    const res = await t.call(path, { method: 'POST', token: token[who], body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Rec;
  }

  const tag = `${dialect}r`;
  const rem: Record<string, Rec> = {};

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    token.admin = await t.login('admin@demo.fr');
    const c = await post('/fac/contact/', 'advisor', { firstName: 'Rose', lastName: `Rappel${tag}` });
    const o = await post('/fac/contact/', 'neighbour', { firstName: 'Victor', lastName: `Voisin${tag}` });
    const notes = await Promise.all(
      ['a', 'b', 'c'].map((n) => post('/fac/note/', 'advisor', { contact: c.pk, note: `<p>${n}</p>` })),
    );
    const other = await post('/fac/note/', 'neighbour', { contact: o.pk, note: '<p>voisin</p>' });
    me.advisor = notes[0].creator as number;
    me.neighbour = other.creator as number;
    rem.mine = await post('/fac/reminder/', 'advisor', {
      note: notes[0].pk,
      date: '2026-01-05',
      persons: [me.advisor],
    });
    rem.notMine = await post('/fac/reminder/', 'advisor', { note: notes[1].pk, date: '2026-01-06', persons: [] });
    rem.weekly = await post('/fac/reminder/', 'advisor', {
      note: notes[2].pk,
      date: '2026-01-07',
      persons: [me.advisor],
      recurrences: 'RRULE:FREQ=WEEKLY',
    });
    rem.neighbours = await post('/fac/reminder/', 'neighbour', {
      note: other.pk,
      date: '2026-01-05',
      persons: [me.neighbour],
    });
  });

  it('lists the caller’s reminders with ?persons=me, by date', async () => {
    const res = await t.call('/fac/reminder/?persons=me&done=false&sort=date', { token: token.advisor });
    expect(res.status).toBe(200);
    const got = pks(res.body);
    expect(got).toContain(rem.mine.pk);
    expect(got).toContain(rem.weekly.pk);
    expect(got).not.toContain(rem.notMine.pk);
    expect(got).not.toContain(rem.neighbours.pk);
    expect(got.indexOf(rem.mine.pk as number)).toBeLessThan(got.indexOf(rem.weekly.pk as number));
    const theirs = await t.call('/fac/reminder/?persons=me', { token: token.neighbour });
    expect(pks(theirs.body)).toContain(rem.neighbours.pk);
    expect(pks(theirs.body)).not.toContain(rem.mine.pk);
  });

  it('never shows another structure’s reminder, even filtered on its person', async () => {
    const res = await t.call(`/fac/reminder/?persons=${me.neighbour}`, { token: token.advisor });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    const admin = await t.call(`/fac/reminder/?persons=${me.neighbour}`, { token: token.admin });
    expect(pks(admin.body)).toContain(rem.neighbours.pk);
  });

  it('only reads `me` on relations to users', async () => {
    const res = await t.call('/fac/reminder/?note=me', { token: token.advisor });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('closes a plain reminder and rolls a recurring one forward', async () => {
    const plain = await t.call(`/fac/reminder/${rem.mine.pk}/`, {
      method: 'PATCH',
      token: token.advisor,
      body: { done: true },
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect([plain.body.done, plain.body.date]).toEqual([true, '2026-01-05']);
    const rolled = await t.call(`/fac/reminder/${rem.weekly.pk}/`, {
      method: 'PATCH',
      token: token.advisor,
      body: { done: true },
    });
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    const next = rolled.body.date as string;
    // A Wednesday like the first date, strictly after today (the first date is long past).
    expect(rolled.body.done).toBe(false);
    expect(new Date(`${next}T12:00:00Z`).getUTCDay()).toBe(3);
    expect(next > new Date().toISOString().slice(0, 10)).toBe(true);
    const left = await t.call('/fac/reminder/?persons=me&done=false', { token: token.advisor });
    expect(pks(left.body)).not.toContain(rem.mine.pk);
    expect(pks(left.body)).toContain(rem.weekly.pk);
  });

  it('dates a rule sent without a date on its first day from today', async () => {
    const c = await post('/fac/contact/', 'advisor', { firstName: 'Régis', lastName: `Règle${tag}` });
    const n = await post('/fac/note/', 'advisor', { contact: c.pk, note: '<p>r</p>' });
    const r = await post('/fac/reminder/', 'advisor', { note: n.pk, recurrences: 'RRULE:FREQ=DAILY' });
    const today = new Date().toISOString().slice(0, 10);
    // Paris may already be on the next day late in the UTC evening.
    expect([today, new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)]).toContain(r.date);
  });
});
