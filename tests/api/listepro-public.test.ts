import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { pdfText } from '../helpers/pdf-text';
import { readDirectoryFixture } from '../../server/seed/seed-directory';
import { seedReferenceData } from '../../server/seed/seed-reference';
import demoPros from '../../fixtures/demo/listepro-professional.json';
import demoPresentations from '../../fixtures/demo/listepro-presentation.json';

// The public side of the directory (issue 13 items 2 and 3): the search of every tree link against
// an expectation built from the seed files alone, the map's points and the distance from a
// commune, the public detail (staff blocks for the team only), and the PDF of a selection.

const D = '/listepro';
const DOMAIN = 'annuaire.localhost';
const ref = readDirectoryFixture();
const GRENOBLE = '38185';

interface Card {
  pk: number;
  name: string;
  distanceKm: number | null;
}
interface SearchPage {
  seed: number;
  total: number;
  results: Card[];
  points?: { pk: number; lat: number; lon: number }[];
  near: { name: string; position?: boolean } | null;
}

describe.each(DIALECTS)('public directory on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });
  beforeAll(async () => {
    tokens.listepro = await t.login('listepro@demo.fr');
    tokens.pro = await t.login('pro@demo.fr');
  });
  const search = async (query: string) =>
    t.call(`${D}/public/search/?${query}`, { domain: DOMAIN }) as Promise<{ status: number; body: SearchPage }>;
  const postPdf = (body: unknown) =>
    fetch(`${t.url}/api/v1${D}/report/pdf/?domain=${DOMAIN}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers each of the 81 search-tree links with exactly the seed files’ valid, published matches', async () => {
    // The expectation comes from the demo fixtures, not from the API under test.
    const shown = new Set(demoPros.filter((p) => p.proIsValid && p.transitionState === 'published').map((p) => p.pk));
    const published = demoPresentations.filter((p) => p.version === 'published' && shown.has(p.professional));
    expect(ref.segmentActivitySubMissionLinks).toHaveLength(81);
    let nonEmpty = 0;
    for (const link of ref.segmentActivitySubMissionLinks) {
      const expected = published
        .filter(
          (p) => p.activities.includes(link.activity as number) && p.subMissions.includes(link.subMission as number),
        )
        .map((p) => p.professional)
        .sort((a, b) => a - b);
      const res = await search(`activity=${link.activity}&subMission=${link.subMission}&perPage=50&points=1`);
      expect(res.status).toBe(200);
      const got = res.body.results.map((r) => r.pk).sort((a, b) => a - b);
      expect({ link: link.id, pks: got }).toEqual({ link: link.id, pks: expected });
      // The map has every located match (the demo sheets all have a position).
      expect(res.body.points!.map((p) => p.pk).sort((a, b) => a - b)).toEqual(expected);
      if (expected.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(20);
  });

  it('gives the distance from the visitor’s commune, and refuses an unknown one in French', async () => {
    const res = await search(`activity=1&subMission=4&near=${GRENOBLE}`);
    expect(res.status).toBe(200);
    expect(res.body.near?.name).toBe('Grenoble');
    const byName = Object.fromEntries(res.body.results.map((r) => [r.name, r.distanceKm]));
    // Grenoble's centre to the firm in Grenoble, and to Voiron (about 22 km as the crow flies).
    expect(byName['Entreprise Démo Rénovation']).toBeLessThan(3);
    expect(byName['Thermique Isère Conseil']).toBeGreaterThan(18);
    expect(byName['Thermique Isère Conseil']).toBeLessThan(26);
    const bad = await search('activity=1&subMission=4&near=99999');
    expect(bad.status).toBe(400);
    expect(bad.body as unknown).toMatchObject({ message: expect.stringMatching(/commune/) });
  });

  it('answers « Quoi ? » and « Où ? »: words, trades, nearest first with a place (issue 26 item 6)', async () => {
    const pks = (page: SearchPage) => page.results.map((r) => r.pk);
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    // « isolation »: two sheets by their key words, one by its description; « pompe à chaleur »: key words.
    const isolation = await search('q=isolation&perPage=50');
    expect(isolation.status).toBe(200);
    expect(sorted(pks(isolation.body))).toEqual([1, 2, 3]);
    expect(isolation.body.near).toBeNull();
    expect(isolation.body.results.every((r) => r.distanceKm === null)).toBe(true);
    expect(sorted(pks((await search('q=Pompes%20%C3%A0%20chaleur&perPage=50')).body))).toEqual([1, 3]);
    // A trade (the job's name), accents and case aside; an unknown word finds nobody.
    expect(pks((await search('q=ARCHITECTE&perPage=50')).body)).toEqual([2]);
    expect((await search('q=zzzzz')).body.total).toBe(0);
    // The sheet in validation never answers, whatever it says of itself.
    const everyone = await search('q=&perPage=50');
    expect(sorted(pks(everyone.body))).toEqual([1, 2, 3, 4, 5]);
    expect(sorted(pks((await search('all=1&perPage=50')).body))).toEqual([1, 2, 3, 4, 5]);

    // With a commune: nearest first, whatever the seed (« À 0,3 km » before « À 22 km »).
    for (const seed of [1, 2, 3, 99]) {
      const near = await search(`q=isolation&near=${GRENOBLE}&seed=${seed}&perPage=50`);
      expect(near.body.near?.name).toBe('Grenoble');
      const distances = near.body.results.map((r) => r.distanceKm!);
      expect(distances.every((d) => typeof d === 'number')).toBe(true);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(pks(near.body)[0]).toBe(1);
    }
    // « Autour de moi »: the browser's position (here Voiron's market square); paging keeps the order.
    const voiron = await search('q=&lat=45.364&lon=5.5893&perPage=2&seed=5');
    expect(voiron.body.near).toMatchObject({ position: true });
    expect(voiron.body.results[0]).toMatchObject({ pk: 3, distanceKm: 0 });
    const second = await search('q=&lat=45.364&lon=5.5893&perPage=2&seed=5&page=2');
    const all = await search('q=&lat=45.364&lon=5.5893&perPage=50&seed=5');
    expect([...pks(voiron.body), ...pks(second.body)]).toEqual(pks(all.body).slice(0, 4));
    // The guided path orders by distance too once a commune is given.
    const guided = await search(`activity=1&subMission=4&near=${GRENOBLE}&perPage=50&seed=11`);
    const guidedDistances = guided.body.results.map((r) => r.distanceKm!);
    expect(guidedDistances).toEqual([...guidedDistances].sort((a, b) => a - b));
    // Without a place the random order of the seed stays (the same seed, the same order).
    const r1 = await search('q=&seed=42&perPage=50');
    expect(pks((await search('q=&seed=42&perPage=50')).body)).toEqual(pks(r1.body));

    // Bad input: French refusals.
    for (const bad of ['q=' + 'x'.repeat(101), 'q=&lat=91&lon=5', 'q=&lat=45', 'q=&lat=abc&lon=5', 'q=&near=99999']) {
      const res = await search(bad);
      expect(res.status, bad.slice(0, 40)).toBe(400);
      expect((res.body as unknown as { message: string }).message).toMatch(/[a-zé]/);
    }
    // The PDF of a « Quoi ? » search, nearest first.
    const pdf = await postPdf({ domain: DOMAIN, data: { q: 'isolation', seed: 3, near: GRENOBLE } });
    expect(pdf.status).toBe(200);
    const { text } = await pdfText(await pdf.arrayBuffer());
    expect(text).toContain('« isolation »');
    expect(text).toContain('du plus proche au plus éloigné');
    expect(text.indexOf('Entreprise Démo Rénovation')).toBeLessThan(text.indexOf('Thermique Isère Conseil'));
  });

  it('takes a deactivated account’s sheet out of the directory, back on reactivation (issue 28 row 1)', async () => {
    const admin = await t.login('admin@demo.fr');
    const sheet = demoPros.find((p) => p.pk === 1)!;
    const setActive = (isActive: boolean) =>
      t.call(`/accounts/user/${sheet.user}/`, { method: 'PATCH', token: admin, body: { isActive }, domain: DOMAIN });
    const pks = async (query: string) => (await search(`${query}&perPage=50`)).body.results.map((r) => r.pk);
    const pointPks = async () =>
      (await search('activity=1&subMission=4&points=1')).body.points!.map((p) => p.pk).sort((a, b) => a - b);
    const pdfNames = async () => {
      const res = await postPdf({
        domain: DOMAIN,
        data: { activity: 1, subMission: 4, seed: 5, favoritePro: [1, 2], downloadAll: 'selection' },
      });
      return (await pdfText(await res.arrayBuffer())).text;
    };
    expect(await pks('activity=1&subMission=4')).toContain(1);
    try {
      expect((await setActive(false)).status).toBe(200);
      // Search (guided, « Quoi ? », everyone around a place), map, detail, logo and PDF: gone.
      expect(await pks('activity=1&subMission=4')).not.toContain(1);
      expect(await pks('q=isolation')).not.toContain(1);
      expect(await pks(`all=1&near=${GRENOBLE}`)).not.toContain(1);
      expect(await pointPks()).not.toContain(1);
      const detail = await t.call(`${D}/public/professional/1/`, { domain: DOMAIN });
      expect(detail.status).toBe(404);
      expect(detail.body.message).toMatch(/n'est pas \(ou plus\) présent dans l'annuaire/);
      const text = await pdfNames();
      expect(text).toContain('Votre sélection (1)');
      expect(text).not.toContain('Entreprise Démo Rénovation');
      // The directory team still opens it (to follow it up).
      expect((await t.call(`${D}/public/professional/1/`, { domain: DOMAIN, token: tokens.listepro })).status).toBe(
        200,
      );
    } finally {
      expect((await setActive(true)).status).toBe(200);
    }
    expect(await pks('activity=1&subMission=4')).toContain(1);
    expect(await pks('q=isolation')).toContain(1);
    expect(await pointPks()).toContain(1);
    expect((await t.call(`${D}/public/professional/1/`, { domain: DOMAIN })).status).toBe(200);
    expect(await pdfNames()).toContain('Entreprise Démo Rénovation');
  });

  it('shows the public detail, with the team’s blocks for the team only', async () => {
    const anonymous = await t.call(`${D}/public/professional/1/`, { domain: DOMAIN });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ pk: 1, name: 'Entreprise Démo Rénovation', staff: null });
    expect(anonymous.body.description).toContain('Maîtrise d');
    expect(anonymous.body.labels.map((l: { name: string }) => l.name)).toEqual(['Rénovation exemplaire (démo)']);
    expect(anonymous.body).not.toHaveProperty('user');
    // The references of Atelier Bois Vercors (published) are on its detail.
    const atelier = await t.call(`${D}/public/professional/2/`, { domain: DOMAIN });
    expect(atelier.body.references.map((r: { productionName: string }) => r.productionName)).toEqual([
      "Rénovation d'une ferme du Vercors",
    ]);
    // The sheet in validation: not found for the public and for a professional, open to the team.
    const hidden = demoPros.find((p) => !p.proIsValid)!;
    expect((await t.call(`${D}/public/professional/${hidden.pk}/`, { domain: DOMAIN })).status).toBe(404);
    expect((await t.call(`${D}/public/professional/${hidden.pk}/`, { domain: DOMAIN, token: tokens.pro })).status).toBe(
      404,
    );
    const team = await t.call(`${D}/public/professional/1/`, { domain: DOMAIN, token: tokens.listepro });
    expect(team.body.staff).toMatchObject({ proIsValid: true, labels: [1], activities: [1, 2] });
    // « 12-3 »: an address of another sheet, or a malformed id, is not found.
    for (const id of ['1-999', '1-', 'abc'])
      expect((await t.call(`${D}/public/professional/${id}/`, { domain: DOMAIN })).status, id).toBe(404);
    expect((await t.call(`${D}/public/professional/1/logo/`, { domain: DOMAIN })).status).toBe(404);
  });

  it('validates from the detail for the team only (the server keeps a professional’s value)', async () => {
    const patch = (token: string, proIsValid: boolean) =>
      t.call(`${D}/professional/1/`, { method: 'PATCH', token, body: { proIsValid }, domain: DOMAIN });
    await patch(tokens.pro, false);
    expect((await t.call(`${D}/public/professional/1/`, { domain: DOMAIN })).status).toBe(200);
    expect((await patch(tokens.listepro, false)).status).toBe(200);
    expect((await t.call(`${D}/public/professional/1/`, { domain: DOMAIN })).status).toBe(404);
    expect((await patch(tokens.listepro, true)).status).toBe(200);
    expect((await t.call(`${D}/public/professional/1/`, { domain: DOMAIN })).status).toBe(200);
  });

  it('follows a published presentation’s lists as they change; one order with or without the map', async () => {
    // The lists are matched from an index the database keeps (GIN on PostgreSQL, side tables filled
    // by triggers on SQLite): a change, a second published presentation and its removal show at once.
    const pks = async (activity: number, subMission: number) =>
      (await search(`activity=${activity}&subMission=${subMission}&perPage=50`)).body.results.map((r) => r.pk);
    const patch = (subMissions: number[]) =>
      t.call(`${D}/presentation/3/`, { method: 'PATCH', token: tokens.listepro, body: { subMissions } });
    expect(await pks(1, 4)).toContain(2);
    expect(await pks(1, 8)).not.toContain(2);
    expect((await patch([1, 8, 11])).status).toBe(200);
    expect(await pks(1, 4)).not.toContain(2);
    expect(await pks(1, 8)).toContain(2);
    expect((await patch([1, 4, 11])).status).toBe(200);
    expect(await pks(1, 4)).toContain(2);
    expect(await pks(1, 8)).not.toContain(2);

    expect(await pks(2, 9)).not.toContain(2);
    const second = await t.call(`${D}/presentation/`, {
      method: 'POST',
      token: tokens.listepro,
      body: { professional: 2, version: 'published', transitionState: 'published', activities: [2], subMissions: [9] },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const withSecond = await pks(2, 9);
    expect(withSecond.filter((pk) => pk === 2)).toHaveLength(1);
    expect(await pks(1, 4)).toEqual(expect.arrayContaining([2]));
    expect((await pks(1, 4)).filter((pk) => pk === 2)).toHaveLength(1);
    expect(
      (await t.call(`${D}/presentation/${second.body.pk}/`, { method: 'DELETE', token: tokens.listepro })).status,
    ).toBe(200);
    expect(await pks(2, 9)).not.toContain(2);

    // The first page (with the map's points) and a later one (without) share the seed's order.
    const withMap = await search('activity=1&subMission=4&perPage=50&seed=123&points=1');
    const without = await search('activity=1&subMission=4&perPage=50&seed=123');
    expect(without.body.results.map((r) => r.pk)).toEqual(withMap.body.results.map((r) => r.pk));
    expect(withMap.body.points!.map((p) => p.pk).sort((a, b) => a - b)).toEqual(
      withMap.body.results.map((r) => r.pk).sort((a, b) => a - b),
    );
    expect(without.body.points).toBeUndefined();
  });

  it('prints a PDF of three favourites with the visitor’s comment', async () => {
    const first = await search('activity=1&subMission=4');
    const favourites = first.body.results.map((r) => r.pk);
    expect(favourites).toHaveLength(3);
    const comment = 'Projet de rénovation de notre maison à Saint-Égrève, devis avant juin.';
    const res = await postPdf({
      domain: DOMAIN,
      data: {
        activity: 1,
        mission: 1,
        subMission: 4,
        seed: first.body.seed,
        favoritePro: favourites,
        commentPdf: comment,
        downloadAll: 'selection',
        near: GRENOBLE,
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('rapport-liste-professionnels.pdf');
    const { text, pages } = await pdfText(await res.arrayBuffer());
    for (const name of ['Entreprise Démo Rénovation', 'Atelier Bois Vercors', 'Thermique Isère Conseil'])
      expect(text).toContain(name);
    expect(text).toContain(comment);
    expect(text).toContain('Annuaire des professionnels');
    expect(text).toContain('Maison › Audit');
    expect(text).toContain('Votre sélection (3)');
    expect(text).toContain(`Page ${pages} / ${pages}`);
    // A sheet outside the search never prints, even when the browser sends its pk.
    const other = await postPdf({
      domain: DOMAIN,
      data: { activity: 1, subMission: 4, seed: 7, favoritePro: [favourites[0], 4], downloadAll: 'selection' },
    });
    const otherText = (await pdfText(await other.arrayBuffer())).text;
    expect(otherText).toContain('Votre sélection (1)');
    expect(otherText).not.toContain('Copro');
  });

  it('prints the list in the white label’s colour, its title once, on one page (issue 26 item 8)', async () => {
    const res = await postPdf({ domain: DOMAIN, data: { activity: 1, subMission: 4, seed: 9 } });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const { text, pages } = await pdfText(bytes);
    // Three sheets fit under the cover: one page. The site's title and the directory's name are the
    // same on this white label: once on the cover, once in the footer.
    expect(pages).toBe(1);
    expect(text.split('Annuaire des professionnels').length - 1).toBe(2);
    // The cover's band and the names in the annuaire white label's green, not the platform's blue.
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
    const ops = await (await doc.getPage(1)).getOperatorList();
    const fills = ops.fnArray
      .map((fn, i) =>
        fn === pdfjs.OPS.setFillRGBColor
          ? Array.from(ops.argsArray[i] as ArrayLike<number>, (c) => Number(c).toString(16).padStart(2, '0')).join('')
          : null,
      )
      .filter((c): c is string => c !== null)
      .map((c) => `#${c}`);
    await doc.destroy();
    expect(fills).toContain('#2d6a3e');
    expect(fills).not.toContain('#1f5c99');
  });

  it('shows the reference data spelt right, and corrects a database seeded with the former spellings', async () => {
    const tree = (await t.call(`${D}/public/search-tree/`, { domain: DOMAIN })).body as {
      name: string;
      missions: { name: string; subMissions: { name: string }[] }[];
    }[];
    expect(tree.map((a) => a.name)).toEqual(['Maison', 'Petit collectif', 'Copropriété', 'Tertiaire']);
    const names = tree.flatMap((a) => a.missions.flatMap((m) => [m.name, ...m.subMissions.map((x) => x.name)]));
    expect(names).toContain("Maîtrise d'œuvre");
    expect(names).toContain('Audit global (architectural et énergétique)');
    expect(names.join('|')).not.toMatch(/Maitrise|energétique|ingéniérie|negociation/);
    // A database seeded before the correction: renamed at the next start; an administrator's own name is kept.
    const db = t.app.database.db;
    const rename = (table: string, pk: number, name: string) =>
      db
        .updateTable(table as never)
        .set({ name } as never)
        .where('pk' as never, '=', pk as never)
        .execute();
    await rename('listepro_mission', 4, "Maitrise d'œuvre");
    await rename('listepro_activity', 1, 'Maisons individuelles');
    await seedReferenceData(t.app);
    const tree2 = (await t.call(`${D}/public/search-tree/`, { domain: DOMAIN })).body as typeof tree;
    expect(tree2.flatMap((a) => a.missions.map((m) => m.name))).toContain("Maîtrise d'œuvre");
    expect(tree2[0].name).toBe('Maisons individuelles');
    await rename('listepro_activity', 1, 'Maison');
  });

  it('gives the directory’s links as settings, and news the team writes (issue 28 row 3)', async () => {
    const wl = (await t.call('/white_labelling/current/', { domain: DOMAIN })).body as Record<string, unknown>;
    expect(wl).toMatchObject({
      listeproContactEmail: 'annuaire@demo.fr',
      listeproActorsUrl: 'https://france-renov.gouv.fr/',
      listeproPresentationUrl: '',
      listeproMissionsUrl: '',
    });
    const admin = await t.login('admin@demo.fr');
    const patch = (body: Record<string, unknown>) =>
      t.call(`/white_labelling/${String(wl.pk)}/`, { method: 'PATCH', token: admin, body, domain: DOMAIN });
    // A setting that is not a mail address or a web address (or a path of the site) is refused in French.
    for (const bad of [
      { listeproContactEmail: 'pas une adresse' },
      { listeproMissionsUrl: 'javascript:alert(1)' },
      { listeproPresentationUrl: 'ftp://exemple.fr/doc.pdf' },
    ]) {
      const res = await patch(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/[éè]|doit|format|valeur/i);
    }
    const ok = await patch({ listeproMissionsUrl: '/annuaire-des-pros/actualites' });
    expect(ok.status).toBe(200);
    expect((await patch({ listeproMissionsUrl: '' })).status).toBe(200);
    // Nobody but an administrator changes them.
    expect(
      (
        await t.call(`/white_labelling/${String(wl.pk)}/`, {
          method: 'PATCH',
          token: tokens.listepro,
          body: { listeproContactEmail: 'x@demo.fr' },
          domain: DOMAIN,
        })
      ).status,
    ).toBe(403);

    // The news: the help text « actualites », seeded with a first text, changed by the directory team only.
    const helpers = (await t.call(`${D}/helper/`, { domain: DOMAIN })).body as {
      pk: number;
      name: string;
      helpText: string;
    }[];
    const news = helpers.find((h) => h.name === 'actualites')!;
    expect(news.helpText).toContain('Bienvenue');
    const write = (token: string) =>
      t.call(`${D}/helper/${news.pk}/`, {
        method: 'PATCH',
        token,
        body: { helpText: '<p>Nouvelle rencontre des professionnels le 12 janvier.</p><script>x()</script>' },
        domain: DOMAIN,
      });
    expect((await write(tokens.pro)).status).toBe(403);
    expect((await write(tokens.listepro)).status).toBe(200);
    const after = (await t.call(`${D}/helper/${news.pk}/`, { domain: DOMAIN })).body as { helpText: string };
    expect(after.helpText).toContain('Nouvelle rencontre');
    expect(after.helpText).not.toContain('script');
  });

  it('refuses a malformed PDF request in French', async () => {
    for (const data of [
      { activity: 1, subMission: 4 },
      { activity: 'x', subMission: 4, seed: 3 },
      { activity: 1, subMission: 4, seed: 3, downloadAll: 'selection', favoritePro: [] },
      { activity: 1, subMission: 4, seed: 3, commentPdf: 'x'.repeat(2001) },
    ]) {
      const res = await postPdf({ domain: DOMAIN, data });
      expect(res.status, JSON.stringify(data).slice(0, 80)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/[a-zé]/);
    }
  });
});
