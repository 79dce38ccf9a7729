import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { folderStatus } from '../../engine/follow-up/folder-status';

// The follow-up engine (docs/follow-up.md; reference file area 3, 8.9–8.11, 13.3): the seeded
// national programme « Programme SARE », folders opened on contacts with their default actions,
// the folder status after each completion and reset, the French refusals of a done action, the
// costs, a programme built only through the API, and the neighbour structure kept out.

type Rec = Record<string, any>;

describe.each(DIALECTS)('follow-up engine on %s', (dialect) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  appOn(dialect, (app) => {
    t = app;
  });

  async function call(method: string, path: string, who: string, body?: Rec) {
    return t.call(path, { method, token: token[who], body });
  }
  async function ok(method: string, path: string, who: string, body?: Rec, status = 200): Promise<Rec> {
    const res = await call(method, path, who, body);
    expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as Rec;
  }
  const post = (path: string, who: string, body: Rec) => ok('POST', path, who, body, 201);
  const patch = (path: string, who: string, body: Rec) => ok('PATCH', path, who, body);

  async function actionsOf(folder: number, who = 'advisor'): Promise<Rec[]> {
    return (await ok('GET', `/fac/action/?folder=${folder}&perPage=100`, who)) as unknown as Rec[];
  }
  async function byName(folder: number, prefix: string): Promise<Rec> {
    const models = (await ok('GET', '/fac/action-model/?perPage=200', 'advisor')) as unknown as Rec[];
    const actions = await actionsOf(folder);
    const found = actions.find((a) => models.find((m) => m.pk === a.model)?.name.startsWith(prefix));
    if (!found) throw new Error(`no action ${prefix}`);
    return found;
  }
  async function upload(name: string): Promise<Rec> {
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 rapport'], { type: 'application/pdf' }), name);
    const res = await fetch(`${t.url}/api/v1/fac/action/file/attachment/`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token.advisor}` },
      body: form,
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Rec;
  }

  let contact: Rec;
  let folder: Rec;
  let me: number;

  beforeAll(async () => {
    token.advisor = await t.login('conseiller@demo.fr');
    token.neighbour = await t.login('conseiller.voisin@demo.fr');
    token.admin = await t.login('admin@demo.fr');
    contact = await post('/fac/contact/', 'advisor', { firstName: 'Lucie', lastName: `Parcours${dialect}` });
    folder = await post('/fac/folder/', 'advisor', { contact: contact.pk, model: 1, description: 'Maison de 1962' });
  });

  it('opening a household folder creates its default actions, at the first status', async () => {
    expect(folder.owningGroup).toBe(2);
    expect(folder.name).toBe(`Ménages — Lucie Parcours${dialect}`);
    expect(folder.project).toBe(1);
    expect(folder.valuationType).toBe(1);
    expect(folder.statusDetail.name).toBe('Nouveau dossier');
    const names = (folder.actions as Rec[]).map((a) => a.modelName);
    expect(names).toEqual([
      'A1 - Information de premier niveau',
      'A2 - Conseil personnalisé',
      "A3 - Réalisation d'audits énergétiques",
      'A4 - Accompagnement dans la réalisation des travaux',
      'A4 bis - Accompagnement et suivi des travaux',
      "A5 - Prestation maîtrise d'oeuvre",
      'Projet terminé',
    ]);
    expect((await actionsOf(folder.pk)).every((a) => a.done === false && a.owningGroup === 2)).toBe(true);
  });

  it('the demo seed opens its folders through the write path: default actions, who did it, the status', async () => {
    const seeded = (await ok('GET', '/fac/folder/?perPage=100', 'admin')) as unknown as Rec[];
    const demo = seeded.filter((f) => f.pk <= 7);
    expect(demo.map((f) => f.pk).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const statuses = (await ok('GET', '/fac/status/?perPage=200', 'admin')) as unknown as Rec[];
    const models = (await ok('GET', '/fac/action-model/?perPage=200', 'admin')) as unknown as Rec[];
    for (const f of demo) {
      const actions = await actionsOf(f.pk, 'admin');
      // Every default act of the model was created by opening the folder (afterSave hook).
      const defaults = models.filter((m) => m.default && !m.disabled && actions.some((a) => a.model === m.pk));
      expect(defaults.length, `folder ${f.pk}`).toBeGreaterThan(0);
      const expected = folderStatus(
        statuses.filter((s) => s.folderModel === f.model).map((s) => ({ pk: s.pk, order: Number(s.order) })),
        actions.map((a) => ({
          done: a.done,
          date: a.date,
          triggerStatus: models.find((m) => m.pk === a.model)?.triggerStatus ?? null,
        })),
      );
      expect(f.status, `folder ${f.pk}`).toBe(expected);
    }
    const names = Object.fromEntries(demo.map((f) => [f.pk, statuses.find((s) => s.pk === f.status)?.name]));
    expect(names).toMatchObject({ 1: 'Conseillé', 2: 'Travaux en cours', 3: 'Projet terminé', 4: 'Nouveau dossier' });
    // Done by the demo advisor who typed it, priced by the 2020 price list (A2 ménages: 50 €).
    const a2 = (await actionsOf(1, 'admin')).find((a) => a.model === 2)!;
    expect(a2).toMatchObject({ done: true, date: '2020-04-02', doneBy: 3, cost: 50 });
  });

  it('A1 then A2 move the folder to « Conseillé », A4 to « Travaux en cours »; resets move it back', async () => {
    const a1 = await byName(folder.pk, 'A1');
    const done1 = await patch(`/fac/action/${a1.pk}/`, 'advisor', { done: true, date: '2020-03-02' });
    expect(done1.folderStatus.name).toBe('Conseillé');
    expect(done1.doneBy).toBeTypeOf('number');
    me = done1.doneBy;
    expect(done1.cost).toBe(8);
    const a2 = await byName(folder.pk, 'A2');
    const done2 = await patch(`/fac/action/${a2.pk}/`, 'advisor', { done: true });
    expect(done2.folderStatus.name).toBe('Conseillé');
    // Dated today (no date sent): outside the 2020 price period, so no cost.
    expect(done2.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(done2.cost).toBe(0);
    const a4 = await byName(folder.pk, 'A4 -');
    expect(
      (await patch(`/fac/action/${a4.pk}/`, 'advisor', { done: true, date: '2020-06-01' })).folderStatus.name,
    ).toBe('Travaux en cours');
    expect((await ok('GET', `/fac/folder/${folder.pk}/`, 'advisor')).statusDetail.name).toBe('Travaux en cours');
    // Resetting A4 moves it back to « Conseillé »; resetting A2 keeps it there while A1 (which
    // also triggers « Conseillé », reference 13.3) is done; resetting A1 then goes back to the start.
    expect((await ok('POST', `/fac/action/${a4.pk}/reset/`, 'advisor')).folderStatus.name).toBe('Conseillé');
    const reset2 = await ok('POST', `/fac/action/${a2.pk}/reset/`, 'advisor');
    expect(reset2).toMatchObject({
      done: false,
      date: null,
      doneBy: null,
      cost: 0,
      folderStatus: { name: 'Conseillé' },
    });
    expect((await ok('POST', `/fac/action/${a1.pk}/reset/`, 'advisor')).folderStatus.name).toBe('Nouveau dossier');
    // Statuses filter the folders list (/fac/dossiers).
    await patch(`/fac/action/${a1.pk}/`, 'advisor', { done: true, date: '2020-03-02' });
    const conseille = ((await ok('GET', '/fac/status/?folderModel=1', 'advisor')) as unknown as Rec[]).find(
      (s) => s.name === 'Conseillé',
    )!;
    const listed = (await ok(
      'GET',
      `/fac/folder/?status=${conseille.pk}&project=1&model=1&owningGroup=2`,
      'advisor',
    )) as unknown as Rec[];
    expect(listed.map((f) => f.pk)).toContain(folder.pk);
    const other = (await ok('GET', `/fac/folder/?status=${conseille.pk + 1}`, 'advisor')) as unknown as Rec[];
    expect(other.map((f) => f.pk)).not.toContain(folder.pk);
  });

  it('keeps who did an action first when someone else edits it', async () => {
    const a1 = await byName(folder.pk, 'A1');
    const edited = await patch(`/fac/action/${a1.pk}/`, 'admin', { message: '<p>Appel du 2 mars</p>' });
    expect(edited.doneBy).toBe(me);
  });

  it('refuses a done action without its required document, in French, and changes nothing', async () => {
    await patch('/fac/action-model/3/', 'admin', { fileRequired: true });
    const a3 = await byName(folder.pk, 'A3');
    const refused = await call('PATCH', `/fac/action/${a3.pk}/`, 'advisor', { done: true, date: '2020-04-01' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Au moins une pièce jointe est requise.');
    const after = await ok('GET', `/fac/action/${a3.pk}/`, 'advisor');
    expect(after.done).toBe(false);
    expect(after.folderStatus.name).toBe('Conseillé');
    const file = await upload('audit.pdf');
    const done = await patch(`/fac/action/${a3.pk}/`, 'advisor', { done: true, date: '2020-04-01', attachment: file });
    expect(done.cost).toBe(200);
    expect(done.attachment.name).toBe('audit.pdf');
  });

  it('refuses a household folder on an organisation, and an act of another folder model', async () => {
    const org = await post('/fac/organization/', 'advisor', { name: `Syndic ${dialect}` });
    const refused = await call('POST', '/fac/folder/', 'advisor', { organization: org.pk, model: 1 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("Impossible d'enregistrer ce type de dossier pour une structure.");
    const tertiaryB1 = ((await ok('GET', '/fac/action-model/?perPage=200', 'advisor')) as unknown as Rec[]).find((m) =>
      String(m.name).startsWith('B1'),
    )!;
    const wrong = await call('POST', '/fac/action/', 'advisor', { folder: folder.pk, model: tertiaryB1.pk });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain("Cet acte n'appartient pas au modèle de ce dossier.");
    // B1 needs a linked contact once done (reference 13.3).
    const tertiary = await post('/fac/folder/', 'advisor', { organization: org.pk, model: 3 });
    const b1 = (await actionsOf(tertiary.pk)).find((a) => a.model === tertiaryB1.pk)!;
    const noContact = await call('PATCH', `/fac/action/${b1.pk}/`, 'advisor', { done: true, date: '2020-05-05' });
    expect(JSON.stringify(noContact.body)).toContain('Il faut ajouter un contact lié.');
    const withContact = await patch(`/fac/action/${b1.pk}/`, 'advisor', {
      done: true,
      date: '2020-05-05',
      contact: contact.pk,
    });
    expect(withContact).toMatchObject({ cost: 16, folderStatus: { name: 'Conseillé' } });
  });

  it('costs follow the per-act amounts and the structure coefficient when the model enables it', async () => {
    await patch('/accounts/group/2/', 'admin', { coefficient: 1.25 });
    await patch('/fac/action-model/2/', 'admin', { coefficientEnabled: true });
    const a2 = await byName(folder.pk, 'A2');
    expect((await patch(`/fac/action/${a2.pk}/`, 'advisor', { done: true, date: '2020-09-30' })).cost).toBe(62.5);
    // A1 has no coefficient: 8 € whatever the structure's.
    const a1 = await byName(folder.pk, 'A1');
    expect((await patch(`/fac/action/${a1.pk}/`, 'advisor', { duration: 2 })).cost).toBe(8);
    await patch('/accounts/group/2/', 'admin', { coefficient: 1 });
  });

  it('keeps the neighbour structure out of the folder and its actions', async () => {
    const a1 = await byName(folder.pk, 'A1');
    expect((await call('GET', `/fac/folder/${folder.pk}/`, 'neighbour')).status).toBe(403);
    expect((await call('PATCH', `/fac/action/${a1.pk}/`, 'neighbour', { done: false })).status).toBe(403);
    expect((await call('POST', `/fac/action/${a1.pk}/reset/`, 'neighbour')).status).toBe(403);
    expect((await call('DELETE', `/fac/action/${a1.pk}/`, 'neighbour')).status).toBe(403);
    const theirs = (await ok('GET', '/fac/folder/', 'neighbour')) as unknown as Rec[];
    expect(theirs.map((f) => f.pk)).not.toContain(folder.pk);
    const onOurs = await call('POST', '/fac/folder/', 'neighbour', { contact: contact.pk, model: 1 });
    expect(onOurs.status).toBe(400);
    expect((await ok('GET', `/fac/action/${a1.pk}/`, 'advisor')).done).toBe(true);
    // Advisors read the programme's configuration but do not change it.
    expect((await call('PATCH', '/fac/action-model/1/', 'advisor', { name: 'A1' })).status).toBe(403);
  });

  it('deleting a contact linked to an action of another folder keeps the action, without its contact', async () => {
    const linked = await post('/fac/contact/', 'advisor', { firstName: 'Marc', lastName: `Lié${dialect}` });
    const comment = await post('/fac/action/', 'advisor', { folder: folder.pk, model: 7, contact: linked.pk });
    await ok('DELETE', `/fac/contact/${linked.pk}/`, 'advisor');
    expect(await ok('GET', `/fac/action/${comment.pk}/`, 'advisor')).toMatchObject({
      contact: null,
      folder: folder.pk,
    });
    // Deleting the folder's own contact takes the folder and its actions with it (reference CASCADE).
    const other = await post('/fac/contact/', 'advisor', { firstName: 'Zoé', lastName: `Partie${dialect}` });
    const gone = await post('/fac/folder/', 'advisor', { contact: other.pk, model: 1 });
    await ok('DELETE', `/fac/contact/${other.pk}/`, 'advisor');
    expect((await call('GET', `/fac/folder/${gone.pk}/`, 'advisor')).status).toBe(404);
    expect(await actionsOf(gone.pk)).toEqual([]);
  });

  it('an action carries a reminder (about its folder’s contact) and the fields of its act’s custom form', async () => {
    const mine = await post('/fac/folder/', 'advisor', { contact: contact.pk, model: 1, description: 'Rappels' });
    const [a1, a2] = (mine.actions as Rec[]).slice(0, 2);
    const reminder = await post('/fac/reminder/', 'advisor', { action: a1.pk, date: '2030-01-15', persons: [3] });
    expect(reminder).toMatchObject({ action: a1.pk, note: null, contact: contact.pk, owningGroup: 2, done: false });
    expect((await call('POST', '/fac/reminder/', 'advisor', { action: a1.pk, date: '2030-02-01' })).status).toBe(400);
    const neither = await call('POST', '/fac/reminder/', 'advisor', { date: '2030-02-01' });
    expect(neither.status).toBe(400);
    expect(JSON.stringify(neither.body)).toContain('Un rappel accompagne une note ou une action');
    // A custom form scoped to act A1 adds its field to A1 actions only (answers in customFormData).
    const wl = (await t.call('/white_labelling/current/', { domain: 'localhost' })).body.pk;
    const form = {
      ops: [{ op: 'addField', field: 'xVisite', schema: { type: 'string', title: 'Lieu de la visite' } }],
    };
    const saved = await call('PUT', `/white_labelling/${wl}/overlays/entity:action@actionModel:1`, 'admin', form);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const withField = await patch(`/fac/action/${a1.pk}/`, 'advisor', { xVisite: 'Au domicile' });
    expect(withField).toMatchObject({ xVisite: 'Au domicile', customFormData: { xVisite: 'Au domicile' } });
    const without = await patch(`/fac/action/${a2.pk}/`, 'advisor', { xVisite: 'ignoré' });
    expect(without).not.toHaveProperty('xVisite');
    // Deleting the action deletes its reminder.
    await ok('DELETE', `/fac/action/${a1.pk}/`, 'advisor');
    expect((await call('GET', `/fac/reminder/${reminder.pk}/`, 'advisor')).status).toBe(404);
  });

  it('a new programme built only through the API works end to end', async () => {
    const type = await post('/fac/type-valorization/', 'admin', { name: `Tarifs ${dialect}`, groups: [2] });
    const period = await post('/fac/period/', 'admin', {
      name: '2026',
      dateStart: '2026-01-01',
      dateEnd: '2026-12-31',
    });
    const perAct = await post('/fac/valorization/', 'admin', {
      title: 'Visite',
      act: true,
      amount: 120,
      valuationType: type.pk,
      period: period.pk,
    });
    const hourly = await post('/fac/valorization/', 'admin', {
      title: 'Suivi horaire',
      act: false,
      amount: 45,
      valuationType: type.pk,
      period: period.pk,
    });
    const project = await post('/fac/project/', 'admin', {
      name: `Rénovation copro ${dialect}`,
      groups: [2],
      valuationTypes: [type.pk],
    });
    const model = await post('/fac/folder-model/', 'admin', {
      name: 'Copropriété',
      project: project.pk,
      linkToContact: false,
      linkToOrganization: true,
    });
    const open = await post('/fac/status/', 'admin', { name: 'Ouvert', folderModel: model.pk, order: 0 });
    const visited = await post('/fac/status/', 'admin', {
      name: 'Visité',
      folderModel: model.pk,
      order: 1,
      color: '#2e7d32',
    });
    const category = await post('/fac/category-model/', 'admin', { name: 'Visites', folderModel: model.pk });
    const visit = await post('/fac/action-model/', 'admin', {
      name: 'Visite sur place',
      categoryModel: category.pk,
      default: true,
      triggerStatus: visited.pk,
      valuations: [perAct.pk],
    });
    const followUp = await post('/fac/action-model/', 'admin', {
      name: 'Suivi',
      categoryModel: category.pk,
      optional: true,
      messageRequired: true,
      coefficientEnabled: true,
      valuations: [hourly.pk],
    });
    const neither = await call('POST', '/fac/action-model/', 'admin', { name: 'X', categoryModel: category.pk });
    expect(JSON.stringify(neither.body)).toContain(
      "Le modèle d'action doit au minimum être « optionnel » ou « défaut ».",
    );

    const org = await post('/fac/organization/', 'advisor', { name: `Copro des Tilleuls ${dialect}` });
    const f = await post('/fac/folder/', 'advisor', { organization: org.pk, model: model.pk });
    expect(f).toMatchObject({ project: project.pk, valuationType: type.pk, status: open.pk });
    expect((f.actions as Rec[]).map((a) => a.model)).toEqual([visit.pk]);

    const noComment = await call('POST', '/fac/action/', 'advisor', {
      folder: f.pk,
      model: followUp.pk,
      done: true,
      date: '2026-06-01',
      duration: 1.5,
    });
    expect(noComment.status).toBe(400);
    expect(JSON.stringify(noComment.body)).toContain('Le commentaire ne peut pas être vide.');
    await patch('/accounts/group/2/', 'admin', { coefficient: 0.8 });
    const hours = await post('/fac/action/', 'advisor', {
      folder: f.pk,
      model: followUp.pk,
      done: true,
      date: '2026-06-01',
      duration: 1.5,
      message: '<p>Point avec le syndic</p>',
    });
    expect(hours).toMatchObject({ cost: 54, valuation: hourly.pk, folderStatus: { name: 'Ouvert' } });
    await patch('/accounts/group/2/', 'admin', { coefficient: 1 });
    const v = (f.actions as Rec[])[0];
    const visitDone = await patch(`/fac/action/${v.pk}/`, 'advisor', { done: true, date: '2026-02-10' });
    expect(visitDone).toMatchObject({ cost: 120, folderStatus: { name: 'Visité' } });
    const deleted = await ok('DELETE', `/fac/action/${v.pk}/`, 'advisor');
    expect(deleted).toMatchObject({ ok: 'Deleted', folderStatus: { name: 'Ouvert' } });

    // The neighbour structure does not take part in this programme.
    const theirOrg = await post('/fac/organization/', 'neighbour', { name: `Voisins ${dialect}` });
    const notShared = await call('POST', '/fac/folder/', 'neighbour', { organization: theirOrg.pk, model: model.pk });
    expect(notShared.status).toBe(400);
    expect(JSON.stringify(notShared.body)).toContain("Ce programme n'est pas partagé avec votre structure.");
    expect((await call('GET', `/fac/project/${project.pk}/`, 'neighbour')).status).toBe(403);

    // A new default act is added to the folders already open (reference 8.10 step 5).
    const report = await post('/fac/action-model/', 'admin', {
      name: 'Rapport de visite',
      categoryModel: category.pk,
      default: true,
    });
    expect((await actionsOf(f.pk)).filter((a) => a.model === report.pk)).toHaveLength(1);
    const foreign = await call('PATCH', `/fac/action-model/${report.pk}/`, 'admin', { triggerStatus: 2 });
    expect(JSON.stringify(foreign.body)).toContain("Ce statut n'appartient pas au modèle de dossier de la catégorie.");

    // Deleting the folder takes its actions with it.
    await ok('DELETE', `/fac/folder/${f.pk}/`, 'advisor');
    expect(await actionsOf(f.pk)).toEqual([]);
  });
});
