import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';
import { idle } from '../../server/mail/mail-queue';

// The directory's professional and admin areas (issue 13 items 4–5): a professional edits their
// presentation and submits it; the directory administrator finds it in the admin list, opens the
// generic workflow panel, sees the difference with the published version and publishes it with an
// edited mail; the public reads the new text.

const WAIT = { timeout: 20_000 };
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
      await pro.page.waitForURL(/\/annuaire-des-professionnels\/accueil/, WAIT);
      const card = pro.page.locator('.service-card').getByRole('link', { name: 'Éditer ma fiche' });
      await card.waitFor(WAIT);
      expect(await seriousViolations(pro.page)).toEqual([]);
      await card.click();
      await pro.page.waitForURL(/\/annuaire-des-professionnels\/fiche/, WAIT);
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
      await admin.page.waitForURL(/\/annuaire-des-professionnels-admin\/fiches\//, WAIT);
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
