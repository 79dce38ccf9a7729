import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// The file area's generic list additions (docs/file-area.md): the « Carte » points of a list
// (GET <path>/map/, same query and rights as the list), the menu badge of « Saisies incomplètes »
// (counted with the caller's rights), the incomplete entries' custom-form items and full
// recompute (last: its mandatory field then applies to every new contact of structure 2), and the
// reminders' « Échéance » and period filters.

type Rec = Record<string, unknown>;
interface MenuNode {
  id: string;
  label: string;
  badge?: { count: number; label: string };
  children?: MenuNode[];
}
const find = (items: MenuNode[], id: string): MenuNode | undefined => {
  for (const i of items) {
    if (i.id === id) return i;
    const c = i.children && find(i.children, id);
    if (c) return c;
  }
  return undefined;
};
const pks = (body: unknown) => (body as { pk: number }[]).map((r) => r.pk);

describe.each(DIALECTS)('fac map, badge and list filters on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });
  async function post(path: string, who: string, body: Rec): Promise<Rec> {
    const res = await t.call(path, { method: 'POST', token: token[who], body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Rec;
  }
  const badge = async (who: string) =>
    find((await t.call('/meta/menu', { token: token[who] })).body as MenuNode[], 'incomplete-entry.list')?.badge;
  const incompleteTotal = async (who: string) =>
    Number(
      (await t.call('/fac/incomplete-model/?page=1&perPage=10', { token: token[who] })).headers.get('x-total-count'),
    );

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    token.admin = await t.login('admin@demo.fr');
  });

  describe('map points', () => {
    it("answers the located records of the caller's structure only, with the list's search", async () => {
      const mine = await t.call('/fac/contact/map/', { token: token.advisor });
      expect(mine.status).toBe(200);
      const labels = mine.body.points.map((p: { label: string }) => p.label);
      expect(labels).toContain('Hélène Ébrard');
      // The neighbour structure's contacts (Lambert, Fontaine) are not on the advisor's map.
      expect(labels.some((l: string) => /Lambert|Fontaine/.test(l))).toBe(false);
      // Sophie Bernard has no coordinates: counted apart, not drawn.
      expect(labels).not.toContain('Sophie Bernard');
      expect(mine.body.unlocated).toBeGreaterThanOrEqual(1);
      expect(mine.body.located).toBe(mine.body.points.length);
      expect(mine.body.note).toBeNull();
      expect(mine.body.tiles).toMatchObject({ url: null, maxZoom: 18 });
      for (const p of mine.body.points) {
        expect(p.lat).not.toBe(0);
        expect(typeof p.pk).toBe('number');
      }
      const admin = await t.call('/fac/contact/map/', { token: token.admin });
      expect(admin.body.points.map((p: { label: string }) => p.label)).toContain('Pierre Lambert');

      const grenoble = await t.call('/fac/contact/map/?q=Grenoble', { token: token.advisor });
      expect(grenoble.body.points.map((p: { label: string }) => p.label).sort()).toEqual(
        ['Camille Fournier', 'Claire Dubois', 'Léa Moreau'].sort(),
      );
      // Filters are the list's: the same query on the list gives the same records.
      const list = await t.call('/fac/contact/?q=Grenoble', { token: token.advisor });
      expect(pks(list.body).sort()).toEqual(grenoble.body.points.map((p: { pk: number }) => p.pk).sort());
    });

    it('counts a record at 0, 0 as not located and caps the points with a French note', async () => {
      const before = (await t.call('/fac/contact/map/', { token: token.advisor })).body;
      await post('/fac/contact/', 'advisor', { firstName: 'Zoé', lastName: `Sanspoint${dialect}`, email: 'z@x.fr' });
      const after = (await t.call('/fac/contact/map/', { token: token.advisor })).body;
      expect(after.unlocated).toBe(before.unlocated + 1);
      expect(after.located).toBe(before.located);
      const declared = t.app.registry.entities.get('contact')!.schema['x-entity'].list!.map!;
      declared.max = 2;
      try {
        const capped = (await t.call('/fac/contact/map/', { token: token.advisor })).body;
        expect(capped.points).toHaveLength(2);
        expect(capped.note).toBe(
          `2 fiches sur ${before.located} sont placées sur la carte : ` +
            'précisez la recherche ou les filtres pour voir les autres.',
        );
      } finally {
        delete declared.max;
      }
    });

    it('refuses lists without a map, anonymous callers, and the neighbour sees only theirs', async () => {
      const none = await t.call('/fac/tag/map/', { token: token.advisor });
      expect(none.status).toBe(404);
      expect(none.body.message).toBe('Cette liste ne peut pas être affichée sur une carte.');
      expect((await t.call('/fac/contact/map/')).status).toBe(401);
      const theirs = await t.call('/fac/organization/map/', { token: token.neighbour });
      expect(theirs.body.points.map((p: { label: string }) => p.label)).toEqual([
        'Communauté de communes du Grésivaudan',
      ]);
    });
  });

  describe('reminders: « Échéance » and period', () => {
    it('narrows by state and by dates, and refuses bad values in French', async () => {
      const c = await post('/fac/contact/', 'advisor', { firstName: 'Rémi', lastName: `Echeance${dialect}` });
      const n = await post('/fac/note/', 'advisor', { contact: c.pk, note: '<p>x</p>' });
      const n2 = await post('/fac/note/', 'advisor', { contact: c.pk, note: '<p>y</p>' });
      const me = n.creator as number;
      const late = await post('/fac/reminder/', 'advisor', { note: n.pk, date: '2026-01-02', persons: [me] });
      const future = await post('/fac/reminder/', 'advisor', { note: n2.pk, date: '2099-03-04', persons: [me] });
      const ids = async (query: string) =>
        pks((await t.call(`/fac/reminder/?contact=${c.pk}&${query}`, { token: token.advisor })).body).sort();
      expect(await ids('due=overdue')).toEqual([late.pk]);
      expect(await ids('due=due')).toEqual([late.pk]);
      expect(await ids('due=upcoming')).toEqual([future.pk]);
      expect(await ids('dateFrom=2099-01-01')).toEqual([future.pk]);
      expect(await ids('dateFrom=2026-01-02&dateTo=2026-01-02')).toEqual([late.pk]);
      const bad = await t.call('/fac/reminder/?due=bientot', { token: token.advisor });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe("« bientot » n'est pas un choix du filtre « Échéance ».");
      const day = await t.call('/fac/reminder/?dateFrom=02/01/2026', { token: token.advisor });
      expect(day.status).toBe(400);
      expect(day.body.message).toMatch(/n'est pas une date valide/);
      const order = await t.call('/fac/reminder/?dateFrom=2026-02-01&dateTo=2026-01-01', { token: token.advisor });
      expect(order.status).toBe(400);
    });
  });
  describe('menu badge of « Saisies incomplètes »', () => {
    it("counts the caller's structure's entries only, and follows saves", async () => {
      const mine = await badge('advisor');
      expect(mine).toEqual({ count: await incompleteTotal('advisor'), label: 'à compléter' });
      expect(mine!.count).toBeGreaterThan(0);
      const theirsBefore = (await badge('neighbour'))?.count ?? 0;
      // A neighbour's contact reachable by no means: their count grows, not the advisor's.
      await post('/fac/contact/', 'neighbour', { firstName: 'Nina', lastName: `Injoignable${dialect}` });
      expect((await badge('neighbour'))!.count).toBe(theirsBefore + 1);
      expect((await badge('advisor'))!.count).toBe(mine!.count);
      expect((await badge('admin'))!.count).toBe(await incompleteTotal('admin'));
      // Completing one of the advisor's records takes it off.
      const c = await post('/fac/contact/', 'advisor', { firstName: 'Marc', lastName: `Incomplet${dialect}` });
      expect((await badge('advisor'))!.count).toBe(mine!.count + 1);
      await t.call(`/fac/contact/${c.pk}/`, { method: 'PATCH', token: token.advisor, body: { email: 'm@x.fr' } });
      expect((await badge('advisor'))!.count).toBe(mine!.count);
      const has = await t.call('/fac/incomplete-model/x/', { token: token.advisor });
      expect(has.body).toEqual({ hasIncompleteModels: true });
    });

    it('offers « Tout recalculer » to administrators only, and « Doublons » through a group found', async () => {
      const meta = async (who: string, name: string) =>
        (await t.call(`/meta/entity/${name}`, { token: token[who] })).body as Rec;
      expect((await meta('admin', 'incomplete-entry')).listActions).toEqual([
        expect.objectContaining({ label: 'Tout recalculer', post: 'recompute/', busyLabel: 'Recalcul en cours…' }),
      ]);
      expect((await meta('advisor', 'incomplete-entry')).listActions).toEqual([]);
      const actions = (await meta('advisor', 'organization')).recordActions as Rec[];
      expect(actions).toContainEqual({
        name: 'linkWhenFound',
        label: 'Doublons',
        find: {
          entity: 'duplicate-group',
          path: 'fac/duplicate',
          filters: { organizations: '{pk}', status: 'to_review' },
        },
        to: '/fac/doublons?kind=organization&group={found}',
      });
      // The lookup the button makes: the groups holding a record, by the generic list filter.
      const groups = await t.call('/fac/duplicate/?contacts=15&status=to_review', { token: token.advisor });
      expect(pks(groups.body)).toEqual([1]);
      expect((await t.call('/fac/duplicate/?contacts=1', { token: token.advisor })).body).toEqual([]);
    });

    it("lists the fields a folder's programme makes mandatory, for its members too", async () => {
      const entryOf = async (kind: string, pk: unknown) =>
        ((await t.call(`/fac/incomplete-model/?${kind}=${pk}`, { token: token.advisor })).body as Rec[])[0]?.fields;
      const project = await post('/fac/project/', 'admin', {
        name: `Programme exigeant ${dialect}`,
        groups: [2],
        isContactMobilePhoneMandatory: true,
        isContactTagsMandatory: true,
        isOrganizationDescriptionMandatory: true,
        shouldMembersOfOrganizationRespectRules: true,
      });
      const model = await post('/fac/folder-model/', 'admin', { name: 'Accompagnement', project: project.pk });
      const anne = await post('/fac/contact/', 'advisor', { firstName: 'Anne', lastName: 'Prog', email: 'a@x.fr' });
      expect(await entryOf('contact', anne.pk)).toBeUndefined();
      // Opening a folder of the programme flags its contact at once.
      await post('/fac/folder/', 'advisor', { contact: anne.pk, model: model.pk });
      expect(await entryOf('contact', anne.pk)).toEqual(['Numéro De Mobile', 'Tags']);
      // An organisation's folder flags it, and its members (the programme binds them).
      const org = await post('/fac/organization/', 'advisor', { name: `Copro ${dialect}`, description: 'Courte' });
      const bob = await post('/fac/contact/', 'advisor', { firstName: 'Bob', lastName: 'Membre', phone: '0476123456' });
      await post('/fac/member-of-organization/', 'advisor', { contact: bob.pk, organization: org.pk });
      await post('/fac/folder/', 'advisor', { organization: org.pk, model: model.pk });
      expect(await entryOf('organization', org.pk)).toEqual(['Description']);
      expect(await entryOf('contact', bob.pk)).toEqual(['Numéro De Mobile', 'Tags']);
      // Filling the fields clears the entries.
      const tag = await post('/fac/tag/', 'advisor', { name: `Programme ${dialect}` });
      const filled = await t.call(`/fac/contact/${anne.pk}/`, {
        method: 'PATCH',
        token: token.advisor,
        body: { mobilePhone: '06 12 34 56 78', tags: [tag.pk] },
      });
      expect(filled.status, JSON.stringify(filled.body)).toBe(200);
      expect(await entryOf('contact', anne.pk)).toBeUndefined();
      const described = await t.call(`/fac/organization/${org.pk}/`, {
        method: 'PATCH',
        token: token.advisor,
        body: { description: 'Copropriété de 40 logements' },
      });
      expect(described.status, JSON.stringify(described.body)).toBe(200);
      expect(await entryOf('organization', org.pk)).toBeUndefined();
      // The full recompute reads the programmes too.
      expect((await t.call('/fac/incomplete-model/recompute/', { method: 'POST', token: token.admin })).status).toBe(
        200,
      );
      expect(await entryOf('contact', bob.pk)).toEqual(['Numéro De Mobile', 'Tags']);
      expect(await entryOf('contact', anne.pk)).toBeUndefined();
      // The details say which fields the programmes make mandatory (reference 2.1, 2.2).
      const detail = async (kind: string, pk: unknown) =>
        (await t.call(`/fac/${kind}/${pk}/`, { token: token.advisor })).body.requirements as Rec;
      expect(await detail('contact', bob.pk)).toMatchObject({ mobilePhoneMandatory: true, emailMandatory: false });
      expect(await detail('organization', org.pk)).toMatchObject({ descriptionMandatory: true, emailMandatory: false });
      const plain = await post('/fac/contact/', 'advisor', { firstName: 'Paul', lastName: 'Libre', email: 'p@x.fr' });
      expect(await detail('contact', plain.pk)).toEqual({});
      // Leaving the organisation frees the member at once; joining it again binds it again.
      const memberships = (await t.call(`/fac/member-of-organization/?contact=${bob.pk}`, { token: token.advisor }))
        .body as Rec[];
      const left = await t.call(`/fac/member-of-organization/${memberships[0]!.pk}/`, {
        method: 'DELETE',
        token: token.advisor,
      });
      expect(left.status).toBeLessThan(300);
      expect(await entryOf('contact', bob.pk)).toBeUndefined();
      expect(await detail('contact', bob.pk)).toEqual({});
      await post('/fac/member-of-organization/', 'advisor', { contact: bob.pk, organization: org.pk });
      expect(await entryOf('contact', bob.pk)).toEqual(['Numéro De Mobile', 'Tags']);
      // Deleting the organisation's folder frees it and its members at once.
      await t.call(`/fac/organization/${org.pk}/`, {
        method: 'PATCH',
        token: token.advisor,
        body: { description: '' },
      });
      expect(await entryOf('organization', org.pk)).toEqual(['Description']);
      const folders = (await t.call(`/fac/folder/?organization=${org.pk}`, { token: token.advisor })).body as Rec[];
      const gone = await t.call(`/fac/folder/${folders[0]!.pk}/`, { method: 'DELETE', token: token.advisor });
      expect(gone.status).toBeLessThan(300);
      expect(await entryOf('organization', org.pk)).toBeUndefined();
      expect(await entryOf('contact', bob.pk)).toBeUndefined();
    });

    it("lists a custom form's mandatory fields left empty after a full recompute (administrators only)", async () => {
      const c = await post('/fac/contact/', 'advisor', {
        firstName: 'Anne',
        lastName: `Formulaire${dialect}`,
        email: 'anne@x.fr',
      });
      const wl = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk;
      const saved = await t.call(`/white_labelling/${wl}/overlays/entity:contact@group:2`, {
        method: 'PUT',
        token: token.admin,
        body: {
          comment: 'Champs de la structure 2',
          ops: [
            {
              op: 'addField',
              field: 'xRevenuFiscal',
              required: true,
              schema: { type: 'integer', title: 'Revenu fiscal de référence', minimum: 0 },
            },
          ],
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await t.call('/fac/incomplete-model/recompute/', { method: 'POST', token: token.advisor })).status).toBe(
        403,
      );
      await new Promise((r) => setTimeout(r, 1100)); // the white-label cache (1 s) sees the new form
      const done = await t.call('/fac/incomplete-model/recompute/', { method: 'POST', token: token.admin });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.message).toMatch(/^Saisies incomplètes recalculées : \d+ contact\(s\)/);
      const entry = await t.call(`/fac/incomplete-model/?contact=${c.pk}`, { token: token.advisor });
      expect(entry.body[0].fields).toEqual(['Revenu fiscal de référence']);
      // The neighbour structure has no such form: its records are not flagged for it.
      const theirs = await t.call('/fac/incomplete-model/', { token: token.neighbour });
      for (const e of theirs.body) expect(e.fields).not.toContain('Revenu fiscal de référence');
      // Answering it on save clears it.
      const answered = await t.call(`/fac/contact/${c.pk}/`, {
        method: 'PATCH',
        token: token.advisor,
        body: { xRevenuFiscal: 24000 },
      });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      expect((await t.call(`/fac/incomplete-model/?contact=${c.pk}`, { token: token.advisor })).body).toEqual([]);
    });
  });
});
