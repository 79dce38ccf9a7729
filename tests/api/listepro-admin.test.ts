import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { resetLink, startSmtpCapture } from '../helpers/smtp-capture';

// The directory's admin area (issue 13 item 4, spec 03 §2 and §8): the list's order on two keys,
// pinned notes first, the professional's account created and its password-reset mail sent from
// the sheet, help texts changed by directory administrators only — each rule checked by the server.

const D = '/listepro';
const ON = { domain: 'annuaire.localhost' };

describe.each(DIALECTS)('directory admin area on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp(dialect, { env: { SMTP_URL: smtp.url, MAIL_FROM: '"Annuaire Démo" <noreply@demo.fr>' } });
    for (const [k, email] of Object.entries({
      pro: 'pro@demo.fr',
      listepro: 'listepro@demo.fr',
      advisor: 'conseiller@demo.fr',
      manager: 'manager@demo.fr',
      client: 'client@demo.fr',
    }))
      tokens[k] = await t.login(email);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  let created = 0;
  /** A professional account and its sheet, as « Ajouter un professionnel » makes them. */
  const newAccount = async (name: string) => {
    created += 1;
    const res = await t.call(`${D}/accounts/`, {
      ...ON,
      method: 'POST',
      token: tokens.listepro,
      body: { email: `compte${created}@exemple.fr`, lastName: 'Test', name, job: 4 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.professional as { pk: number; user: number };
  };

  it('orders the sheets pending validation first, then by name, and takes several keys in ?sort', async () => {
    const list = (await t.call(`${D}/professional/?perPage=50`, { ...ON, token: tokens.advisor })).body as {
      pk: number;
      name: string;
      validationPending: boolean;
    }[];
    expect(list[0]).toMatchObject({ pk: 6, validationPending: true });
    const rest = list.slice(1).map((p) => p.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'fr')));
    const reversed = (
      await t.call(`${D}/professional/?perPage=50&sort=validationPending,-name`, { ...ON, token: tokens.advisor })
    ).body as { pk: number; name: string }[];
    expect(reversed.at(-1)!.pk).toBe(6);
    const names = reversed.slice(0, -1).map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'fr')));
    // A key the list cannot order by makes the whole order the declared default, never half of it.
    const bad = (await t.call(`${D}/professional/?perPage=50&sort=name,email`, { ...ON, token: tokens.advisor }))
      .body as { pk: number }[];
    expect(bad.map((p) => p.pk)).toEqual(list.map((p) => p.pk));
  });

  it('filters the sheets « À mettre à jour »: published, content unchanged for 365 days (SQL)', async () => {
    const old = await newAccount('Ancienne fiche');
    const recent = await newAccount('Fiche récente');
    const draft = await newAccount('Brouillon ancien');
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    // Published and stamped as years of use would leave them (the stamp is the workflow's, read-only to the API).
    for (const [pk, state, at] of [
      [old.pk, 'published', daysAgo(400)],
      [recent.pk, 'published', daysAgo(10)],
      [draft.pk, 'draft', daysAgo(400)],
    ] as const)
      await t.app.database.db
        .updateTable('listepro_professional')
        .set({ transition_state: state, content_updated_at: at })
        .where('pk', '=', pk)
        .execute();
    const listed = async (query: string, token = tokens.advisor) => {
      const res = await t.call(`${D}/professional/?perPage=200&${query}`, { ...ON, token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as { pk: number }[]).map((p) => p.pk);
    };
    const stale = await listed('statut=needsUpdate');
    expect(stale).toContain(old.pk);
    expect(stale).not.toContain(recent.pk);
    expect(stale).not.toContain(draft.pk);
    const published = await listed('statut=published');
    expect(published).toEqual(expect.arrayContaining([old.pk, recent.pk]));
    expect(published).not.toContain(draft.pk);
    expect(await listed('statut=draft')).toContain(draft.pk);
    const refused = await t.call(`${D}/professional/?statut=perime`, { ...ON, token: tokens.advisor });
    expect(refused.status).toBe(400);
    expect(refused.body.detail ?? JSON.stringify(refused.body)).toMatch(/État de publication/);
  });

  it('keeps the pending flag with the workflow: set on submission, cleared by the decision', async () => {
    const sheet = await newAccount('Isolation Pending Test');
    const run = (name: string, body: Record<string, unknown> = {}) =>
      t.call(`/workflow/listepro-professional/${sheet.pk}/transitions/${name}/`, {
        ...ON,
        method: 'POST',
        token: tokens.listepro,
        body: { noMail: true, ...body },
      });
    expect((await run('fill')).status).toBe(200);
    expect((await run('submit')).status).toBe(200);
    const pending = await t.call(`${D}/professional/${sheet.pk}/`, { ...ON, token: tokens.listepro });
    expect(pending.body).toMatchObject({ transitionState: 'in_validation', validationPending: true });
    // Read-only to the generic write: a PATCH cannot clear it.
    await t.call(`${D}/professional/${sheet.pk}/`, {
      ...ON,
      method: 'PATCH',
      token: tokens.listepro,
      body: { validationPending: false },
    });
    expect(
      (await t.call(`${D}/professional/${sheet.pk}/`, { ...ON, token: tokens.listepro })).body.validationPending,
    ).toBe(true);
    expect((await run('send_back')).status).toBe(200);
    const back = await t.call(`${D}/professional/${sheet.pk}/`, { ...ON, token: tokens.listepro });
    expect(back.body).toMatchObject({ transitionState: 'draft', validationPending: false });
  });

  it('lists pinned notes first, then the others, newest first', async () => {
    const add = async (note: string, pinned: boolean) => {
      const res = await t.call(`${D}/note/`, {
        ...ON,
        method: 'POST',
        token: tokens.listepro,
        body: { professional: 2, note: `<p>${note}</p>`, pinned },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.pk as number;
    };
    const a = await add('Standard ancienne', false);
    const b = await add('Épinglée', true);
    const c = await add('Standard récente', false);
    const rows = (await t.call(`${D}/note/?professional=2&sort=-pinned,-updatedAt`, { ...ON, token: tokens.advisor }))
      .body as { pk: number; pinned: boolean }[];
    expect(rows.map((r) => r.pk)).toEqual([b, c, a]);
    // The list's own default order is the same.
    const byDefault = (await t.call(`${D}/note/?professional=2`, { ...ON, token: tokens.advisor })).body as {
      pk: number;
    }[];
    expect(byDefault.map((r) => r.pk)).toEqual([b, c, a]);
    // Unpinned, a note goes back among the standard ones (newest first); the pinned one leads.
    const pin = (pk: number, pinned: boolean) =>
      t.call(`${D}/note/${pk}/`, { ...ON, method: 'PATCH', token: tokens.advisor, body: { pinned } });
    expect((await pin(b, false)).status).toBe(200);
    expect((await pin(a, true)).status).toBe(200);
    const after = (await t.call(`${D}/note/?professional=2`, { ...ON, token: tokens.advisor })).body as {
      pk: number;
    }[];
    expect(after.map((r) => r.pk)).toEqual([a, b, c]);
  });

  it('creates an account with its sheet: directory team only, one transaction, initialisation mail', async () => {
    const path = `${D}/accounts/`;
    const body = {
      email: 'Nouveau.Pro@Exemple.fr',
      firstName: 'Noé',
      lastName: 'Nouveau',
      phone: '04 76 11 22 33',
      name: 'Menuiserie Nouveau',
      job: 1,
    };
    const countSheets = async () =>
      ((await t.call(`${D}/professional/?perPage=200`, { ...ON, token: tokens.listepro })).body as unknown[]).length;
    const sheets = await countSheets();
    expect((await t.call(path, { ...ON, method: 'POST', body })).status).toBe(401);
    for (const who of ['pro', 'client', 'manager']) {
      const refused = await t.call(path, { ...ON, method: 'POST', token: tokens[who], body });
      expect(refused.status, who).toBe(403);
    }
    const invalid = await t.call(path, { ...ON, method: 'POST', token: tokens.advisor, body: { firstName: 'Sans' } });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain('Ce champ est obligatoire.');
    const taken = await t.call(path, {
      ...ON,
      method: 'POST',
      token: tokens.advisor,
      body: { ...body, email: 'pro@demo.fr' },
    });
    expect(taken.status).toBe(400);
    // The account is valid but the sheet is not (no name): nothing at all is kept, no mail leaves.
    const before = smtp.mails.length;
    const noSheet = await t.call(path, {
      ...ON,
      method: 'POST',
      token: tokens.advisor,
      body: { ...body, email: 'sans-fiche@exemple.fr', name: '' },
    });
    expect(noSheet.status).toBe(400);
    expect(noSheet.body.errors[0]).toMatchObject({ path: 'name', message: 'Ce champ est obligatoire.' });
    expect(await countSheets()).toBe(sheets);
    const admin = await t.login('admin@demo.fr');
    const users = (await t.call('/accounts/user/?q=sans-fiche', { token: admin })).body as unknown[];
    expect(users).toHaveLength(0);

    const made = await t.call(path, { ...ON, method: 'POST', token: tokens.advisor, body });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.message).toContain('Le compte utilisateur a bien été enregistré');
    expect(made.body.user).toMatchObject({ email: 'nouveau.pro@exemple.fr', userType: 'professional', isActive: true });
    expect(made.body.professional).toMatchObject({
      user: made.body.user.pk,
      name: 'Menuiserie Nouveau',
      job: 1,
      email: 'nouveau.pro@exemple.fr',
      transitionState: 'initial',
    });
    expect(await countSheets()).toBe(sheets + 1);
    const mail = await smtp.waitFor('nouveau.pro@exemple.fr', before);
    expect(mail.text).toContain('Bonjour Noé Nouveau,');
    expect(resetLink(mail.text).url).toContain('/mon-compte/reinitialisation-mot-de-passe-changement/');
    expect(smtp.mails.slice(before).some((m) => m.to.includes('sans-fiche@exemple.fr'))).toBe(false);
  });

  it('sends the password-reset mail of a sheet account: staff only, French refusals', async () => {
    const path = (pk: number) => `${D}/professional/${pk}/password-reset/`;
    expect((await t.call(path(1), { ...ON, method: 'POST' })).status).toBe(401);
    expect((await t.call(path(1), { ...ON, method: 'POST', token: tokens.pro })).status).toBe(403);
    expect((await t.call(path(1), { ...ON, method: 'POST', token: tokens.client })).status).toBe(403);
    const missing = await t.call(path(9999), { ...ON, method: 'POST', token: tokens.listepro });
    expect(missing.status).toBe(404);

    const before = smtp.mails.length;
    const sent = await t.call(path(1), { ...ON, method: 'POST', token: tokens.advisor });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe("Un lien pour réinitialiser le mot de passe vient d'être envoyé au professionnel.");
    const mail = await smtp.waitFor('pro@demo.fr', before);
    expect(mail.subject).toContain('Réinitialisation de votre mot de passe');
    expect(resetLink(mail.text).url).toContain('/mon-compte/reinitialisation-mot-de-passe-changement/');

    // An inactive account gets nothing, and the team is told why.
    const admin = await t.login('admin@demo.fr');
    expect(
      (await t.call('/accounts/user/12/', { method: 'PATCH', token: admin, body: { isActive: false } })).status,
    ).toBe(200);
    const count = smtp.mails.length;
    const inactive = await t.call(path(5), { ...ON, method: 'POST', token: tokens.listepro });
    expect(inactive.status).toBe(400);
    expect(inactive.body.message).toBe("Pas d'envoi car l'utilisateur est inactif.");
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.filter((m) => m.to.includes('banque-dauphine@demo.fr')).length).toBe(
      smtp.mails.slice(0, count).filter((m) => m.to.includes('banque-dauphine@demo.fr')).length,
    );
  });

  it('lets directory administrators (and administrators) change help texts, nobody else', async () => {
    const helpers = (await t.call(`${D}/helper/`, ON)).body as { pk: number; name: string; helpText: string }[];
    const access = helpers.find((h) => h.name === 'acces-professionnel')!;
    const path = `${D}/helper/${access.pk}/`;
    const body = { helpText: '<p>Nouveau texte</p>' };
    expect((await t.call(path, { ...ON, method: 'PATCH', body })).status).toBe(401);
    for (const who of ['pro', 'advisor', 'manager', 'client']) {
      const refused = await t.call(path, { ...ON, method: 'PATCH', token: tokens[who], body });
      expect(refused.status, who).toBe(403);
    }
    expect((await t.call(path, ON)).body.helpText).toBe(access.helpText);
    const saved = await t.call(path, {
      ...ON,
      method: 'PATCH',
      token: tokens.listepro,
      body: { helpText: '<p>Texte <strong>revu</strong></p><script>alert(1)</script>' },
    });
    expect(saved.status).toBe(200);
    // Sanitised on the server: what the professionals read has no script.
    expect((await t.call(path, ON)).body.helpText).toBe('<p>Texte <strong>revu</strong></p>');
  });
});
