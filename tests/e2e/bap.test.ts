import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { launchBrowser, newPage, screenshot, signIn } from '../helpers/browser';
import { seriousViolations } from '../helpers/axe';
import { startSmtpCapture } from '../helpers/smtp-capture';

// The projects exchange in the generic screens (issue 13 item 6): an advisor writes a household's
// project and publishes it; pro@demo.fr joins the exchange (charter, zones), finds the project,
// reads it without the household's contact and declares interest; the advisor sees the interested
// professional and shares the contact; the professional then reads it; the advisor closes the
// project; the statistics count it; every step's mail reaches the SMTP server.

const WAIT = { timeout: 20_000 };

describe('projects exchange (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let advisorToken: string;
  let activity = '';
  let subMission = '';
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp('sqlite', { withClient: true, env: { SMTP_URL: smtp.url } });
    browser = await launchBrowser();
    // The directory team grants the sheet access to the exchange (« Accès à la bourse aux projets »).
    const admin = await t.login('admin@demo.fr');
    const granted = await t.call('/listepro/professional/1/', {
      method: 'PATCH',
      token: admin,
      body: { allowToRegisterToBap: true },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    advisorToken = await t.login('conseiller@demo.fr');
    activity = String((await t.call('/listepro/activity/1/', { token: advisorToken })).body.name);
    subMission = String((await t.call('/listepro/sub-mission/9/', { token: advisorToken })).body.name);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  const notice = (page: Page, text: string) => page.locator('.toast', { hasText: text }).first().waitFor(WAIT);

  for (const width of [1280, 375]) {
    it(`publishes, matches, shares the contact and closes a project (${width} px)`, async () => {
      const title = `Isolation des combles (${width} px)`;
      const mailsBefore = smtp.mails.length;

      // The advisor writes the project and the household's contact, then publishes it.
      const advisor = await newPage(browser, { width });
      await signIn(advisor.page, t.url, 'conseiller@demo.fr');
      await advisor.page.goto(`${t.url}/bourse-aux-projets/projets/creation/`);
      await advisor.page.locator('#field_title').fill(title, WAIT);
      await advisor.page.locator('#field_description').fill('Maison de 1975, 110 m², combles perdus.');
      await advisor.page.locator('#field_activity').selectOption({ label: activity }, WAIT);
      await advisor.page.locator('#field_subMission').selectOption({ label: subMission }, WAIT);
      await advisor.page.locator('#field_commune').fill('38185');
      await advisor.page.locator('#field_budgetRange').selectOption({ label: 'De 10 000 à 30 000 €' });
      await advisor.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await notice(advisor.page, 'créé');
      const found = await t.call(`/bap/project/?q=${encodeURIComponent(title)}`, { token: advisorToken });
      const pk = (found.body as { pk: number; title: string }[]).find((p) => p.title === title)!.pk;
      await advisor.page.goto(`${t.url}/bourse-aux-projets/projets/edition/${pk}`);
      await advisor.page.getByRole('button', { name: /^Ajouter — Contact du ménage/ }).click(WAIT);
      const dialog = advisor.page.locator('dialog[open]');
      await dialog.getByLabel('Nom du ménage').fill('Famille Martin', WAIT);
      await dialog.getByLabel('Courriel').fill('famille.martin@example.org');
      await dialog.getByLabel('Téléphone').fill('06 12 34 56 78');
      await dialog.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await advisor.page.locator('.related-panel', { hasText: 'famille.martin@example.org' }).waitFor(WAIT);
      const workflow = advisor.page.locator('.workflow-panel');
      await workflow.getByRole('button', { name: 'Publier aux professionnels' }).click(WAIT);
      await workflow.locator('.workflow-state', { hasText: 'Publié' }).waitFor(WAIT);

      // The professional joins (the first time: charter and zones; then the membership is kept).
      const pro = await newPage(browser, { width });
      await signIn(pro.page, t.url, 'pro@demo.fr');
      await pro.page.goto(`${t.url}/bourse-aux-projets/professionnels/adhesion`);
      const charter = pro.page.getByLabel("J'accepte la charte de la bourse aux projets");
      await charter.waitFor(WAIT);
      // Their own sheet is the only choice: already chosen.
      await expect.poll(() => pro.page.locator('#field_professional').inputValue(), WAIT).toBe('1');
      expect(await seriousViolations(pro.page)).toEqual([]);
      if (!(await charter.isChecked())) {
        await charter.check();
        // Zones from the territory pickers, never typed codes: a department from the list, a
        // commune found by its name.
        await pro.page.locator('#field_departments').selectOption({ label: '38 – Isère' }, WAIT);
        await pro.page.getByRole('listitem').filter({ hasText: 'Isère (38)' }).waitFor(WAIT);
        const commune = pro.page.getByRole('combobox', { name: /Communes d'intervention/ });
        await commune.fill('Voiron');
        await pro.page.getByRole('option', { name: /^Voiron/ }).waitFor({ timeout: 60_000 });
        await commune.press('Enter');
        await pro.page.getByRole('listitem').filter({ hasText: 'Voiron (38563)' }).waitFor(WAIT);
        expect(await seriousViolations(pro.page)).toEqual([]);
        // At the bottom, the form's sticky buttons stop hiding the last field of the full-page picture.
        await pro.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await screenshot(pro.page, `bap-pro-membership-${width}`);
        await pro.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
        await notice(pro.page, 'créée');
        // The professional learns of the project that now reaches them.
        const reached = await smtp.waitFor('pro@demo.fr', mailsBefore);
        expect(reached.subject).toContain(`Nouveau projet : ${title}`);
      } else {
        // Their membership is kept, with the zones chosen before, by name.
        await pro.page.getByRole('listitem').filter({ hasText: 'Voiron (38563)' }).waitFor(WAIT);
        await screenshot(pro.page, `bap-pro-membership-${width}`);
        const reached = await smtp.waitFor('pro@demo.fr', mailsBefore);
        expect(reached.subject).toContain(`Nouveau projet : ${title}`);
      }

      // The projects that reach them: the list, then the project, without the household's contact.
      await pro.page.goto(`${t.url}/bourse-aux-projets/professionnels/projets`);
      const link = pro.page.getByRole('link', { name: title });
      await link.waitFor(WAIT);
      expect(await seriousViolations(pro.page)).toEqual([]);
      await screenshot(pro.page, `bap-pro-projects-${width}`);
      await link.click();
      await pro.page.waitForURL(new RegExp(`/bourse-aux-projets/professionnels/projets/${pk}$`), WAIT);
      const interested = pro.page.getByRole('button', { name: 'Je suis intéressé' });
      await interested.waitFor(WAIT);
      expect(await pro.page.getByText('Famille Martin').count()).toBe(0);
      expect(await pro.page.getByText('famille.martin@example.org').count()).toBe(0);
      await pro.page.getByText("Le contact du ménage n'est communiqué qu'aux professionnels").waitFor(WAIT);
      // The team's follow-up is not theirs to read.
      expect(await pro.page.getByText('Professionnels destinataires').count()).toBe(0);
      expect(await seriousViolations(pro.page)).toEqual([]);
      const advisorMails = smtp.mails.length;
      await interested.click();
      await notice(pro.page, 'Votre intérêt est transmis au conseiller');
      await interested.waitFor({ state: 'detached', ...WAIT });
      const ownInterest = pro.page.locator('.related-panel', { hasText: 'Professionnels intéressés' });
      await ownInterest.getByText('Non').waitFor(WAIT);
      // Their own interest, without the team's « Partager le contact » nor a link to the team's screen.
      expect(await ownInterest.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
      expect(await ownInterest.getByRole('link').count()).toBe(0);
      await screenshot(pro.page, `bap-pro-project-interested-${width}`);
      const toAdvisor = await smtp.waitFor('conseiller@demo.fr', advisorMails);
      expect(toAdvisor.subject).toContain(`Un professionnel est intéressé : ${title}`);

      // The advisor sees the interested professional and shares the contact: the panel follows.
      await advisor.page.reload();
      const interests = advisor.page.locator('.related-panel', { hasText: 'Professionnels intéressés' });
      await interests.getByText('Entreprise Démo Rénovation').waitFor(WAIT);
      await screenshot(advisor.page, `bap-advisor-project-${width}`);
      const shareMails = smtp.mails.length;
      await interests.getByRole('button', { name: 'Partager le contact' }).click();
      await notice(advisor.page, 'Le contact du ménage est partagé avec ce professionnel.');
      await interests.getByRole('button', { name: 'Partager le contact' }).waitFor({ state: 'detached', ...WAIT });
      await interests.getByText('Oui').waitFor(WAIT);
      const shared = await smtp.waitFor('pro@demo.fr', shareMails);
      expect(shared.subject).toContain(`Contact du ménage : ${title}`);
      expect(shared.text).toContain('famille.martin@example.org');

      // The professional now reads the household's contact.
      await pro.page.reload();
      const contact = pro.page.locator('.related-panel', { hasText: 'Contact du ménage' });
      await contact.getByText('famille.martin@example.org').waitFor(WAIT);
      await contact.getByText('Famille Martin').waitFor(WAIT);
      expect(await seriousViolations(pro.page)).toEqual([]);
      await screenshot(pro.page, `bap-pro-project-shared-${width}`);

      // The advisor closes the project; the interested professional is told.
      const closeMails = smtp.mails.length;
      await workflow.getByRole('button', { name: 'Clore le projet' }).click();
      await workflow.locator('.workflow-state', { hasText: 'Clos' }).waitFor(WAIT);
      await screenshot(advisor.page, `bap-advisor-project-closed-${width}`);
      const closed = await smtp.waitFor('pro@demo.fr', closeMails);
      expect(closed.subject).toContain(`Projet clos : ${title}`);

      // The statistics count the closed project.
      await advisor.page.goto(`${t.url}/bourse-aux-projets/statistics`);
      const byState = advisor.page.locator('section', { hasText: 'Projets par état' });
      const closedRow = byState.locator('tbody tr', { hasText: 'Clos' });
      await closedRow.waitFor(WAIT);
      expect(await closedRow.locator('td').last().textContent()).toBe(width === 1280 ? '1' : '2');
      expect(await seriousViolations(advisor.page)).toEqual([]);
      await screenshot(advisor.page, `bap-statistics-${width}`);

      expect(pro.errors).toEqual([]);
      expect(advisor.errors).toEqual([]);
      await pro.context.close();
      await advisor.context.close();
    }, 180_000);
  }
});
