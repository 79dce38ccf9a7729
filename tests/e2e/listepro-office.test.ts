import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { launchBrowser, newPage, screenshot, signIn } from '../helpers/browser';
import { resetLink, startSmtpCapture } from '../helpers/smtp-capture';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';
import { makePng } from '../helpers/png';
import { idle } from '../../server/mail/mail-queue';

// The directory's professional and admin areas (issue 13 items 4–5): a professional edits their
// presentation and submits it; the directory administrator finds it in the admin list, opens the
// generic workflow panel, sees the difference with the published version and publishes it with an
// edited mail; the public reads the new text.

const WAIT = { timeout: 20_000 };
// An address is read as soon as it is committed: the list's own rows are waited for next, and a loaded machine may
// hold the page's load event (fonts, thumbnails) past the wait while the address is already right.
const AT = { timeout: 20_000, waitUntil: 'commit' as const };
const DOMAIN = '?domain=annuaire.localhost';

describe('directory professional and admin areas (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  for (const width of [1280, 375]) {
    it(`a professional submits a presentation, the directory administrator publishes it (${width} px)`, async () => {
      const text = `Rénovations globales, version vue à ${width} px.`;

      // The professional: home cards, then « Ma fiche ».
      const pro = await newPage(browser, { width, height: 900 });
      await signIn(pro.page, t.url, 'pro@demo.fr');
      await pro.page.goto(`${t.url}/annuaire-des-professionnels${DOMAIN}`);
      await pro.page.waitForURL(/\/annuaire-des-professionnels\/accueil/, AT);
      const card = pro.page.locator('.service-card').getByRole('link', { name: 'Éditer ma fiche' });
      await card.waitFor(WAIT);
      expect(await seriousViolations(pro.page)).toEqual([]);
      await card.click();
      await pro.page.waitForURL(/\/annuaire-des-professionnels\/fiche/, AT);
      const presentation = pro.page.locator('section[aria-labelledby="listepro-presentation-title"]');
      const description = presentation.getByLabel('Description', { exact: true });
      await description.waitFor(WAIT);
      // The workflow panel of the draft: the published state, and « Soumettre » offered to its owner.
      const panel = presentation.locator('.workflow-panel');
      await panel.getByText('Publication de la présentation').waitFor(WAIT);
      expect(await panel.locator('.workflow-state').textContent()).toBe('Publié');
      await description.fill(`<p>${text}</p>`);
      await presentation.getByRole('button', { name: 'Enregistrer' }).click();
      await pro.page.getByText('Modifications enregistrées.').first().waitFor(WAIT);
      await panel.getByRole('button', { name: 'Soumettre à validation' }).click();
      await panel.locator('.workflow-state', { hasText: 'En validation' }).waitFor(WAIT);
      // Only the team publishes: the professional is offered nothing more.
      expect(await panel.getByRole('button', { name: 'Publier' }).count()).toBe(0);
      expect(await seriousViolations(pro.page)).toEqual([]);
      await screenshot(pro.page, `listepro-office-pro-submitted-${width}`);
      expect(pro.errors).toEqual([]);
      await pro.context.close();

      // The directory administrator: the admin list, then the presentation waiting for validation.
      const admin = await newPage(browser, { width, height: 900 });
      await signIn(admin.page, t.url, 'listepro@demo.fr');
      await admin.page.goto(`${t.url}/annuaire-des-professionnels-admin${DOMAIN}`);
      await admin.page.waitForURL(/\/annuaire-des-professionnels-admin\/fiches\//, AT);
      await admin.page.getByText('Entreprise Démo Rénovation').first().waitFor(WAIT);
      expect(await seriousViolations(admin.page)).toEqual([]);
      await screenshot(admin.page, `listepro-office-admin-list-${width}`);
      await admin.page.goto(`${t.url}/annuaire-des-professionnels-admin/presentations/edition/2${DOMAIN}`);
      const adminPanel = admin.page.locator('.workflow-panel');
      await adminPanel.locator('.workflow-state', { hasText: 'En validation' }).waitFor(WAIT);
      // The changed description is highlighted against the published one.
      const changed = adminPanel.locator('tr.workflow-changed');
      await changed.first().waitFor(WAIT);
      expect(await changed.locator('th').allTextContents()).toEqual(['Description (Modifié)']);
      expect(await changed.locator('td').first().textContent()).toContain(text);
      // Relation values (activities, segments) read as their records' labels, never « n° 1 ».
      const versions = adminPanel.locator('table').first();
      await versions.getByText('Maison', { exact: false }).first().waitFor(WAIT);
      expect(await versions.textContent()).not.toMatch(/n° \d/);
      // History: the submission with its actor.
      const lastStep = adminPanel.locator('.workflow-history tbody tr').first();
      expect(await lastStep.textContent()).toContain('Soumettre à validation');
      expect(await seriousViolations(admin.page)).toEqual([]);

      // « Publier » opens the mail dialog: focus inside, edited subject, then sent.
      const publish = adminPanel.getByRole('button', { name: 'Publier' });
      await publish.click();
      const dialog = admin.page.getByRole('dialog', { name: "Édition d'un courriel" });
      await dialog.waitFor(WAIT);
      const subject = dialog.getByLabel('Objet');
      expect(await subject.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await seriousViolations(admin.page)).toEqual([]);
      await screenshot(admin.page, `listepro-office-mail-dialog-${width}`);
      // Escape closes it and gives the focus back to « Publier ».
      await admin.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', ...WAIT });
      await admin.page.waitForFunction(() => document.activeElement?.textContent === 'Publier', null, WAIT);
      await publish.click();
      await dialog.waitFor(WAIT);
      const edited = `Votre présentation est en ligne (${width} px)`;
      await dialog.getByLabel('Objet').fill(edited);
      await dialog.getByRole('button', { name: 'Envoyer', exact: true }).click();
      await dialog.waitFor({ state: 'hidden', ...WAIT });
      await adminPanel.locator('.workflow-state', { hasText: 'Publié' }).waitFor(WAIT);
      expect(await adminPanel.locator('tr.workflow-changed').count()).toBe(0);
      expect(await adminPanel.locator('.workflow-history tbody tr').first().textContent()).toContain('Publier');
      await screenshot(admin.page, `listepro-office-published-${width}`);
      expect(admin.errors).toEqual([]);
      await admin.context.close();

      // The mail left with the edited subject to the professional; the public reads the new text.
      await idle(t.app); // the mail leaves after the commit, through the queue
      // No SMTP here: the mail is in the outbox.
      const sent = () =>
        t.app.database.db
          .selectFrom('mail_outbox')
          .select('to_email')
          .where('subject', 'like', `%${edited}`)
          .executeTakeFirst()
          .then((m) => m?.to_email);
      await expect.poll(sent, WAIT).toBe('pro@demo.fr');
      const token = await t.login('admin@demo.fr');
      const published = (await t.call('/api/v1/listepro/presentation/?professional=1&version=published', { token }))
        .body as { description: string }[];
      expect(published.map((p) => p.description)).toEqual([`<p>${text}</p>`]);
    });
  }
});

// The admin area's own tools (issue 13 item 4): the list's order on two keys, its icons, its
// filters kept across a reload, a pinned note, an account created with its sheet and a
// password-reset mail sent from the sheet — both mails received by a real SMTP server.
describe('directory admin area tools (Chromium, mails through SMTP)', () => {
  let t: TestApp;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp('sqlite', { withClient: true, env: { SMTP_URL: smtp.url } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  for (const width of [1280, 375]) {
    it(`orders, marks, filters sheets, pins a note, creates an account, sends a reset mail (${width} px)`, async () => {
      const admin = await newPage(browser, { width, height: 900 });
      const page = admin.page;
      await signIn(page, t.url, 'listepro@demo.fr');
      await page.goto(`${t.url}/annuaire-des-professionnels-admin${DOMAIN}`);
      await page.waitForURL(/\/annuaire-des-professionnels-admin\/fiches\//, AT);
      const rows = page.locator('.data-table tbody tr');
      await rows.first().waitFor(WAIT);

      // Order: the sheet waiting for validation first, then by name; « Ordre par défaut » is chosen.
      expect(await rows.first().textContent()).toContain('Rénov Nord-Isère');
      await rows.first().getByRole('img', { name: 'En attente de validation' }).waitFor(WAIT);
      const names = (await rows.locator('td:first-child a').allTextContents()).slice(1);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr')));
      expect(await page.locator('#list-sort option:checked').textContent()).toBe('Ordre par défaut');
      // Icons: a shape and its French label (tooltip and accessible name), never colour alone.
      const published = rows.filter({ hasText: 'Entreprise Démo Rénovation' });
      const mark = published.getByRole('img', { name: 'Fiche publiée' });
      await mark.waitFor(WAIT);
      expect(await mark.getAttribute('title')).toBe('Fiche publiée');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `listepro-admin-list-icons-${width}`);

      // Filters: chosen, then still there after a reload of the bare address; then reset.
      await page.getByLabel("Est Mon Accompagnateur Rénov'").selectOption('true');
      await page.waitForURL(/isMonAccompagnateurRenov=true/, AT);
      await page.getByLabel('Métier').selectOption({ index: 1 });
      await page.waitForURL(/[?&]job=\d+/, AT);
      const chosenJob = new URL(page.url()).searchParams.get('job');
      // The job choices load again with the new list (useOptions): the chosen one shows once they are back.
      await expect.poll(() => page.getByLabel('Métier').inputValue(), WAIT).toBe(chosenJob);
      await page.goto(`${t.url}/annuaire-des-professionnels-admin/fiches/${DOMAIN}`);
      await page.waitForURL(/isMonAccompagnateurRenov=true/, AT);
      expect(await page.getByLabel("Est Mon Accompagnateur Rénov'").inputValue()).toBe('true');
      expect(await page.getByLabel('Métier').inputValue()).toBe(chosenJob);
      await screenshot(page, `listepro-admin-filters-restored-${width}`);
      await page.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
      await page.waitForFunction(() => !window.location.search.includes('isMonAccompagnateurRenov'), null, WAIT);
      expect(await page.getByLabel("Est Mon Accompagnateur Rénov'").inputValue()).toBe('');
      await page.goto(`${t.url}/annuaire-des-professionnels-admin/fiches/${DOMAIN}`);
      await rows.first().waitFor(WAIT);
      expect(page.url()).not.toContain('isMonAccompagnateurRenov');

      // « À mettre à jour »: a published sheet whose content has not changed for 400 days (stamped as years of use
      // would leave it), chosen in the status filter; the sheet waiting for validation is not listed.
      // Its logo (a 60×60 thumbnail, read through the file download) and its referent (by name) in the row.
      const sheet = await t.app.database.db
        .selectFrom('listepro_professional')
        .select('pk')
        .where('name', '=', 'Entreprise Démo Rénovation')
        .executeTakeFirstOrThrow();
      const team = await t.login('listepro@demo.fr');
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(makePng(120, 80))], { type: 'image/png' }), 'logo.png');
      const logo = await fetch(`${t.url}/api/v1/listepro/professional/file/logo/`, {
        method: 'POST',
        headers: { Authorization: `JWT ${team}` },
        body: form,
      });
      expect(logo.status).toBe(201);
      const saved = await t.call(`/listepro/professional/${sheet.pk}/`, {
        method: 'PATCH',
        token: team,
        domain: 'annuaire.localhost',
        body: { logo: await logo.json(), referents: [3] },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const referent = await t.app.database.db
        .selectFrom('account_user')
        .select('last_name')
        .where('pk', '=', 3)
        .executeTakeFirstOrThrow();
      // Stamped after the save above, which changed the content (the logo) and so moved the stamp.
      await t.app.database.db
        .updateTable('listepro_professional')
        .set({ content_updated_at: new Date(Date.now() - 400 * 86_400_000).toISOString() })
        .where('name', '=', 'Entreprise Démo Rénovation')
        .execute();
      await page.getByLabel('État de publication').selectOption('needsUpdate');
      await page.waitForURL(/statut=needsUpdate/, AT);
      const stale = rows.filter({ hasText: 'Entreprise Démo Rénovation' });
      await stale.getByRole('img', { name: 'À mettre à jour : publiée sans modification depuis un an' }).waitFor(WAIT);
      const thumb = stale.getByRole('img', { name: 'Logo : Entreprise Démo Rénovation' });
      await thumb.waitFor(WAIT);
      const box = await thumb.boundingBox();
      expect([box?.width, box?.height]).toEqual([60, 60]);
      expect(await stale.textContent()).toContain(String(referent.last_name));
      // The unfiltered page may still be on screen (refreshed by the stamp above) until the filtered one lands.
      await expect.poll(() => rows.filter({ hasText: 'Rénov Nord-Isère' }).count(), WAIT).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `listepro-admin-needs-update-${width}`);
      await page.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
      await page.waitForFunction(() => !window.location.search.includes('statut'), null, WAIT);

      // The spec's routes: « fiche/:pk » opens the sheet's form, « liste » the list.
      await page.goto(`${t.url}/annuaire-des-professionnels-admin/fiche/2${DOMAIN}`);
      await page.waitForURL(/\/annuaire-des-professionnels-admin\/fiches\/edition\/2/, AT);
      await page.goto(`${t.url}/annuaire-des-professionnels-admin/liste${DOMAIN}`);
      await page.waitForURL(/\/annuaire-des-professionnels-admin\/fiches\//, AT);

      // A pinned note: added from the sheet's notes panel, listed first with its pin.
      await page.goto(`${t.url}/annuaire-des-professionnels-admin/fiches/edition/2${DOMAIN}`);
      const notes = page.locator('section', { has: page.getByRole('heading', { name: /Notes internes/ }) });
      await notes.getByRole('button', { name: 'Ajouter' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor(WAIT);
      // The rich text (HTML) field is the dialog's only text area.
      await dialog.getByRole('textbox', { name: 'Note', exact: true }).fill(`<p>Épinglée à ${width} px</p>`);
      await dialog.getByLabel('Note épinglée').check();
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.waitFor({ state: 'hidden', ...WAIT });
      const firstNote = notes.locator('tbody tr').first();
      await firstNote.getByText(`Épinglée à ${width} px`).waitFor(WAIT);
      await firstNote.getByRole('img', { name: 'Note épinglée' }).waitFor(WAIT);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `listepro-admin-pinned-note-${width}`);

      // « Ajouter un professionnel »: the account and its sheet, then the sheet's form.
      await page.goto(`${t.url}/annuaire-des-professionnels-admin/fiches/${DOMAIN}`);
      await page.getByRole('link', { name: 'Ajouter un professionnel' }).click();
      await page.waitForURL(/comptes\/creation/, AT);
      const email = `nouveau-${width}@exemple.fr`;
      await page.getByLabel('Raison sociale').fill(`Nouvelle Menuiserie ${width}`);
      await page.getByLabel('Courriel').fill(email);
      await page.getByLabel('Prénom').fill('Nina');
      await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Nouvelle');
      // A missing required field is said on the field, nothing is created.
      await page.getByLabel('Raison sociale').fill('');
      await page.getByRole('button', { name: 'Créer le compte' }).click();
      await page.locator('.field-error', { hasText: 'Ce champ est obligatoire.' }).first().waitFor(WAIT);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `listepro-admin-account-form-${width}`);
      await page.getByLabel('Raison sociale').fill(`Nouvelle Menuiserie ${width}`);
      const before = smtp.mails.length;
      await page.getByRole('button', { name: 'Créer le compte' }).click();
      await page.waitForURL(/\/fiches\/edition\/\d+/, AT);
      await page.getByText('Le compte utilisateur a bien été enregistré', { exact: false }).first().waitFor(WAIT);
      const welcome = await smtp.waitFor(email, before);
      expect(welcome.text).toContain('Bonjour Nina Nouvelle,');
      expect(resetLink(welcome.text).url).toContain('/mon-compte/reinitialisation-mot-de-passe-changement/');

      // The reset mail from the new sheet's page.
      const reset = page.getByRole('button', { name: 'Renvoyer un mail de réinitialisation du mot de passe' });
      await reset.waitFor(WAIT);
      await page.getByText(`Compte utilisateur : ${email}`).waitFor(WAIT);
      const count = smtp.mails.length;
      await reset.click();
      await page
        .getByText("Un lien pour réinitialiser le mot de passe vient d'être envoyé au professionnel.")
        .waitFor(WAIT);
      const mail = await smtp.waitFor(email, count);
      expect(mail.subject).toContain('Réinitialisation de votre mot de passe');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `listepro-admin-reset-sent-${width}`);
      expect(admin.errors).toEqual([]);
      await admin.context.close();
    });
  }

  it('lets the directory administrator edit the « Être référencé » help; the header fits at 375 px', async () => {
    const admin = await newPage(browser, { width: 375, height: 800 });
    await admin.page.goto(`${t.url}/annuaire-des-pros/recherche${DOMAIN}`);
    // Signed out: « Se connecter » stays inside the header.
    const signInLink = admin.page.getByRole('link', { name: 'Se connecter' });
    await signInLink.waitFor(WAIT);
    const box = await signInLink.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(admin.page, 'listepro-header-375');
    // A visitor reads the help without « Éditer le message ».
    await admin.page.getByRole('button', { name: 'Être référencé' }).click();
    const help = admin.page.getByRole('dialog', { name: 'Être référencé' });
    await help.locator('.editable-record-text').waitFor(WAIT);
    expect(await help.getByRole('button', { name: 'Éditer le message' }).count()).toBe(0);
    await admin.context.close();

    const lp = await newPage(browser, { width: 1280, height: 900 });
    await signIn(lp.page, t.url, 'listepro@demo.fr');
    await lp.page.goto(`${t.url}/annuaire-des-pros/recherche${DOMAIN}`);
    await lp.page.getByRole('button', { name: 'Être référencé' }).click();
    const dialog = lp.page.getByRole('dialog', { name: 'Être référencé' });
    await dialog.getByRole('button', { name: 'Éditer le message' }).click();
    await dialog.getByLabel("Texte de l'aide").fill('<p>Pour être référencé, écrivez-nous.</p>');
    await dialog.getByRole('button', { name: 'Sauvegarder' }).click();
    await dialog.getByText("L'aide a bien été sauvegardée.").waitFor(WAIT);
    await dialog.getByText('Pour être référencé, écrivez-nous.').waitFor(WAIT);
    expect(await seriousViolations(lp.page)).toEqual([]);
    await screenshot(lp.page, 'listepro-help-edited-1280');
    expect(lp.errors).toEqual([]);
    await lp.context.close();
  });
});
