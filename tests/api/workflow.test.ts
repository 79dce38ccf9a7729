import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startSmtpCapture } from '../helpers/smtp-capture';
import { sweepRevalidations } from '../../server/modules/workflow/workflow-jobs';

// The generic workflow engine on the directory's workflows (issue 13 item 5, docs/directory.md
// "Workflows"): a new sheet starts « Initié », its professional fills and submits it and its
// presentation, an advisor publishes both with an edited mail (received by a real SMTP server), the
// public keeps reading the published presentation while a new draft is written, the history names
// each actor, a professional cannot run an advisor's transition, and the yearly re-validation runs.

const D = '/listepro';
const W = '/workflow';
const PRO_EMAIL = 'renov-nord-isere@demo.fr';

describe.each(DIALECTS)('workflows on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let pro: string;
  let advisor: string;
  let sheet: number;
  let presentation: number;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp(dialect, { env: { SMTP_URL: smtp.url, MAIL_FROM: '"Annuaire" <noreply@demo.fr>' } });
    pro = await t.login(PRO_EMAIL);
    advisor = await t.login('conseiller@demo.fr');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const view = async (entity: string, pk: number, token = pro) => {
    const res = await t.call(`${W}/${entity}/${pk}/`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const run = (entity: string, pk: number, name: string, token: string, body: Record<string, unknown> = {}) =>
    t.call(`${W}/${entity}/${pk}/transitions/${name}/`, { method: 'POST', token, body });

  it('starts a new sheet « Initié »; its professional fills and submits it and its presentation', async () => {
    const made = await t.call(`${D}/professional/`, {
      method: 'POST',
      token: pro,
      body: { user: 13, name: 'Rénov Nord Isère — Vienne' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    sheet = made.body.pk;
    const initial = await view('listepro-professional', sheet);
    expect(initial).toMatchObject({ state: 'initial', stateLabel: 'Initié', history: [] });
    expect(initial.transitions.map((x: { name: string }) => x.name)).toEqual(['fill']);
    expect((await run('listepro-professional', sheet, 'fill', pro)).body.stateLabel).toBe("À l'étude");
    // The guard: no job and no e-mail yet — a French 400 and nothing changed.
    const early = await run('listepro-professional', sheet, 'submit', pro);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(
      'Renseignez la raison sociale, le métier et le courriel de la fiche avant de la soumettre.',
    );
    expect((await view('listepro-professional', sheet)).state).toBe('draft');
    const filled = await t.call(`${D}/professional/${sheet}/`, {
      method: 'PATCH',
      token: pro,
      body: { job: 2, email: PRO_EMAIL, town: 'Vienne', postcode: '38200' },
    });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    expect((await run('listepro-professional', sheet, 'submit', pro)).body.state).toBe('in_validation');

    const draft = await t.call(`${D}/presentation/`, {
      method: 'POST',
      token: pro,
      body: { professional: sheet, activities: [1], subMissions: [4], description: '<p>Première version</p>' },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    presentation = draft.body.pk;
    expect(draft.body).toMatchObject({ version: 'draft', transitionState: 'initial' });
    expect((await run('listepro-presentation', presentation, 'submit', pro)).body.state).toBe('in_validation');
  });

  it('refuses an advisor-only transition to a professional (403) and keeps a locked field', async () => {
    const res = await run('listepro-professional', sheet, 'publish', pro);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Votre rôle ne permet pas cette action.');
    expect((await run('listepro-presentation', presentation, 'publish', pro)).status).toBe(403);
    // A field locked for them keeps its stored value (the generic write's rule for locked fields).
    const locked = await t.call(`${D}/professional/${sheet}/`, {
      method: 'PATCH',
      token: pro,
      body: { proIsValid: true },
    });
    expect(locked.status).toBe(200);
    expect(locked.body.proIsValid).toBe(false);
    expect((await view('listepro-professional', sheet)).state).toBe('in_validation');
  });

  it('lets an advisor publish with an edited mail, received by the professional', async () => {
    const offered = await view('listepro-professional', sheet, advisor);
    expect(offered.transitions.map((x: { name: string }) => x.name)).toContain('publish');
    const template = await t.call(`${W}/listepro-professional/${sheet}/transitions/publish/mail/`, { token: advisor });
    expect(template.body.mail.subject).toBe('Votre fiche Rénov Nord Isère — Vienne est publiée');
    expect(template.body.mail.content).toContain('<strong>Rénov Nord Isère — Vienne</strong>');
    const before = smtp.mails.length;
    const published = await run('listepro-professional', sheet, 'publish', advisor, {
      mailSubject: "Bienvenue dans l'annuaire",
      mailContent: '<p>Votre fiche est en ligne, <em>bravo</em>.</p><script>alert(1)</script>',
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.state).toBe('published');
    const mail = await smtp.waitFor(PRO_EMAIL, before);
    expect(mail.subject).toContain("Bienvenue dans l'annuaire");
    expect(mail.html).toContain('Votre fiche est en ligne, <em>bravo</em>.');
    expect(mail.html).not.toContain('<script>');
    expect((await t.call(`${D}/professional/${sheet}/`, { token: advisor })).body.proIsValid).toBe(true);

    const before2 = smtp.mails.length;
    const pres = await run('listepro-presentation', presentation, 'publish', advisor, { noMail: true });
    expect(pres.body).toMatchObject({ state: 'published', publication: { differences: [] } });
    expect(pres.body.publication.published).toMatchObject({ version: 'published', draftRecord: presentation });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.slice(before2).filter((m) => m.to.includes(PRO_EMAIL))).toHaveLength(0);
  });

  it('keeps the public on the published version while a new draft is written', async () => {
    const edited = await t.call(`${D}/presentation/${presentation}/`, {
      method: 'PATCH',
      token: pro,
      body: { description: '<p>Seconde version</p>' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const page = await view('listepro-presentation', presentation);
    expect(page.state).toBe('published');
    expect(page.publication.differences).toEqual(['description']);
    expect(page.publication.published.description).toBe('<p>Première version</p>');
    expect(page.transitions.map((x: { name: string }) => x.name)).toEqual(['submit']);
    // The public search reads the published copy.
    const found = await t.call(`${D}/public/search/?activity=1&subMission=4&perPage=50`, {
      domain: 'annuaire.localhost',
    });
    const card = found.body.results.find((r: { pk: number }) => r.pk === sheet);
    expect(card?.description).toBe('<p>Première version</p>');
    // The published copy is not the professional's to change.
    const copyPk = page.publication.published.pk;
    expect(
      (await t.call(`${D}/presentation/${copyPk}/`, { method: 'PATCH', token: pro, body: { description: 'x' } }))
        .status,
    ).toBe(403);
    expect((await run('listepro-presentation', presentation, 'submit', pro)).body.state).toBe('in_validation');
    expect((await view('listepro-presentation', presentation)).publication.published.description).toBe(
      '<p>Première version</p>',
    );
  });

  it('records each step with its actor, and the yearly re-validation as the scheduler', async () => {
    const history = (await view('listepro-professional', sheet, advisor)).history as Record<string, unknown>[];
    expect(history.map((h) => [h.transition, h.fromState, h.toState, h.actor])).toEqual([
      ['publish', 'in_validation', 'published', 3],
      ['submit', 'draft', 'in_validation', 13],
      ['fill', 'initial', 'draft', 13],
    ]);
    expect(history[0]).toMatchObject({ fromLabel: 'En validation', toLabel: 'Publié' });
    expect(typeof history[0].actorName).toBe('string');
    expect(history[0].actorName).not.toBe('');
    // A year later, the sweep asks for the yearly validation (only of what is published).
    const moved = await sweepRevalidations(t.app, new Date(Date.now() + 366 * 86_400_000));
    expect(moved).toBeGreaterThanOrEqual(1);
    const after = await view('listepro-professional', sheet, advisor);
    expect(after.state).toBe('in_annual_validation');
    expect(after.history[0]).toMatchObject({
      transition: 'annual_validation',
      actor: null,
      actorName: 'Tâche planifiée',
    });
    expect(await sweepRevalidations(t.app, new Date(Date.now() + 366 * 86_400_000))).toBe(0);
  });
});
