import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The projects exchange (issue 13 item 6, « BAP test »): two professionals join; a project matching
// only one of them reaches only that one (list, read and mail); the household's contact stays
// hidden until the advisor shares it; a joined, matching but inactive professional gets nothing;
// the statistics count it all; another structure's advisors see none of it.

const B = '/bap';
const W = '/workflow/bap-project';

describe.each(DIALECTS)('projects exchange on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let advisor: string;
  let pro: string; // pro@demo.fr (user 6, sheet 1): activities 1, 2; sub-missions 4, 9, 10, 11, 18
  let other: string; // atelier-bois@demo.fr (user 9, sheet 2): sub-missions 1, 4, 11 — not 9
  let project: number;
  let interest: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.login('admin@demo.fr');
    advisor = await t.login('conseiller@demo.fr');
    pro = await t.login('pro@demo.fr');
    other = await t.login('atelier-bois@demo.fr');
  });
  afterAll(async () => {
    await t?.close();
  });

  const mailsTo = async (email: string) =>
    (
      (await t.app.database.db
        .selectFrom('mail_outbox' as never)
        .select(['subject' as never, 'text_body' as never])
        .where('to_email' as never, '=', email as never)
        .execute()) as { subject: string; text_body: string }[]
    ).map((m) => m.subject);
  const listed = async (path: string, token: string) => {
    const res = await t.call(path, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { pk: number }[]).map((r) => r.pk);
  };

  it('lets professionals join with the charter and their zones; a French refusal without the charter', async () => {
    for (const sheet of [1, 2, 3]) {
      const res = await t.call(`/listepro/professional/${sheet}/`, {
        method: 'PATCH',
        token: admin,
        body: { allowToRegisterToBap: true },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const refused = await t.call(`${B}/membership/`, {
      method: 'POST',
      token: pro,
      body: { professional: 1, departments: ['38'] },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Acceptez la charte de la bourse aux projets');
    const noZone = await t.call(`${B}/membership/`, {
      method: 'POST',
      token: pro,
      body: { professional: 1, charterAccepted: true },
    });
    expect(noZone.status).toBe(400);
    expect(JSON.stringify(noZone.body)).toContain('au moins un département ou une commune');
    // Not someone else's sheet: the relation's rule offers a professional their own sheet only, and
    // the owner it would give is refused as if that account did not exist (it is not readable).
    const foreign = await t.call(`${B}/membership/`, {
      method: 'POST',
      token: pro,
      body: { professional: 2, charterAccepted: true, departments: ['38'] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toContainEqual(expect.objectContaining({ path: 'professional' }));
    expect(foreign.body.errors).toContainEqual(expect.objectContaining({ path: 'owner', code: 'relation_missing' }));
    const choices = await t.call('/meta/options/listepro-professional?field=bap-membership.professional', {
      token: pro,
    });
    expect(choices.body).toEqual([{ value: 1, label: expect.any(String) }]);
    const joined = await t.call(`${B}/membership/`, {
      method: 'POST',
      token: pro,
      body: { professional: 1, charterAccepted: true, departments: ['38'] },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(joined.body).toMatchObject({ owner: 6, charterAccepted: true });
    expect(typeof joined.body.charterAcceptedAt).toBe('string');
    const second = await t.call(`${B}/membership/`, {
      method: 'POST',
      token: other,
      body: { professional: 2, charterAccepted: true, territories: ['38185'] },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    // The third one matches the project below too, then is made inactive: it must receive nothing.
    const third = await t.login('thermique-isere@demo.fr');
    const inactive = await t.call(`${B}/membership/`, {
      method: 'POST',
      token: third,
      body: { professional: 3, charterAccepted: true, departments: ['38'] },
    });
    expect(inactive.status, JSON.stringify(inactive.body)).toBe(201);
    const off = await t.call('/accounts/user/10/', { method: 'PATCH', token: admin, body: { isActive: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
  });

  it('publishes a project to the one matching, active professional only (list, read and mail)', async () => {
    const bad = await t.call(`${B}/project/`, {
      method: 'POST',
      token: advisor,
      body: { title: 'Isolation', activity: 1, subMission: 9, commune: '99999' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("La commune 99999 n'existe pas.");
    const refusedToPro = await t.call(`${B}/project/`, {
      method: 'POST',
      token: pro,
      body: { title: 'Isolation', activity: 1, subMission: 9, commune: '38185' },
    });
    expect(refusedToPro.status).toBe(403);
    const made = await t.call(`${B}/project/`, {
      method: 'POST',
      token: advisor,
      body: {
        title: 'Isolation des combles et ventilation',
        description: 'Maison de 1975, 110 m².',
        activity: 1,
        subMission: 9,
        commune: '38185',
        budgetRange: '10k_30k',
        wishedStart: '2027-03-01',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    project = made.body.pk;
    expect(made.body).toMatchObject({ state: 'draft', advisor: 3, communeName: 'Grenoble', department: '38' });
    const household = await t.call(`${B}/household/`, {
      method: 'POST',
      token: advisor,
      body: { project, name: 'Famille Martin', email: 'famille.martin@example.org', phone: '06 12 34 56 78' },
    });
    expect(household.status, JSON.stringify(household.body)).toBe(201);
    // A draft reaches no one.
    expect(await listed(`${B}/project/`, pro)).not.toContain(project);
    expect((await t.call(`${W}/${project}/transitions/publish/`, { method: 'POST', token: pro })).status).toBe(403);
    const published = await t.call(`${W}/${project}/transitions/publish/`, { method: 'POST', token: advisor });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.state).toBe('published');

    const stored = await t.call(`${B}/project/${project}/`, { token: advisor });
    expect(stored.body.matchedUsers).toEqual([6]);
    expect(await listed(`${B}/project/`, pro)).toEqual([project]);
    const read = await t.call(`${B}/project/${project}/`, { token: pro });
    expect(read.status).toBe(200);
    // Whom else the project reaches is the team's to know (fieldRules.matchedUsers.readableIf): left out of the
    // professional's detail and list, while the view rule still reads it.
    expect(read.body.title).toBeTruthy();
    expect(read.body).not.toHaveProperty('matchedUsers');
    const proList = await t.call(`${B}/project/`, { token: pro });
    expect(proList.body[0].pk).toBe(project);
    expect(proList.body[0]).not.toHaveProperty('matchedUsers');
    expect(await listed(`${B}/project/`, other)).toEqual([]);
    expect((await t.call(`${B}/project/${project}/`, { token: other })).status).toBe(403);
    expect(await mailsTo('pro@demo.fr')).toContainEqual(
      expect.stringContaining(' - Nouveau projet : Isolation des combles et ventilation'),
    );
    expect((await mailsTo('atelier-bois@demo.fr')).filter((s) => s.includes('projet'))).toEqual([]);
    expect((await mailsTo('thermique-isere@demo.fr')).filter((s) => s.includes('projet'))).toEqual([]);
  });

  it('takes a deactivated professional, or one whose membership ended, out of the projects at once', async () => {
    const matched = async () => (await t.call(`${B}/project/${project}/`, { token: advisor })).body.matchedUsers;
    const off = await t.call('/accounts/user/6/', { method: 'PATCH', token: admin, body: { isActive: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await matched()).toEqual([]);
    const before = (await mailsTo('pro@demo.fr')).length;
    const on = await t.call('/accounts/user/6/', { method: 'PATCH', token: admin, body: { isActive: true } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(await matched()).toEqual([6]);
    // Reached again: told again.
    expect((await mailsTo('pro@demo.fr')).length).toBe(before + 1);
    pro = await t.login('pro@demo.fr');

    const [membership] = await listed(`${B}/membership/`, pro);
    const left = await t.call(`${B}/membership/${membership}/`, { method: 'DELETE', token: pro });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(await matched()).toEqual([]);
    expect(await listed(`${B}/project/`, pro)).toEqual([]);
    const back = await t.call(`${B}/membership/`, {
      method: 'POST',
      token: pro,
      body: { professional: 1, charterAccepted: true, departments: ['38'] },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(await matched()).toEqual([6]);
  });

  it("matches again when a sheet's validity, exchange access or published presentation changes", async () => {
    const matched = async () => (await t.call(`${B}/project/${project}/`, { token: advisor })).body.matchedUsers;
    const patch = async (path: string, body: object) => {
      const res = await t.call(path, { method: 'PATCH', token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const before = (await mailsTo('pro@demo.fr')).length;
    await patch('/listepro/professional/1/', { allowToRegisterToBap: false });
    expect(await matched()).toEqual([]);
    await patch('/listepro/professional/1/', { allowToRegisterToBap: true });
    expect(await matched()).toEqual([6]);
    await patch('/listepro/professional/1/', { proIsValid: false });
    expect(await matched()).toEqual([]);
    await patch('/listepro/professional/1/', { proIsValid: true });
    expect(await matched()).toEqual([6]);
    // Reached again twice: told twice.
    expect((await mailsTo('pro@demo.fr')).length).toBe(before + 2);

    // The published presentation, not the draft being written, is what the matching reads.
    const draft = (await t.app.database.db
      .selectFrom('listepro_presentation' as never)
      .select(['pk' as never, 'sub_missions' as never])
      .where('professional' as never, '=', 1 as never)
      .where('version' as never, '=', 'draft' as never)
      .executeTakeFirstOrThrow()) as { pk: number; sub_missions: string };
    const subMissions = JSON.parse(draft.sub_missions) as number[];
    expect(subMissions).toContain(9);
    const publish = async (missions: number[]) => {
      await patch(`/listepro/presentation/${draft.pk}/`, { subMissions: missions });
      for (const step of ['submit', 'publish']) {
        const res = await t.call(`/workflow/listepro-presentation/${draft.pk}/transitions/${step}/`, {
          method: 'POST',
          token: advisor,
          body: { noMail: true },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    };
    await patch(`/listepro/presentation/${draft.pk}/`, { subMissions: subMissions.filter((m) => m !== 9) });
    expect(await matched()).toEqual([6]);
    await publish(subMissions.filter((m) => m !== 9));
    expect(await matched()).toEqual([]);
    await publish(subMissions);
    expect(await matched()).toEqual([6]);
  });

  it('hides the household contact until the advisor shares it with an interested professional', async () => {
    expect(await listed(`${B}/household/?project=${project}`, pro)).toEqual([]);
    const [contactPk] = await listed(`${B}/household/?project=${project}`, advisor);
    expect((await t.call(`${B}/household/${contactPk}/`, { token: pro })).status).toBe(403);
    // The other professional cannot point at a project that does not reach them.
    const stranger = await t.call(`${B}/interest/`, {
      method: 'POST',
      token: other,
      body: { project, professional: 2 },
    });
    expect(stranger.status).toBe(400);
    // « Je suis intéressé » sends the project only: the professional's own sheet is taken.
    const declared = await t.call(`${B}/interest/`, {
      method: 'POST',
      token: pro,
      body: { project, message: 'Disponible dès mars.' },
    });
    expect(declared.status, JSON.stringify(declared.body)).toBe(201);
    expect(declared.body).toMatchObject({ professional: 1, owner: 6 });
    interest = declared.body.pk;
    const twice = await t.call(`${B}/interest/`, { method: 'POST', token: pro, body: { project, professional: 1 } });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain('Vous avez déjà déclaré votre intérêt pour ce projet.');
    expect(await mailsTo('conseiller@demo.fr')).toContainEqual(
      expect.stringContaining(' - Un professionnel est intéressé : Isolation des combles et ventilation'),
    );
    expect(await listed(`${B}/interest/?project=${project}`, advisor)).toEqual([interest]);
    expect(await listed(`${B}/interest/`, pro)).toEqual([interest]);
    expect(await listed(`${B}/interest/`, other)).toEqual([]);
    expect((await t.call(`${B}/project/${project}/`, { token: advisor })).body.interestCount).toBe(1);

    expect((await t.call(`${B}/interest/${interest}/share/`, { method: 'POST', token: pro })).status).toBe(403);
    const shared = await t.call(`${B}/interest/${interest}/share/`, { method: 'POST', token: advisor });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const visible = await t.call(`${B}/household/?project=${project}`, { token: pro });
    expect(visible.body).toMatchObject([{ name: 'Famille Martin', email: 'famille.martin@example.org' }]);
    expect(await listed(`${B}/household/?project=${project}`, other)).toEqual([]);
    expect((await t.call(`${B}/interest/${interest}/`, { token: pro })).body.contactShared).toBe(true);
    expect(await mailsTo('pro@demo.fr')).toContainEqual(
      expect.stringContaining(' - Contact du ménage : Isolation des combles et ventilation'),
    );
  });

  it("keeps a project, its household's contact and its interests to its structure's advisors (issue 25)", async () => {
    const neighbour = await t.login('conseiller.voisin@demo.fr'); // Espace Conseil Voisin (3)
    expect((await t.call(`${B}/project/${project}/`, { token: advisor })).body.group).toBe(2);
    const [contactPk] = await listed(`${B}/household/?project=${project}`, advisor);
    expect(await listed(`${B}/project/`, neighbour)).toEqual([]);
    expect(await listed(`${B}/household/`, neighbour)).toEqual([]);
    expect(await listed(`${B}/interest/`, neighbour)).toEqual([]);
    expect((await t.call(`${B}/project/${project}/`, { token: neighbour })).status).toBe(403);
    expect((await t.call(`${B}/household/${contactPk}/`, { token: neighbour })).status).toBe(403);
    expect((await t.call(`${B}/interest/${interest}/`, { token: neighbour })).status).toBe(403);
    const changed = await t.call(`${B}/household/${contactPk}/`, {
      method: 'PATCH',
      token: neighbour,
      body: { email: 'voisin@example.org' },
    });
    expect(changed.status).toBe(403);
    const added = await t.call(`${B}/household/`, {
      method: 'POST',
      token: neighbour,
      body: { project, name: 'Intrus' },
    });
    expect(added.status).toBe(400);
    expect(added.body.errors).toContainEqual(expect.objectContaining({ path: 'project', code: 'relation_missing' }));
    expect((await t.call(`${B}/interest/${interest}/share/`, { method: 'POST', token: neighbour })).status).toBe(403);
    expect((await t.call(`${B}/household/${contactPk}/`, { method: 'DELETE', token: neighbour })).status).toBe(403);
    const close = await t.call(`${W}/${project}/transitions/close/`, { method: 'POST', token: neighbour });
    expect([403, 404]).toContain(close.status);
    expect((await t.call(`${B}/statistics/`, { token: neighbour })).body).toMatchObject({ total: 0 });
    // Their own project is theirs alone; an administrator sees both.
    const own = await t.call(`${B}/project/`, {
      method: 'POST',
      token: neighbour,
      body: { title: 'Toiture voisine', activity: 1, subMission: 9, commune: '38229' },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.group).toBe(3);
    expect(await listed(`${B}/project/`, neighbour)).toEqual([own.body.pk]);
    expect(await listed(`${B}/project/`, advisor)).not.toContain(own.body.pk);
    expect(await listed(`${B}/project/`, admin)).toEqual(expect.arrayContaining([project, own.body.pk]));
    expect((await t.call(`${B}/project/${own.body.pk}/`, { method: 'DELETE', token: advisor })).status).toBe(403);
    expect((await t.call(`${B}/project/${own.body.pk}/`, { method: 'DELETE', token: neighbour })).status).toBe(200);
  });

  it('gives the statistics, then closes the project and tells the interested professional', async () => {
    expect((await t.call(`${B}/statistics/`, { token: pro })).status).toBe(403);
    const stats = await t.call(`${B}/statistics/`, { token: advisor });
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    expect(stats.body).toMatchObject({ total: 1, offered: 1, withInterest: 1, interestRate: 1 });
    expect(stats.body.byState).toEqual([
      { state: 'draft', label: 'Brouillon', count: 0 },
      { state: 'published', label: 'Publié', count: 1 },
      { state: 'closed', label: 'Clos', count: 0 },
    ]);
    expect(stats.body.bySubMission).toEqual([{ subMission: 9, count: 1, name: expect.any(String) }]);
    expect(stats.body.meanDaysToFirstInterest).toBeGreaterThanOrEqual(0);
    expect(stats.body.meanDaysToFirstInterest).toBeLessThan(0.01);

    const closed = await t.call(`${W}/${project}/transitions/close/`, { method: 'POST', token: advisor });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(await mailsTo('pro@demo.fr')).toContainEqual(
      expect.stringContaining(' - Projet clos : Isolation des combles et ventilation'),
    );
    const late = await t.call(`${B}/interest/`, { method: 'POST', token: pro, body: { project, professional: 1 } });
    expect(late.status).toBe(400);
    const after = await t.call(`${B}/statistics/`, { token: advisor });
    expect(after.body.byState.find((s: { state: string }) => s.state === 'closed').count).toBe(1);
  });
});
