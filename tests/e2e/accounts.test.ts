import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { launchBrowser, newPage, screenshot, signIn } from '../helpers/browser';
import { resetLink, startSmtpCapture } from '../helpers/smtp-capture';
import { makePng } from '../helpers/png';
import { mediaFile } from '../../server/modules/accounts/profile-picture';

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  return null;
}

describe('account screens (Chromium)', () => {
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

  it('resets a forgotten password: request, mail from the SMTP server, link, new password twice, sign-in', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${t.url}/mon-compte/connexion`);
    await page.getByLabel('Adresse électronique').fill('pro@demo.fr');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.waitForURL(`${t.url}/mon-compte/reinitialisation-mot-de-passe/pro%40demo.fr`);
    expect(await page.getByLabel('Adresse électronique').inputValue()).toBe('pro@demo.fr');
    const before = smtp.mails.length;
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Si un compte existe' }).count()).toBe(1);
    await screenshot(page, 'account-reset-requested');

    const mail = await smtp.waitFor('pro@demo.fr', before);
    const link = resetLink(mail.text);
    await page.goto(link.url);
    await expect
      .poll(() => page.getByText('Choisissez le nouveau mot de passe du compte pro@demo.fr.').count())
      .toBe(1);
    await page.locator('#reset-newPassword1').fill('court');
    await page.locator('#reset-newPassword2').fill('autre');
    await page.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click();
    await expect
      .poll(() => page.locator('.field-error').allTextContents())
      .toEqual([
        'Le mot de passe doit contenir au moins 10 caractères.',
        'Les deux mots de passe ne sont pas identiques.',
      ]);
    await screenshot(page, 'account-reset-change-errors');
    // A password common in France is refused before sending, once the dictionaries have loaded.
    await page.locator('#reset-newPassword1').fill('Marseille2013');
    await page.locator('#reset-newPassword2').fill('Marseille2013');
    await page.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click();
    await expect
      .poll(() => page.locator('.field-error').allTextContents())
      .toEqual(['Ce mot de passe est trop courant ; choisissez-en un plus difficile à deviner.']);
    await page.locator('#reset-newPassword1').fill('une toiture bien isolée');
    await page.locator('#reset-newPassword2').fill('une toiture bien isolée');
    await page.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click();
    await page.waitForURL(/\/mon-compte\/connexion\/pro%40demo\.fr\?reinitialise=1$/);
    await expect
      .poll(() => page.getByText('Votre mot de passe a été modifié. Vous pouvez vous connecter.').count())
      .toBe(1);
    expect(await page.getByLabel('Adresse électronique').inputValue()).toBe('pro@demo.fr');
    await screenshot(page, 'account-reset-done-login');
    await page.getByLabel('Mot de passe').fill('une toiture bien isolée');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForFunction(() => !location.pathname.startsWith('/mon-compte/connexion'));
    await context.close();

    // The link served once: opened again, it says so and offers a new one.
    const second = await newPage(browser);
    await second.page.goto(link.url);
    await expect
      .poll(() => second.page.getByRole('alert').textContent())
      .toMatch(/^Ce lien de réinitialisation n'est pas valide ou a expiré/);
    await screenshot(second.page, 'account-reset-link-used');
    await second.page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
    await second.page.waitForURL(`${t.url}/mon-compte/reinitialisation-mot-de-passe`);
    await second.context.close();
    expect(errors).toEqual([]);
  });

  it('signs in through /connexion-et-redirection/ and lands on the requested page of this site only', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${t.url}/connexion-et-redirection/${encodeURIComponent('/mon-compte/profil')}`);
    await page.getByLabel('Adresse électronique').fill('client@demo.fr');
    await page.getByLabel('Mot de passe').fill('renovation-demo');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`${t.url}/mon-compte/profil`);
    await context.close();
    const other = await newPage(browser);
    await other.page.goto(`${t.url}/connexion-et-redirection/${encodeURIComponent('//evil.example/')}`);
    await other.page.getByLabel('Adresse électronique').fill('client@demo.fr');
    await other.page.getByLabel('Mot de passe').fill('renovation-demo');
    await other.page.getByRole('button', { name: 'Se connecter' }).click();
    await other.page.waitForFunction(() => !location.pathname.startsWith('/connexion-et-redirection'));
    expect(new URL(other.page.url()).host).toBe(new URL(t.url).host);
    await other.context.close();
  });

  it('uploads a profile picture framed in the crop dialog; the header shows it', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    await page.goto(`${t.url}/mon-compte/profil-advisor`);
    await expect.poll(() => page.getByRole('heading', { name: 'Dans les rendez-vous' }).count()).toBe(1);
    await page
      .locator('#picture-file')
      .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: makePng(400, 300) });
    const dialog = page.getByRole('dialog', { name: 'Cadrer la photo' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Agrandissement').fill('2');
    await dialog.getByLabel('Position horizontale').fill('30');
    await screenshot(page, 'account-picture-crop');
    await dialog.getByRole('button', { name: 'Enregistrer la photo' }).click();
    await expect.poll(() => page.locator('.header-user .avatar img').count()).toBe(1);
    const url = await page.locator('.header-user .avatar img').getAttribute('src');
    expect(url).toMatch(/^\/media\/profile-pics\/3\/[A-Za-z0-9_-]{12}\.jpg$/);
    const stored = readFileSync(mediaFile(t.app, url)!);
    expect(jpegSize(stored)).toEqual({ width: 512, height: 512 });
    await expect.poll(() => page.getByRole('img', { name: 'Photo de Claire Conseillère' }).count()).toBe(1);
    await screenshot(page, 'account-profile-advisor');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the own e-mail through the link mailed to the new address (issue 25)', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'client@demo.fr');
    await page.goto(`${t.url}/mon-compte/profil`);
    const field = page.locator('#profile-email');
    await expect.poll(() => field.inputValue()).toBe('client@demo.fr');
    const before = smtp.mails.length;
    await field.fill('camille.nouvelle@example.org');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const pending = page.getByRole('status').filter({ hasText: 'Un lien de confirmation a été envoyé à' });
    await expect.poll(() => pending.count(), { timeout: 20_000 }).toBe(1);
    expect(await pending.textContent()).toContain('camille.nouvelle@example.org');
    expect(await field.inputValue()).toBe('client@demo.fr');
    await screenshot(page, 'account-email-change-pending');
    const mail = await smtp.waitFor('camille.nouvelle@example.org', before);
    const url = /https?:\/\/\S+\/mon-compte\/confirmation-courriel\/\S+/.exec(mail.text)![0];
    await context.close();
    // The link is followed in another browser, signed out: the address becomes the account's.
    const other = await newPage(browser);
    await other.page.goto(url);
    await other.page.getByRole('button', { name: 'Confirmer cette adresse' }).click();
    await expect
      .poll(() =>
        other.page.getByText('Votre adresse de connexion est désormais camille.nouvelle@example.org.').count(),
      )
      .toBe(1);
    await screenshot(other.page, 'account-email-change-confirmed');
    expect(other.errors).toEqual([]);
    await other.context.close();
    expect(errors).toEqual([]);
    await t.app.database.db.updateTable('account_user').set({ email: 'client@demo.fr' }).where('pk', '=', 7).execute();
  });

  it('shows the administrator variant with the mail delivery and the link to the sent mails', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'admin@demo.fr');
    await page.goto(`${t.url}/mon-compte/profil-admin`);
    await expect.poll(() => page.getByRole('heading', { name: 'Plateforme' }).count()).toBe(1);
    expect(await page.getByText(/par le serveur SMTP smtp:\/\/127\.0\.0\.1/).count()).toBe(1);
    await screenshot(page, 'account-profile-admin');
    await page.getByRole('link', { name: 'Voir les courriels envoyés' }).click();
    await page.waitForURL(`${t.url}/administration/courriels-envoyes/`);
    await expect.poll(() => page.getByRole('row', { name: /pro@demo\.fr/ }).count()).toBeGreaterThan(0);
    await screenshot(page, 'account-outbox-list');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says what deletion erases and what it keeps, asks for the password, deletes and signs out', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'superconseiller@demo.fr');
    await page.goto(`${t.url}/mon-compte/supprimer`);
    await expect.poll(() => page.getByRole('heading', { name: 'Ce qui sera supprimé définitivement' }).count()).toBe(1);
    const gone = await page
      .locator('section', { has: page.getByRole('heading', { name: 'Ce qui sera supprimé définitivement' }) })
      .textContent();
    expect(gone).toContain(
      'Votre compte superconseiller@demo.fr : adresse électronique, civilité, nom et prénom, titre, téléphone, ' +
        'couleur, photo et mot de passe.',
    );
    expect(gone).toContain('indisponibilités (Conseiller) : 1');
    const kept = await page
      .locator('section', { has: page.getByRole('heading', { name: 'Ce qui sera conservé' }) })
      .textContent();
    expect(kept).toContain('lieux (Conseillers présents) : 2, conservés pour les autres personnes, sans vous');
    expect(kept).toContain('Votre structure « Espace Conseil Démo »');
    await screenshot(page, 'account-delete');
    await page.getByLabel('Mot de passe').fill('pas le bon');
    await page.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
    await expect.poll(() => page.locator('.field-error').textContent()).toBe('Le mot de passe est incorrect.');
    await page.getByLabel('Mot de passe').fill('renovation-demo');
    await page.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
    // Not a speed check: the erasure walks every table that names the account; CI's loaded machine once took over 30 s.
    await page.waitForURL(`${t.url}/mon-compte/connexion`, { timeout: 60_000 });
    await expect.poll(() => page.locator('.toast').filter({ hasText: 'Votre compte a été supprimé.' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Se connecter' }).count()).toBe(1);
    await screenshot(page, 'account-deleted');
    expect(
      (
        await t.call('/auth/obtain_token/', {
          method: 'POST',
          body: { email: 'superconseiller@demo.fr', password: 'renovation-demo' },
        })
      ).status,
    ).toBe(400);
    expect(errors).toEqual([]);
    await context.close();
  });
});
