import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';
import { seriousViolations } from '../helpers/axe';
import { startSmtpCapture, type CapturedMail } from '../helpers/smtp-capture';
import { createJobRunner } from '../../server/jobs/job-runner';

// A superadvisor composes an issue in the block editor (title, rich text and button blocks; one
// moved up by keyboard, one removed after confirmation) with its live preview, saves it, sends it
// to a list (one of its two contacts accepts newsletters) and follows the sending to its end; the
// mail arrives through the in-process SMTP server. A reader then opens the public pages and
// unsubscribes through the mail's link, at 375 px. axe on every screen.

const DAY = 86_400_000;
const TITLE = 'Lettre n°7 : isoler avant l’hiver';
const UNSUBSCRIBE = /\/newsletters-public\/desinscription\/([A-Za-z0-9_-]+)/;

describe('newsletters: block editor, sending, public pages (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });
  let smtp!: Awaited<ReturnType<typeof startSmtpCapture>>;
  let token: string;
  let issue: number;
  let groupSlug: string;
  let reader: { pk: number; email: string };
  let mail: CapturedMail;

  beforeAll(async () => {
    token = await t.login('superconseiller@demo.fr');
    smtp = await startSmtpCapture();
    const now = new Date().toISOString();
    await t.app.database.db
      .insertInto('messaging_smtp_account')
      .values({
        name: 'Envoi des newsletters',
        is_active: 1,
        group: 2,
        from_username: 'Espace conseil',
        smtp_type: 'smtp',
        email_host_user: 'lettre@espace-conseil.fr',
        email_host: '127.0.0.1',
        email_port: Number(new URL(smtp.url).port),
        email_host_password: '',
        email_use_tls: 0,
        email_use_ssl: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    groupSlug = (
      await t.app.database.db.selectFrom('account_group').select(['slug']).where('pk', '=', 2).executeTakeFirstOrThrow()
    ).slug as string;
    const post = async (path: string, body: object) => {
      const res = await t.call(path, { method: 'POST', token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { pk: number; email?: string };
    };
    const gon = await post('/infolettres/group-of-newsletters/', {
      title: 'La lettre de l’espace conseil',
      group: 2,
      slug: 'la-lettre',
      primaryColor: '#1f5c99',
    });
    const contact = (lastName: string, acceptsNewsletters: boolean) =>
      post('/fac/contact/', {
        owningGroup: 2,
        firstName: 'Camille',
        lastName,
        email: `${lastName.toLowerCase()}@exemple.fr`,
        acceptsNewsletters,
      });
    const anne = await contact('Lectrice', true);
    const bruno = await contact('Refus', false);
    reader = { pk: anne.pk, email: anne.email! };
    await post('/fac/list/', { title: 'Lecteurs de la lettre', contacts: [anne.pk, bruno.pk] });
    issue = (
      await post('/infolettres/newsletter/', {
        title: TITLE,
        newsletterGroup: gon.pk,
        slug: 'lettre-7',
        isActive: true,
        isPublic: true,
        publicationStartDate: new Date(Date.now() - DAY).toISOString(),
      })
    ).pk;
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const blockHeadings = (page: Page) => page.locator('.block-item h3').allTextContents();
  const addBlock = async (page: Page, kind: string) => {
    await page.getByLabel('Sorte de bloc à ajouter').selectOption({ label: kind });
    await page.getByRole('button', { name: 'Ajouter le bloc' }).click();
  };
  const preview = (page: Page) => page.frameLocator('iframe[title="Aperçu de la newsletter"]');

  it('composes the issue with blocks and a live preview, at 1280 px, by keyboard where it counts', async () => {
    const { context, page, errors } = await newPage(browser, { width: 1280 });
    await signIn(page, t.url, 'superconseiller@demo.fr');
    await page.goto(`${t.url}/newsletters/edition/${issue}`);
    await page.getByText(/^Aucun bloc pour l'instant/).waitFor();

    await addBlock(page, 'Titre');
    // The new block's heading takes the focus: its fields come next in the tab order.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Bloc 1 : Titre');
    await page.getByLabel('Texte du titre').fill('Les aides 2031');
    await addBlock(page, 'Bouton');
    await page.getByLabel('Texte du bouton').fill('Prendre rendez-vous');
    // By accessible name: the label's text also holds the required mark (aria-hidden « * »).
    await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('https://exemple.fr/rdv');
    await addBlock(page, 'Texte');
    // No on* attribute here: DOMPurify parsing one in the page logs a (blocked) CSP violation.
    await page
      .getByRole('textbox', { name: 'Texte', exact: true })
      .fill('<p>Bonjour, <strong>voici</strong> nos conseils.</p><script>alert(2)</script>');
    await addBlock(page, 'Séparateur');
    expect(await blockHeadings(page)).toEqual([
      'Bloc 1 : Titre',
      'Bloc 2 : Bouton',
      'Bloc 3 : Texte',
      'Bloc 4 : Séparateur',
    ]);

    // The text block goes above the button, from the keyboard; the focus stays on its button.
    await page.getByRole('button', { name: 'Monter : Bloc 3 : Texte' }).focus();
    await page.keyboard.press('Enter');
    expect(await blockHeadings(page)).toEqual([
      'Bloc 1 : Titre',
      'Bloc 2 : Texte',
      'Bloc 3 : Bouton',
      'Bloc 4 : Séparateur',
    ]);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Monter : Bloc 2 : Texte');
    // The separator goes, after confirmation.
    await page.getByRole('button', { name: 'Supprimer : Bloc 4 : Séparateur' }).click();
    await page.locator('dialog[open]').getByText('Supprimer « Bloc 4 : Séparateur » ?').waitFor();
    await page.locator('dialog[open]').getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect.poll(() => blockHeadings(page)).toEqual(['Bloc 1 : Titre', 'Bloc 2 : Texte', 'Bloc 3 : Bouton']);

    // The preview is the engine's renderer with the group's charter, cleaned, in a sandboxed frame.
    await expect.poll(() => preview(page).locator('h2.nl-title').textContent()).toBe('Les aides 2031');
    await expect.poll(() => preview(page).locator('.nl-text').textContent()).toBe('Bonjour, voici nos conseils.');
    expect(await preview(page).locator('a.nl-button').getAttribute('href')).toBe('https://exemple.fr/rdv');
    expect(await preview(page).locator('h1.nl-heading').textContent()).toBe(TITLE);
    expect(await preview(page).locator('script').count()).toBe(0);
    // Sandboxed without scripts (same origin only, for the site's own pictures).
    expect(await page.locator('iframe[title="Aperçu de la newsletter"]').getAttribute('sandbox')).toBe(
      'allow-same-origin',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'newsletter-editor-1280');

    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.waitForURL(/\/newsletters\/?(\?.*)?$/);
    const stored = await t.call(`/infolettres/newsletter/${issue}/`, { token });
    expect(stored.body.blocks).toEqual([
      { type: 'title', text: 'Les aides 2031' },
      { type: 'text', html: '<p>Bonjour, <strong>voici</strong> nos conseils.</p>' },
      { type: 'button', label: 'Prendre rendez-vous', url: 'https://exemple.fr/rdv' },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the issue to a list with a confirmation, shows the progress and refuses a second sending', async () => {
    const { context, page, errors } = await newPage(browser, { width: 1280 });
    await signIn(page, t.url, 'superconseiller@demo.fr');
    await page.goto(`${t.url}/newsletters/edition/${issue}`);
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Envoyer « ${TITLE} »` });
    await dialog.getByLabel('Lecteurs de la lettre').check();
    await expect
      .poll(() => dialog.locator('p[role="status"]').textContent())
      .toBe('1 destinataire accepte les newsletters ; 1 autre sera écarté (sans accord, sans adresse ou en double).');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'newsletter-send-dialog');
    await dialog.getByRole('button', { name: 'Envoyer à 1 destinataire' }).click();
    const confirm = page.locator('dialog[open]').filter({ hasText: 'Un envoi commencé ne peut pas être annulé.' });
    await confirm.getByText(`Envoyer « ${TITLE} » à 1 destinataire de la liste « Lecteurs de la lettre » ?`).waitFor();
    await confirm.getByRole('button', { name: 'Envoyer à 1 destinataire' }).click();
    await expect.poll(() => dialog.locator('p[role="status"]').textContent()).toBe('Envoi en cours : 0 sur 1 traités.');
    // The scheduler sends the batch (the test server runs no job runner of its own).
    const runner = createJobRunner(t.app, { id: 'newsletters-e2e', schedules: [] });
    for (let i = 0; i < 5 && (await runner.runOnce()) > 0; i += 1);
    await expect
      .poll(() => dialog.locator('p[role="status"]').textContent(), { timeout: 10_000 })
      .toBe('Envoi terminé : 1 courriel envoyé sur 1.');
    expect(await dialog.locator('progress').getAttribute('value')).toBe('1');
    await screenshot(page, 'newsletter-sent');
    mail = await smtp.waitFor(reader.email);
    expect(mail.subject).toBe(TITLE);
    expect(mail.html).toMatch(/<h2 class="nl-title" style="[^"]*color: #1f5c99[^"]*">Les aides 2031<\/h2>/);
    expect(mail.text).toContain('Bonjour, voici nos conseils.');
    expect(smtp.mails.filter((m) => m.to.includes('refus@exemple.fr'))).toHaveLength(0);

    // Sent once: the dialog now says when, and offers no second sending.
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expect
      .poll(() => dialog.locator('p[role="status"]').textContent())
      .toMatch(/^Cette newsletter a déjà été envoyée le \d\d\/\d\d\/\d{4} \d\d:\d\d \(Envoi terminé : 1 courriel/);
    expect(await dialog.getByRole('button', { name: /^Envoyer à/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the issue on the public pages and unsubscribes through the mail’s link, at 375 px', async () => {
    const { context, page, errors } = await newPage(browser, { width: 375 });
    await page.goto(`${t.url}/newsletters-public/${groupSlug}`);
    await page.getByRole('heading', { level: 2, name: 'La lettre de l’espace conseil' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'newsletters-public-list-375');
    await page.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(new RegExp(`/newsletters-public/${groupSlug}/la-lettre/lettre-7/${issue}$`));
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(await page.locator('.nl h2.nl-title').textContent()).toBe('Les aides 2031');
    expect(await page.getByRole('link', { name: 'Prendre rendez-vous' }).getAttribute('href')).toBe(
      'https://exemple.fr/rdv',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'newsletter-public-issue-375');

    const secret = UNSUBSCRIBE.exec(mail.html)![1]!;
    await page.goto(`${t.url}/newsletters-public/desinscription/${secret}`);
    await page.getByText(reader.email).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Me désinscrire' }).click();
    await expect
      // The shell's toast region is a status too.
      .poll(() => page.locator('p[role="status"]').textContent())
      .toBe(`C’est fait : l’adresse ${reader.email} ne recevra plus nos newsletters.`);
    await screenshot(page, 'newsletter-unsubscribed-375');
    const stored = await t.call(`/fac/contact/${reader.pk}/`, { token });
    expect(stored.body.acceptsNewsletters).toBe(false);
    await page.goto(`${t.url}/newsletters-public/desinscription/${'x'.repeat(32)}`);
    await page.getByText('Ce lien de désinscription n’est pas valable.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the block editor usable at 375 px', async () => {
    const { context, page, errors } = await newPage(browser, { width: 375 });
    await signIn(page, t.url, 'superconseiller@demo.fr');
    await page.goto(`${t.url}/newsletters/edition/${issue}`);
    await page.getByRole('heading', { name: 'Bloc 3 : Bouton' }).waitFor();
    await expect.poll(() => preview(page).locator('h2.nl-title').textContent()).toBe('Les aides 2031');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'newsletter-editor-375');
    expect(errors).toEqual([]);
    await context.close();
  });
});
