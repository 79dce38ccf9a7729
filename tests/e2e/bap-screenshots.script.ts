// Run by hand after `npm run build`: `CHROMIUM_PATH=/usr/bin/chromium npx tsx tests/e2e/bap-screenshots.script.ts`.
// Sets up the projects exchange through the API (two professionals join, an advisor publishes a
// project matching one of them, who declares interest), then screenshots the professional's
// projects page and the advisor's project page into test-results/screenshots/.
import { startTestApp } from '../helpers/test-app';
import { launchBrowser, newPage, screenshot, signIn } from '../helpers/browser';

async function main() {
  const t = await startTestApp('sqlite', { withClient: true });
  try {
    const admin = await t.login('admin@demo.fr');
    const advisor = await t.login('conseiller@demo.fr');
    const pro = await t.login('pro@demo.fr');
    for (const sheet of [1, 2])
      await t.call(`/listepro/professional/${sheet}/`, {
        method: 'PATCH',
        token: admin,
        body: { allowToRegisterToBap: true },
      });
    await t.call('/bap/membership/', {
      method: 'POST',
      token: pro,
      body: { professional: 1, charterAccepted: true, departments: ['38'] },
    });
    const project = await t.call('/bap/project/', {
      method: 'POST',
      token: advisor,
      body: {
        title: 'Isolation des combles et ventilation',
        description: 'Maison de 1975, 110 m², combles perdus.',
        activity: 1,
        subMission: 9,
        commune: '38185',
        budgetRange: '10k_30k',
        wishedStart: '2027-03-01',
      },
    });
    const pk = project.body.pk as number;
    await t.call('/bap/household/', {
      method: 'POST',
      token: advisor,
      body: { project: pk, name: 'Famille Martin', email: 'famille.martin@example.org', phone: '06 12 34 56 78' },
    });
    await t.call(`/workflow/bap-project/${pk}/transitions/publish/`, { method: 'POST', token: advisor });
    await t.call('/bap/interest/', {
      method: 'POST',
      token: pro,
      body: { project: pk, professional: 1, message: 'Disponible dès mars.' },
    });
    const browser = await launchBrowser();
    try {
      for (const width of [1280, 375]) {
        const { context, page, errors } = await newPage(browser, { width });
        await signIn(page, t.url, 'pro@demo.fr');
        await page.goto(`${t.url}/bourse-aux-projets/professionnels/projets`);
        await page.getByRole('link', { name: 'Isolation des combles et ventilation' }).waitFor();
        console.log(await screenshot(page, `bap-pro-projects-${width}`));
        await page.goto(`${t.url}/bourse-aux-projets/professionnels/projets/${pk}`);
        await page.getByText('Vous vous êtes déclaré intéressé').waitFor();
        console.log(await screenshot(page, `bap-pro-project-${width}`));
        await context.close();
        if (errors.length) console.log('page errors', errors);
      }
      const { context, page, errors } = await newPage(browser);
      await signIn(page, t.url, 'conseiller@demo.fr');
      await page.goto(`${t.url}/bourse-aux-projets/projets/edition/${pk}`);
      await page.getByRole('button', { name: 'Publication et professionnels intéressés' }).click({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Partager le contact' }).waitFor();
      console.log(await screenshot(page, 'bap-advisor-project'));
      await page.getByRole('button', { name: 'Partager le contact' }).click();
      await page.getByText('Contact du ménage partagé.').waitFor();
      console.log(await screenshot(page, 'bap-advisor-project-shared'));
      await page.goto(`${t.url}/bourse-aux-projets/statistics`);
      await page.getByText('Taux d’intérêt').waitFor();
      console.log(await screenshot(page, 'bap-statistics'));
      await context.close();
      if (errors.length) console.log('page errors', errors);
    } finally {
      await browser.close();
    }
  } finally {
    await t.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
