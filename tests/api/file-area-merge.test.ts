import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { pointersTo, parsedRow, keysOf } from '../../server/modules/fac-duplicates/record-pointers';

// Duplicates and merges of the file area (reference §8.3, §8.4, §12; docs/file-area.md): a save
// finds its duplicates in its structure; a merge moves everything that points at the merged record
// to the kept one in one transaction and keeps a history entry; its undo puts every table back as
// it was, field by field. Advisors merge within their structure only.

type Rec = Record<string, any>;

describe.each(DIALECTS)('file-area duplicates and merges on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });

  const post = async (path: string, body: unknown, who = 'advisor', status = 201) => {
    const res = await t.call(path, { method: 'POST', token: token[who], body });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as Rec;
  };

  /** Every entity table but the merge history, as stored (JSON columns parsed), ordered by key. */
  async function everyTable(): Promise<Record<string, Rec[]>> {
    const out: Record<string, Rec[]> = {};
    for (const entity of t.app.registry.entities.values()) {
      if (entity.name === 'merge-history') continue;
      const table = entity.schema['x-entity'].table;
      const rows = (await t.app.database.db
        .selectFrom(table as never)
        .selectAll()
        .orderBy('pk' as never)
        .execute()) as Rec[];
      out[table] = rows.map((r) => parsedRow(entity, r));
    }
    return out;
  }

  /** Rows of any entity, found through the schema registry, that still point at `pk`. */
  async function pointersLeft(kind: 'contact' | 'organization', pk: number): Promise<string[]> {
    const left: string[] = [];
    for (const p of pointersTo(t.app.registry, kind)) {
      const rows = (await t.app.database.db
        .selectFrom(p.entity.schema['x-entity'].table as never)
        .select(['pk', p.column] as never[])
        .execute()) as Rec[];
      for (const r of rows)
        if (p.array ? keysOf(r[p.column]).includes(pk) : r[p.column] === pk)
          left.push(`${p.entity.name}.${p.property}`);
    }
    return left;
  }

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    token.admin = await t.login('admin@demo.fr');
    token.manager = await t.login('manager@demo.fr');
  });

  it('re-points every relation the schemas declare to contacts and organisations', () => {
    // A new entity pointing at contacts or organisations lands here: the merge re-points it
    // (pointersTo reads the registry), and this list says it was looked at.
    const names = (kind: 'contact' | 'organization') =>
      pointersTo(t.app.registry, kind)
        .map((p) => `${p.entity.name}.${p.property}`)
        .sort();
    expect(names('contact')).toEqual([
      'action.contact',
      'appointment.contact',
      'contact-consent.contact',
      'contact-list.contacts',
      'document.contact',
      'duplicate-group.contacts',
      'ecorenover-simulation.contact',
      'event-registration.contact',
      'folder.contact',
      'heating-simulation.contact',
      'housing.contact',
      'import-file.contactsNotUpdated',
      'incomplete-entry.contact',
      'membership.contact',
      'newsletter-delivery.contact',
      'note.contact',
      'reminder.contact',
    ]);
    expect(names('organization')).toEqual([
      'contact-list.organizations',
      'document.organization',
      'duplicate-group.organizations',
      'ecorenover-simulation.organization',
      'folder.organization',
      'heating-simulation.organization',
      'housing.organization',
      'import-file.organizationsNotUpdated',
      'incomplete-entry.organization',
      'membership.organization',
      'newsletter-delivery.organization',
      'note.organization',
      'organization-relation.firstOrganization',
      'organization-relation.secondOrganization',
      'reminder.organization',
    ]);
  });

  it('finds two contacts alike, merges them with everything that hangs on them, and undoes it exactly', async () => {
    const tagA = await post('/fac/tag/', { name: 'Fusion A' });
    const tagB = await post('/fac/tag/', { name: 'Fusion B' });
    const a = await post('/fac/contact/', {
      civility: 'M.',
      firstName: 'Gaston',
      lastName: 'Fusionnel',
      email: 'gaston.fusionnel@example.org',
      phone: '04 76 11 22 33',
      address: '12 rue des Alpes',
      tags: [tagA.pk],
    });
    const b = await post('/fac/contact/', {
      civility: '-',
      firstName: 'Gaston',
      lastName: 'Fusionnelle',
      email: 'gaston.fusionnelle@example.org',
      mobilePhone: '06 11 22 33 44',
      address: '12 rue des Alpes, bât. B',
      tags: [tagB.pk],
    });
    // The save of b found a: one group of this structure, to review.
    const groups = await t.call(`/fac/duplicate/?status=to_review&kind=contact`, { token: token.advisor });
    const group = (groups.body as Rec[]).find((g) => g.contacts.includes(a.pk));
    expect(group, JSON.stringify(groups.body)).toBeDefined();
    expect([...group!.contacts].sort()).toEqual([a.pk, b.pk].sort());
    expect(group!.owningGroup).toBe(2);
    const neighbourGroups = await t.call(`/fac/duplicate/`, { token: token.neighbour });
    expect((neighbourGroups.body as Rec[]).some((g) => g.pk === group!.pk)).toBe(false);

    for (const c of [a, b]) {
      const note = await post('/fac/note/', { contact: c.pk, note: `Note sur ${c.lastName}` });
      await post('/fac/reminder/', { note: note.pk, date: '2030-01-02' });
      await post('/fac/file/', { contact: c.pk, note: `Document de ${c.lastName}`, url: 'https://example.org/doc' });
      await post('/fac/member-of-organization/', { contact: c.pk, organization: c === a ? 1 : 3 });
      await post(`/fac/contact/${c.pk}/consent/`, { allowToKeepData: c === a });
      await post('/fac/ecorenover-simulation/', { contact: c.pk, description: `Simulation ${c.lastName}` });
      await post('/visit-report/housing/', { contact: c.pk, housingType: 'house', area: 90 });
    }
    await post('/fac/list/', { title: 'Liste fusion B', contacts: [b.pk] });
    await post('/fac/list/', { title: 'Liste fusion A et B', contacts: [a.pk, b.pk, 1] });
    // An appointment of the booking module for b.
    await t.app.database.db
      .updateTable('dialogwatt_appointment' as never)
      .set({ contact: b.pk } as never)
      .where('pk' as never, '=', 2 as never)
      .execute();

    // The neighbour structure's advisor reaches neither record; a manager may not merge.
    const body = { kind: 'contact', kept: a.pk, merged: b.pk, choices: { email: 'merged', civility: 'kept' } };
    const before = await everyTable();
    expect((await t.call('/fac/merge/', { method: 'POST', token: token.neighbour, body })).status).toBe(403);
    expect((await t.call(`/fac/merge/contact/${a.pk}/${b.pk}/`, { token: token.neighbour })).status).toBe(403);
    // Another structure's contact cannot be merged into one's own (nor the other way round).
    expect(
      (await t.call('/fac/merge/', { method: 'POST', token: token.advisor, body: { ...body, merged: 11 } })).status,
    ).toBe(403);
    const crossed = await t.call('/fac/merge/', { method: 'POST', token: token.admin, body: { ...body, merged: 11 } });
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toBe('Les deux fiches doivent appartenir à la même structure pour être fusionnées.');
    // Bad requests: a French message, nothing written.
    const bad: [unknown, string][] = [
      [[1, 2], 'Envoyez les deux fiches à fusionner et les valeurs à garder.'],
      [{ ...body, kind: 'user' }, 'Choisissez des contacts ou des structures à fusionner.'],
      [{ ...body, merged: a.pk }, 'Une fiche ne peut pas être fusionnée avec elle-même.'],
      [{ ...body, kept: '1; drop table' }, 'Choisissez la fiche conservée et la fiche à fusionner.'],
      [
        { ...body, choices: { owningGroup: 'merged' } },
        "Le champ « owningGroup » ne se choisit pas lors d'une fusion.",
      ],
      [{ ...body, choices: { email: 'both' } }, expect.stringContaining('Pour le champ « email »')],
      [{ ...body, choices: [] }, 'Les valeurs à garder sont mal formées.'],
    ];
    for (const [payload, text] of bad) {
      const res = await t.call('/fac/merge/', { method: 'POST', token: token.advisor, body: payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toEqual(text);
    }
    expect((await t.call(`/fac/merge/contact/${a.pk}/999999/`, { token: token.advisor })).status).toBe(404);
    expect(await everyTable()).toEqual(before);

    // What the screen shows: both values per field, the kept one's proposed unless empty.
    const preview = await t.call(`/fac/merge/contact/${a.pk}/${b.pk}/`, { token: token.advisor });
    expect(preview.status).toBe(200);
    const field = (name: string) => (preview.body.fields as Rec[]).find((f) => f.name === name);
    expect(field('civility')).toMatchObject({ label: 'Civilité', kept: 'M.', merged: 'Non précisé', proposed: 'kept' });
    expect(field('email')).toMatchObject({
      kept: 'gaston.fusionnel@example.org',
      merged: 'gaston.fusionnelle@example.org',
      proposed: 'kept',
    });
    expect(field('mobilePhone')).toMatchObject({ proposed: 'merged' });
    expect(preview.body.moves.join(', ')).toContain('1 note');

    const merge = await post('/fac/merge/', { ...body, choices: { ...body.choices, mobilePhone: 'merged' } });
    expect(merge.history).toEqual(expect.any(Number));

    // Both search indexes follow: b's e-mail now names a, and b is found no more.
    const found = async (q: string) =>
      (
        ((await t.call(`/search/?q=${encodeURIComponent(q)}`, { token: token.advisor })).body.results.contacts ??
          []) as Rec[]
      ).map((h) => h.pk);
    expect(await found('gaston.fusionnelle@example.org')).toContain(a.pk);
    expect(await found('gaston.fusionnelle@example.org')).not.toContain(b.pk);
    expect(
      ((await t.call('/fac/contact/?q=06 11 22 33 44', { token: token.advisor })).body as Rec[]).map((c) => c.pk),
    ).toEqual([a.pk]);
    // b is gone; nothing anywhere points at it any more.
    expect((await t.call(`/fac/contact/${b.pk}/`, { token: token.advisor })).status).toBe(404);
    expect(await pointersLeft('contact', b.pk)).toEqual([]);
    const kept = (await t.call(`/fac/contact/${a.pk}/`, { token: token.advisor })).body as Rec;
    expect(kept).toMatchObject({
      civility: 'M.',
      lastName: 'Fusionnel',
      email: 'gaston.fusionnelle@example.org',
      phone: '04 76 11 22 33',
      mobilePhone: '06 11 22 33 44',
      address: '12 rue des Alpes',
    });
    expect([...kept.tags].sort()).toEqual([tagA.pk, tagB.pk].sort());
    const count = async (path: string) => ((await t.call(path, { token: token.advisor })).body as Rec[]).length;
    expect(await count(`/fac/note/?contact=${a.pk}`)).toBe(2);
    expect(await count(`/fac/reminder/?contact=${a.pk}`)).toBe(2);
    expect(await count(`/fac/file/?contact=${a.pk}`)).toBe(2);
    expect(await count(`/fac/member-of-organization/?contact=${a.pk}`)).toBe(2);
    expect(await count(`/fac/contact-consent/?contact=${a.pk}`)).toBe(2);
    expect(await count(`/fac/ecorenover-simulation/?contact=${a.pk}`)).toBe(2);
    const lists = ((await t.call('/fac/list/', { token: token.advisor })).body as Rec[]).filter((l) =>
      String(l.title).startsWith('Liste fusion'),
    );
    expect(lists.map((l) => l.contacts)).toEqual(expect.arrayContaining([[a.pk], [a.pk, 1]]));
    const appointment = (await t.app.database.db
      .selectFrom('dialogwatt_appointment' as never)
      .select('contact' as never)
      .where('pk' as never, '=', 2 as never)
      .executeTakeFirst()) as Rec;
    expect(appointment.contact).toBe(a.pk);
    const closed = (await t.call(`/fac/duplicate/${group!.pk}/`, { token: token.advisor })).body as Rec;
    expect(closed).toMatchObject({ status: 'merged', contacts: [a.pk] });
    // The history entry: visible to the structure, not to the neighbour.
    const history = (await t.call(`/fac/merge-history/${merge.history}/`, { token: token.advisor })).body as Rec;
    expect(history).toMatchObject({ kind: 'contact', kept: a.pk, merged: b.pk, undoneAt: null, author: 3 });
    expect(history.summary).toBe(`Gaston Fusionnelle (n° ${b.pk}) fusionné dans Gaston Fusionnel (n° ${a.pk})`);
    expect(history.snapshot).toBeUndefined();
    expect((await t.call(`/fac/merge-history/${merge.history}/`, { token: token.neighbour })).status).toBe(403);
    expect(
      (await t.call(`/fac/merge-history/${merge.history}/undo/`, { method: 'POST', token: token.neighbour })).status,
    ).toBe(403);

    // The undo: every table as it was before the merge, field by field.
    const undo = await t.call(`/fac/merge-history/${merge.history}/undo/`, { method: 'POST', token: token.advisor });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(await everyTable()).toEqual(before);
    expect(await found('gaston.fusionnelle@example.org')).toContain(b.pk);
    expect(
      ((await t.call('/fac/contact/?q=06 11 22 33 44', { token: token.advisor })).body as Rec[]).map((c) => c.pk),
    ).toEqual([b.pk]);
    const again = await t.call(`/fac/merge-history/${merge.history}/undo/`, { method: 'POST', token: token.advisor });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Cette fusion a déjà été annulée.');
    expect((await t.call(`/fac/merge-history/${merge.history}/`, { token: token.advisor })).body.undoneAt).toEqual(
      expect.any(String),
    );

    // Marked distinct, the pair does not come back on the next save nor in the full pass.
    const distinct = await t.call(`/fac/duplicate/${group!.pk}/`, {
      method: 'PATCH',
      token: token.advisor,
      body: { status: 'distinct' },
    });
    expect(distinct.status, JSON.stringify(distinct.body)).toBe(200);
    await t.call(`/fac/contact/${b.pk}/`, { method: 'PATCH', token: token.advisor, body: { town: 'Crolles' } });
    expect((await post('/fac/duplicate/detect/', {}, 'advisor', 200)).changed).toBe(0);
    const open = ((await t.call(`/fac/duplicate/?kind=contact`, { token: token.advisor })).body as Rec[]).filter((g) =>
      g.contacts.includes(b.pk),
    );
    expect(open.map((g) => g.status)).toEqual(['distinct']);
    expect((await t.call('/fac/duplicate/detect/', { method: 'POST', token: token.manager })).status).toBe(403);
  });

  it('merges two organisations with their members, relations, notes and lists, and undoes it', async () => {
    const o1 = await post('/fac/organization/', { name: 'Mairie de Fusionville', typeOfOrganization: 'Commune' });
    const o2 = await post('/fac/organization/', {
      name: 'MAIRIE DE FUSIONVILLE',
      typeOfOrganization: 'UNKNOWN',
      email: 'mairie@fusionville.example.org',
      phone: '04 76 99 88 77',
    });
    const groups = (await t.call(`/fac/duplicate/?kind=organization`, { token: token.advisor })).body as Rec[];
    expect(groups.find((g) => g.organizations.includes(o2.pk))?.organizations).toEqual([o2.pk, o1.pk]);
    await post('/fac/member-of-organization/', { contact: 1, organization: o2.pk });
    await post('/fac/relation-between-organizations/', {
      firstOrganization: o2.pk,
      relationName: 'la mairie',
      secondOrganization: 1,
    });
    await post('/fac/relation-between-organizations/', {
      firstOrganization: 3,
      relationName: 'le prestataire',
      secondOrganization: o2.pk,
    });
    await post('/fac/note/', { organization: o2.pk, note: 'Note de la mairie' });
    await post('/fac/list/', { title: 'Structures fusion', organizations: [o1.pk, o2.pk] });
    const before = await everyTable();
    const merge = await post(
      '/fac/merge/',
      { kind: 'organization', kept: o1.pk, merged: o2.pk, choices: { email: 'merged', phone: 'merged' } },
      'admin',
    );
    expect(await pointersLeft('organization', o2.pk)).toEqual([]);
    const kept = (await t.call(`/fac/organization/${o1.pk}/`, { token: token.advisor })).body as Rec;
    expect(kept).toMatchObject({
      name: 'Mairie de Fusionville',
      typeOfOrganization: 'Commune',
      email: 'mairie@fusionville.example.org',
      phone: '04 76 99 88 77',
    });
    const relations = ((await t.call('/fac/relation-between-organizations/', { token: token.advisor })).body as Rec[])
      .filter((r) => r.firstOrganization === o1.pk || r.secondOrganization === o1.pk)
      .map((r) => [r.firstOrganization, r.secondOrganization]);
    expect(relations).toEqual(
      expect.arrayContaining([
        [o1.pk, 1],
        [3, o1.pk],
      ]),
    );
    expect(
      ((await t.call(`/fac/member-of-organization/?organization=${o1.pk}`, { token: token.advisor })).body as Rec[])
        .length,
    ).toBe(1);
    // The advisor of the structure may undo what an administrator merged there.
    const undo = await t.call(`/fac/merge-history/${merge.history}/undo/`, { method: 'POST', token: token.advisor });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(await everyTable()).toEqual(before);
  });
  it('the full pass finds what came in without a save (administrators: every structure)', async () => {
    const now = new Date().toISOString();
    for (const lastName of ['Passagère', 'Passager'])
      await t.app.database.db
        .insertInto('fac_contact' as never)
        .values({
          owning_group: 3,
          civility: '-',
          first_name: 'Lou',
          last_name: lastName,
          email: 'lou.passager@example.org',
          created_at: now,
          updated_at: now,
        } as never)
        .execute();
    // The advisor's pass covers their structure only; the administrator's, every structure.
    expect((await post('/fac/duplicate/detect/', {}, 'advisor', 200)).changed).toBe(0);
    expect((await post('/fac/duplicate/detect/', {}, 'admin', 200)).changed).toBe(1);
    const found = ((await t.call('/fac/duplicate/?kind=contact', { token: token.neighbour })).body as Rec[]).filter(
      (g) => g.status === 'to_review',
    );
    expect(found.map((g) => g.contacts.length)).toContain(2);
    expect((await post('/fac/duplicate/detect/', {}, 'admin', 200)).changed).toBe(0);
  });
  it('random merge and undo requests: never a 5xx, a French refusal, nothing changed', async () => {
    const before = await everyTable();
    const values: unknown[] = [
      null,
      0,
      -1,
      1.5,
      2 ** 40,
      '1',
      '',
      'é\u0000',
      [],
      {},
      [1],
      { a: 1 },
      true,
      14,
      15,
      999999,
    ];
    const pick = (i: number) => values[(i * 7 + 3) % values.length];
    for (let i = 0; i < 60; i++) {
      const body: Rec = { kind: i % 3 === 0 ? 'contact' : i % 3 === 1 ? 'organization' : pick(i) };
      if (i % 4 !== 0) body.kept = pick(i + 1);
      if (i % 5 !== 0) body.merged = pick(i + 2);
      if (i % 2) body.choices = i % 6 === 1 ? { email: pick(i) } : pick(i + 3);
      for (const who of ['advisor', 'neighbour', 'manager']) {
        const res = await t.call('/fac/merge/', { method: 'POST', token: token[who], body });
        expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(res.status, JSON.stringify(body)).toBeLessThan(500);
        expect(res.body.message, JSON.stringify(body)).toMatch(/[a-zàâçéèêëîïôûùüÿœ]/i);
      }
      const undo = await t.call(`/fac/merge-history/${String(pick(i)).slice(0, 20)}/undo/`, {
        method: 'POST',
        token: token.advisor,
      });
      expect(undo.status).toBeGreaterThanOrEqual(400);
      expect(undo.status).toBeLessThan(500);
    }
    expect(await everyTable()).toEqual(before);
  });
});
