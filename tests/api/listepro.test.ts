import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { create } from '../../server/operations/write';
import { systemContext } from '../../server/seed/system-context';
import { readDirectoryFixture } from '../../server/seed/seed-directory';
import demoPros from '../../fixtures/demo/listepro-professional.json';
import demoPresentations from '../../fixtures/demo/listepro-presentation.json';

// The professionals directory (issue 13 item 1 and 2): reference data with the file's ids, the
// rights of spec 03 §6 on the server (not the reference's open ones, §8.1), and the public search.

const D = '/listepro';
const ref = readDirectoryFixture();

interface SearchPage {
  seed: number;
  page: number;
  total: number;
  results: { pk: number; name: string }[];
}

describe.each(DIALECTS)('professionals directory on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });
  beforeAll(async () => {
    for (const [k, email] of Object.entries({
      pro: 'pro@demo.fr',
      unvalidated: 'renov-nord-isere@demo.fr',
      listepro: 'listepro@demo.fr',
      advisor: 'conseiller@demo.fr',
      client: 'client@demo.fr',
    }))
      tokens[k] = await t.login(email);
  });
  const search = async (query: string, domain = 'annuaire.localhost') =>
    t.call(`${D}/public/search/?${query}`, { domain }) as Promise<{ status: number; body: SearchPage }>;

  it('loads the reference data with the data file ids, and the help texts', async () => {
    const links = await t.call(`${D}/link/?perPage=200`, { domain: 'annuaire.localhost' });
    expect(links.status).toBe(200);
    expect((links.body as unknown[]).length).toBe(ref.segmentActivitySubMissionLinks.length);
    const subs = (await t.call(`${D}/sub-mission/?perPage=200`)).body as {
      pk: number;
      name: string;
      mission: number;
    }[];
    expect(subs.map((s) => [s.pk, s.name, s.mission]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      ref.subMissions.map((s) => [s.id, s.name, s.mission]).sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const jobs = (await t.call(`${D}/job/?perPage=200`)).body as { pk: number; name: string; formType: string }[];
    expect(jobs).toHaveLength(ref.jobs.length);
    expect(jobs.find((j) => j.pk === 10)).toMatchObject({ name: 'Banques', formType: 'bank' });
    const helpers = (await t.call(`${D}/helper/`)).body as { name: string }[];
    expect(helpers.map((h) => h.name).sort()).toEqual(['acces-professionnel', 'actualites', 'aide-utilisateur']);
  });

  it('lets the public read valid, published sheets only, and each professional their own', async () => {
    const publicList = (await t.call(`${D}/professional/?perPage=200`)).body as { pk: number }[];
    const visible = demoPros.filter((p) => p.proIsValid && p.transitionState === 'published').map((p) => p.pk);
    expect(publicList.map((p) => p.pk).sort()).toEqual(visible.sort());
    expect((await t.call(`${D}/professional/6/`)).status).toBe(401);
    expect((await t.call(`${D}/professional/6/`, { token: tokens.client })).status).toBe(403);
    // Its own professional reads it; the team reads every sheet.
    expect((await t.call(`${D}/professional/6/`, { token: tokens.unvalidated })).status).toBe(200);
    const all = (await t.call(`${D}/professional/?perPage=200`, { token: tokens.advisor })).body as unknown[];
    expect(all).toHaveLength(demoPros.length);
    // Presentations, notes and history are never public; a note never reaches the professional.
    expect((await t.call(`${D}/presentation/1/`)).status).toBe(401);
    expect((await t.call(`${D}/note/?perPage=200`, { token: tokens.pro })).status).toBe(403);
    expect(((await t.call(`${D}/note/?perPage=200`, { token: tokens.listepro })).body as unknown[]).length).toBe(1);
  });

  it('lets a professional edit their own sheet only, never validate or publish it', async () => {
    const own = await t.call(`${D}/professional/6/`, {
      method: 'PATCH',
      token: tokens.unvalidated,
      body: { phoneNumber: '04 74 00 00 99', url: 'https://renov-nord-isere.example.fr' },
    });
    expect(own.status).toBe(200);
    expect(own.body.url).toBe('https://renov-nord-isere.example.fr');
    const other = await t.call(`${D}/professional/1/`, {
      method: 'PATCH',
      token: tokens.unvalidated,
      body: { name: 'X' },
    });
    expect(other.status).toBe(403);
    // The team's fields are locked for a professional (readOnlyIf): what they send there is not
    // written — the generic write keeps the stored value, as for every locked field.
    for (const body of [{ proIsValid: true }, { transitionState: 'published' }, { labels: [1] }]) {
      const res = await t.call(`${D}/professional/6/`, { method: 'PATCH', token: tokens.unvalidated, body });
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body).toMatchObject({ proIsValid: false, transitionState: 'in_validation', labels: [] });
    }
    const mine = await t.call(`${D}/professional/`, {
      method: 'POST',
      token: tokens.unvalidated,
      body: { user: 13, name: 'Seconde agence', proIsValid: true, transitionState: 'published' },
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(mine.body).toMatchObject({ proIsValid: false, transitionState: 'initial' });
    expect(
      (
        await t.call(`${D}/professional/`, {
          method: 'POST',
          token: tokens.unvalidated,
          body: { user: 6, name: 'Pas à moi' },
        })
      ).body.errors[0].code,
    ).toBe('relation_missing'); // another's account is not even offered (security review 18)
    const after = (await t.call(`${D}/professional/6/`, { token: tokens.listepro })).body;
    expect(after).toMatchObject({ proIsValid: false, transitionState: 'in_validation', labels: [] });
    // Its draft presentation: the description yes, the version no; another's presentation no.
    const draft = demoPresentations.find((p) => p.professional === 6)!;
    expect(
      (
        await t.call(`${D}/presentation/${draft.pk}/`, {
          method: 'PATCH',
          token: tokens.unvalidated,
          body: { description: '<p>Neuf</p>' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.call(`${D}/presentation/${draft.pk}/`, {
          method: 'PATCH',
          token: tokens.unvalidated,
          body: { version: 'published' },
        })
      ).body.version,
    ).toBe('draft');
    expect(
      (await t.call(`${D}/presentation/1/`, { method: 'PATCH', token: tokens.unvalidated, body: { description: 'x' } }))
        .status,
    ).toBe(403);
    // Nobody but the directory's administrators deletes a sheet (the reference let anyone).
    expect((await t.call(`${D}/professional/6/`, { method: 'DELETE' })).status).toBe(401);
    expect((await t.call(`${D}/professional/6/`, { method: 'DELETE', token: tokens.unvalidated })).status).toBe(403);
    expect((await t.call(`${D}/professional/6/`, { method: 'DELETE', token: tokens.advisor })).status).toBe(403);
    // Reference data: written by the directory's administrators only.
    const activity = { name: 'gîte', order: 9 };
    expect((await t.call(`${D}/activity/`, { method: 'POST', body: activity })).status).toBe(401);
    expect((await t.call(`${D}/activity/`, { method: 'POST', token: tokens.pro, body: activity })).status).toBe(403);
    expect((await t.call(`${D}/activity/`, { method: 'POST', token: tokens.advisor, body: activity })).status).toBe(
      403,
    );
    const made = await t.call(`${D}/activity/`, { method: 'POST', token: tokens.listepro, body: activity });
    expect(made.status).toBe(201);
    expect((await t.call(`${D}/activity/${made.body.pk}/`, { method: 'DELETE', token: tokens.listepro })).status).toBe(
      200,
    );
  });

  it('lets the directory administrator validate a sheet, found once its presentation is published', async () => {
    const q = 'activity=1&subMission=4&perPage=50';
    expect((await search(q)).body.results.map((r) => r.pk)).not.toContain(6);
    // The state moves only through the workflow: sent to the generic write, it is kept as stored.
    const validated = await t.call(`${D}/professional/6/`, {
      method: 'PATCH',
      token: tokens.listepro,
      body: { proIsValid: true, transitionState: 'published' },
    });
    expect(validated.status).toBe(200);
    expect(validated.body).toMatchObject({ proIsValid: true, transitionState: 'in_validation' });
    const run = await t.call('/api/v1/workflow/listepro-professional/6/transitions/publish/', {
      method: 'POST',
      token: tokens.listepro,
      body: { noMail: true },
    });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.state).toBe('published');
    expect((await t.call(`${D}/professional/6/`)).status).toBe(200);
    // Valid and published, but nothing published to match on yet.
    expect((await search(q)).body.results.map((r) => r.pk)).not.toContain(6);
    const published = await t.call(`${D}/presentation/`, {
      method: 'POST',
      token: tokens.listepro,
      body: {
        professional: 6,
        version: 'published',
        transitionState: 'published',
        activities: [1],
        subMissions: [4, 18],
      },
    });
    expect(published.status).toBe(201);
    expect(published.body.owner).toBe(13);
    expect((await search(q)).body.results.map((r) => r.pk)).toContain(6);
    expect((await search('activity=2&subMission=4&perPage=50')).body.results.map((r) => r.pk)).not.toContain(6);
  });

  it('answers, for each of the search tree links, exactly the valid published sheets that match', async () => {
    const sheets = (await t.call(`${D}/professional/?perPage=200`, { token: tokens.listepro })).body as {
      pk: number;
      proIsValid: boolean;
      transitionState: string;
    }[];
    const presentations = (await t.call(`${D}/presentation/?version=published&perPage=200`, { token: tokens.listepro }))
      .body as { professional: number; activities: number[]; subMissions: number[] }[];
    const shown = new Set(sheets.filter((s) => s.proIsValid && s.transitionState === 'published').map((s) => s.pk));
    const pairs = new Set(ref.segmentActivitySubMissionLinks.map((l) => `${l.activity}/${l.subMission}`));
    let nonEmpty = 0;
    for (const pair of pairs) {
      const [activity, subMission] = pair.split('/').map(Number);
      const expected = presentations
        .filter(
          (p) => shown.has(p.professional) && p.activities.includes(activity) && p.subMissions.includes(subMission),
        )
        .map((p) => p.professional)
        .sort((a, b) => a - b);
      const res = await search(`activity=${activity}&subMission=${subMission}&perPage=50`);
      expect(res.status).toBe(200);
      expect({ pair, pks: res.body.results.map((r) => r.pk).sort((a, b) => a - b) }).toEqual({ pair, pks: expected });
      if (expected.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(10);
    // The tree offers, for an activity, the missions of its linked sub-missions.
    const tree = (await t.call(`${D}/public/search-tree/`, { domain: 'annuaire.localhost' })).body as {
      pk: number;
      missions: { pk: number; subMissions: { pk: number }[] }[];
    }[];
    expect(tree.map((a) => a.pk)).toEqual([1, 2, 3, 4]);
    const maison = tree[0].missions.flatMap((m) => m.subMissions.map((s) => s.pk)).sort((a, b) => a - b);
    expect(maison).toEqual([1, 3, 4, 8, 9, 10, 11, 15, 18]);
  });

  it('keeps one random order across the pages of a search and draws another for a new search', async () => {
    const system = systemContext(t.app);
    for (let i = 0; i < 24; i++) {
      const p = await create(system, 'listepro-professional', {
        user: 6,
        name: `Artisan ${dialect} ${i}`,
        proIsValid: true,
      });
      // Published as the demo seed does (straight in the table): the generic write keeps the state.
      await t.app.database.db
        .updateTable('listepro_professional')
        .set({ transition_state: 'published' })
        .where('pk', '=', p.pk as number)
        .execute();
      await create(system, 'listepro-presentation', {
        professional: p.pk,
        version: 'published',
        activities: [4],
        subMissions: [7],
      });
    }
    const base = 'activity=4&subMission=7';
    const first = await search(`${base}&perPage=10`);
    expect(first.body.total).toBe(24);
    const seed = first.body.seed;
    expect(seed).toBeGreaterThan(0);
    const pages = [first.body];
    for (const page of [2, 3]) pages.push((await search(`${base}&perPage=10&page=${page}&seed=${seed}`)).body);
    const walked = pages.flatMap((p) => p.results.map((r) => r.pk));
    expect(new Set(walked).size).toBe(24);
    const whole = (await search(`${base}&perPage=50&seed=${seed}`)).body.results.map((r) => r.pk);
    expect(walked).toEqual(whole);
    expect((await search(`${base}&perPage=50&seed=${seed}`)).body.results.map((r) => r.pk)).toEqual(whole);
    const other = (await search(`${base}&perPage=50&seed=${(seed % 1000) + 1}`)).body.results.map((r) => r.pk);
    expect(other).not.toEqual(whole);
    expect([...other].sort()).toEqual([...whole].sort());
    // The MAR list: valid, published, flagged sheets only.
    const mar = (await search('mar=1')).body.results.map((r) => r.name);
    expect(mar).toEqual(['Atelier Bois Vercors']);
  });

  it('refuses a malformed search in French and answers 404 where the directory is off', async () => {
    for (const q of [
      'activity=abc&subMission=4',
      'activity=1',
      'activity=1&subMission=4&perPage=500',
      'activity=1&subMission=4&seed=-3',
    ]) {
      const res = await search(q);
      expect(res.status, q).toBe(400);
      expect((res.body as unknown as { message: string }).message).toMatch(/[a-zé]/);
    }
    const admin = await t.login('admin@demo.fr');
    const created = await t.call('/white_labelling/', {
      method: 'POST',
      token: admin,
      body: { domain: `sans-annuaire-${dialect}.localhost`, siteTitle: 'Sans annuaire' },
    });
    expect(created.status).toBe(201);
    expect((await search('activity=1&subMission=4', `sans-annuaire-${dialect}.localhost`)).status).toBe(404);
    expect((await t.call(`${D}/public/search-tree/`, { domain: `sans-annuaire-${dialect}.localhost` })).status).toBe(
      404,
    );
  });
});
