import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// The period filter of lists whose entity has a calendar block (docs/calendar.md), on the
// advisor downtimes: records that start before `to` and end after `from`, with the list's rights.
describe.each(DIALECTS)('list period (?from=&to=) on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
  });

  const path = '/dialogwatt/advisor-downtime/';
  // The week of Monday 23 November 2026, Paris time.
  const period = (from: string, to: string) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  const week = period('2026-11-23T00:00:00+01:00', '2026-11-30T00:00:00+01:00');

  const create = async (token: string, name: string, startDate: string, endDate: string, advisor = 3) => {
    const res = await t.call(path, { method: 'POST', token, body: { name, advisor, startDate, endDate } });
    expect(res.status).toBe(201);
    return res.body.pk as number;
  };

  it('returns the records overlapping the period, whatever offset they were stored with', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const inside = await create(advisor, 'Dans la semaine', '2026-11-24T10:00:00+01:00', '2026-11-24T11:00:00+01:00');
    // Stored in New York time: Sunday 29 November 23:30 in Paris, the last half hour of the week.
    const lateOffset = await create(
      advisor,
      'Fuseau lointain',
      '2026-11-29T17:30:00-05:00',
      '2026-11-29T17:59:00-05:00',
    );
    const across = await create(advisor, 'À cheval', '2026-11-20T08:00:00Z', '2026-11-23T09:00:00Z');
    const spanning = await create(advisor, 'Toute la semaine', '2026-11-01T08:00:00Z', '2026-12-20T08:00:00Z');
    // Ends exactly when the week starts, starts exactly when it ends: not in it.
    await create(advisor, 'Finit au début', '2026-11-22T20:00:00Z', '2026-11-22T23:00:00Z');
    await create(advisor, 'Commence à la fin', '2026-11-29T23:00:00Z', '2026-11-30T10:00:00Z');
    // Stored with a +14:00 offset: Monday 30 November 00:30 in Paris, after the week.
    await create(advisor, 'Après', '2026-11-30T14:30:00+14:00', '2026-11-30T15:00:00+14:00');

    const res = await t.call(`${path}?${week}&sort=startDate`, { token: advisor });
    expect(res.status).toBe(200);
    expect((res.body as { pk: number }[]).map((r) => r.pk)).toEqual([spanning, across, inside, lateOffset]);
    expect(res.headers.get('x-total-count')).toBeNull();

    // Paginated like any list, with the period's total.
    const page = await t.call(`${path}?${week}&sort=startDate&page=2&perPage=3`, { token: advisor });
    expect((page.body as { pk: number }[]).map((r) => r.pk)).toEqual([lateOffset]);
    expect(page.headers.get('x-total-count')).toBe('4');

    // Combined with the search and the declared filters.
    const searched = await t.call(`${path}?${week}&q=cheval`, { token: advisor });
    expect((searched.body as { pk: number }[]).map((r) => r.pk)).toEqual([across]);
    const otherAdvisor = await t.call(`${path}?${week}&advisor=4`, { token: advisor });
    expect(otherAdvisor.body).toEqual([]);

    // The fixture's training of advisor 4: Thursday 10 to Friday 11 December 2026.
    const december = await t.call(`${path}?${period('2026-12-11T00:00:00+01:00', '2026-12-12T00:00:00+01:00')}`, {
      token: advisor,
    });
    expect((december.body as { name: string }[]).map((r) => r.name).sort()).toEqual([
      'Formation rénovation globale',
      'Toute la semaine',
    ]);
  });

  it('keeps the rights of the list: another structure sees none of these, anonymous must sign in', async () => {
    const neighbour = await t.login('conseiller.voisin@demo.fr');
    const theirs = await t.call(`${path}?${week}`, { token: neighbour });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual([]);
    const admin = await t.login('admin@demo.fr');
    expect(((await t.call(`${path}?${week}`, { token: admin })).body as unknown[]).length).toBe(4);
    const anonymous = await t.call(`${path}?${week}`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses a bad period with a French message', async () => {
    const advisor = await t.login('conseiller@demo.fr');
    const ask = async (query: string, entity = path) => {
      const res = await t.call(`${entity}?${query}`, { token: advisor });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('bad_period');
      return res.body.message as string;
    };
    expect(await ask(`from=${encodeURIComponent('2026-11-23T00:00:00Z')}`)).toBe(
      'Indiquez le début (from) et la fin (to) de la période.',
    );
    expect(await ask('from=2026-02-30T00:00:00Z&to=2026-03-02T00:00:00Z')).toBe(
      'Le paramètre from doit être une date et heure ISO 8601 avec son fuseau, par exemple ' +
        '2026-11-23T00:00:00+01:00 (reçu : « 2026-02-30T00:00:00Z »).',
    );
    // Without an offset the instant is not known.
    expect(await ask('from=2026-11-23T00:00:00Z&to=2026-11-30T00:00:00')).toMatch(/^Le paramètre to doit être/);
    expect(await ask('from=2026-11-23T00:00:00Z&to=lundi')).toMatch(/^Le paramètre to doit être/);
    expect(await ask('from=2026-11-23T00:00:00Z&from=2026-11-24T00:00:00Z&to=2026-11-30T00:00:00Z')).toMatch(
      /^Le paramètre from doit être/,
    );
    expect(await ask('from=2026-11-30T00:00:00Z&to=2026-11-23T00:00:00Z')).toBe(
      'La fin de la période (to) doit être postérieure à son début (from).',
    );
    expect(await ask('from=2026-01-01T00:00:00Z&to=2027-06-01T00:00:00Z')).toBe(
      'La période demandée ne peut pas dépasser 366 jours.',
    );
    expect(await ask('from=2026-11-23T00:00:00Z&to=2026-11-30T00:00:00Z', '/dialogwatt/place/')).toBe(
      "Cette liste ne se filtre pas par période : son entité n'a pas de vue calendrier.",
    );
  });
});
