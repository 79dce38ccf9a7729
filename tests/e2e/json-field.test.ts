import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/test-app';
import { newPage, screenshot, signIn } from '../helpers/browser';
import { appInBrowser } from '../helpers/browser-suite';

// A free-form object property (the reason's questionnaire) typed as JSON on the generic edit
// screen: live preview, saved and read back; text that is not JSON and a questionnaire the server
// refuses are both said in French and change nothing.

const QUESTIONNAIRE = {
  schema: {
    type: 'object',
    properties: {
      surface: { type: 'integer', title: 'Surface habitable (m²)' },
      heating: { type: 'string', title: 'Chauffage actuel', enum: ['gaz', 'fioul', 'électricité'] },
    },
    required: ['surface'],
  },
};

describe('JSON field of a free-form object (advisor, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  appInBrowser((app, b) => {
    t = app;
    browser = b;
  });

  const stored = async () => {
    const advisor = await t.login('conseiller@demo.fr');
    return (await t.call('/dialogwatt/reason/1/', { token: advisor })).body.form as unknown;
  };

  it('writes a questionnaire with its preview, keeps it, and refuses what is not one', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, t.url, 'conseiller@demo.fr');
    const before = await stored();
    await page.goto(`${t.url}/dialogwatt/motifs-de-rendez-vous/edition/1`);
    const editor = page.getByRole('textbox', { name: 'Questionnaire', exact: true });
    await editor.waitFor();
    expect(await editor.evaluate((el) => el.tagName)).toBe('TEXTAREA');
    expect(await editor.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono|Consolas|Menlo/i);
    await expect.poll(() => page.getByText('Exemple : {"schema"').count()).toBe(1);

    // Not JSON: French error under the field, tied to it, and saving changes nothing.
    await editor.fill('{"schema": {"type": "object",}');
    const error = page.locator('.json-field .field-error');
    await expect.poll(() => error.textContent()).toMatch(/^Ce texte n'est pas un JSON valide : /);
    expect(await editor.getAttribute('aria-invalid')).toBe('true');
    expect(await editor.getAttribute('aria-describedby')).toContain(await error.getAttribute('id'));
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.locator('.error-summary').textContent()).toContain('JSON valide');
    expect(page.url()).toMatch(/\/edition\/1$/);
    expect(await stored()).toEqual(before);

    // A questionnaire: the preview draws its questions as the booking step will.
    await editor.fill(JSON.stringify(QUESTIONNAIRE));
    await expect.poll(() => error.count()).toBe(0);
    const preview = page.locator('.questionnaire-preview');
    await preview.getByLabel(/Surface habitable/).waitFor();
    await preview.getByLabel(/Surface habitable/).fill('85');
    expect(await preview.getByLabel('Chauffage actuel').evaluate((el) => el.tagName)).toBe('SELECT');
    // Keyboard: Tab leaves the editor (no focus trap) and the text is tidied on the way out.
    await editor.focus();
    await page.keyboard.press('Tab');
    expect(await editor.evaluate((el) => el === document.activeElement)).toBe(false);
    expect(await editor.inputValue()).toBe(JSON.stringify(QUESTIONNAIRE, null, 2));
    await editor.focus();
    await screenshot(page, 'json-field-questionnaire');

    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(`${t.url}/dialogwatt/motifs-de-rendez-vous/`);
    expect(await stored()).toEqual(QUESTIONNAIRE);
    await page.goto(`${t.url}/dialogwatt/motifs-de-rendez-vous/edition/1`);
    await editor.waitFor();
    expect(JSON.parse(await editor.inputValue())).toEqual(QUESTIONNAIRE);
    await page
      .locator('.questionnaire-preview')
      .getByLabel(/Surface habitable/)
      .waitFor();

    // A questionnaire outside what the server accepts: its French message, nothing saved.
    const refused = {
      schema: { type: 'object', properties: { site: { type: 'string', title: 'Site', format: 'hostname' } } },
    };
    await editor.fill(JSON.stringify(refused));
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect
      .poll(() => page.locator('.json-field .field-error').textContent())
      .toContain('Le questionnaire du motif est invalide');
    await screenshot(page, 'json-field-refused');
    expect(await stored()).toEqual(QUESTIONNAIRE);

    // Empty text is no questionnaire at all.
    await editor.fill('');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(`${t.url}/dialogwatt/motifs-de-rendez-vous/`);
    expect(await stored()).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
