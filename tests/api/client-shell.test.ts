import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';

// Issue 16, items 15 and 17: how the built client is served (precompressed files, cache headers),
// what the application shell carries (white label and anonymous menu, so that a first visit paints
// without asking the API), and which sites may frame the embeddable pages.

const SCRIPT = 'assets/index-Dq0ELmg4.js';
const SCRIPT_TEXT = `console.log(${JSON.stringify('Rénovation énergétique '.repeat(200))});\n`;
const STYLE = 'assets/index-B1dC2mYx.css';
const STYLE_TEXT = '.app{display:flex}h1{font-size:1.6rem}';
const TEMPLATE = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <title>Chargement…</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <script type="module" crossorigin src="/${SCRIPT}"></script>
    <link rel="stylesheet" crossorigin href="/${STYLE}">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A client build as Vite and vite-plugin-compression2 lay it out, without building the client. */
function builtClient(): string {
  const dist = mkdtempSync(join(tmpdir(), 'client-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, SCRIPT), SCRIPT_TEXT);
  writeFileSync(join(dist, STYLE), STYLE_TEXT);
  writeFileSync(join(dist, `${SCRIPT}.br`), brotliCompressSync(SCRIPT_TEXT));
  writeFileSync(join(dist, `${SCRIPT}.gz`), gzipSync(SCRIPT_TEXT));
  return dist;
}

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as sent (fetch would decompress them), for a path and request headers. */
function raw(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

interface BootData {
  domain: string | null;
  whiteLabel: Record<string, unknown> | null;
  menu: unknown[];
}

function bootData(html: string): BootData {
  const found = /<script id="boot-data" type="application\/json">([^<]*)<\/script>/.exec(html);
  if (!found) throw new Error('no boot data in the page');
  return JSON.parse(found[1]);
}

const HOSTILE = '</script><script>alert(1)</script>';

describe.each(DIALECTS)('the client shell and its files on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let localhostPk: number;
  const dist = builtClient();

  appOn(
    dialect,
    (app) => {
      t = app;
    },
    { env: { CLIENT_DIST: dist } },
  );
  beforeAll(async () => {
    admin = await t.login('admin@demo.fr');
    localhostPk = (await t.call('/white_labelling/current/')).body.pk;
  });
  const change = (body: Record<string, unknown>) =>
    t.call(`/white_labelling/${localhostPk}/`, { method: 'PATCH', token: admin, body });

  it('sends the brotli file when the browser asks for it, else gzip, else the file as it is', async () => {
    const br = await raw(t.url, `/${SCRIPT}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.body.length).toBeLessThan(SCRIPT_TEXT.length / 5);
    expect(br.body.equals(brotliCompressSync(SCRIPT_TEXT))).toBe(true);

    const gzip = await raw(t.url, `/${SCRIPT}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(gzipSync(SCRIPT_TEXT))).toBe(true);
    const refused = await raw(t.url, `/${SCRIPT}`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');

    for (const asked of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const plain = await raw(t.url, `/${SCRIPT}`, asked);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(SCRIPT_TEXT);
    }
    for (const r of [br, gzip]) expect(r.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('lets browsers keep hashed files a year, other files an hour, and never keep the page itself', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const script = await raw(t.url, `/${SCRIPT}`, { 'accept-encoding': encoding });
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await raw(t.url, '/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    for (const path of ['/', '/index.html', '/ecorenover/situation-actuelle', '/mon-compte/connexion/x@y.fr']) {
      const page = await raw(t.url, path);
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body.toString()).toContain('id="boot-data"');
    }
    expect((await raw(t.url, '/assets/index-disparu.js')).status).toBe(404);
  });

  it('compresses the page when the browser accepts it', async () => {
    const page = await raw(t.url, '/', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('writes into the page the white label that current/ answers and the anonymous menu, nothing to run', async () => {
    const page = await fetch(t.url);
    const html = await page.text();
    expect(page.status).toBe(200);
    const data = bootData(html);
    expect(data.domain).toBeNull();
    expect(data.whiteLabel).toEqual((await t.call('/white_labelling/current/')).body);
    expect(data.menu).toEqual((await t.call('/meta/menu')).body);
    expect(data.menu.length).toBeGreaterThan(0);
    expect(html).toContain(`<title>Accueil - ${String(data.whiteLabel?.siteTitle)}</title>`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp.split(';').filter((d) => d.startsWith('script-src '))).toEqual(["script-src 'self'"]);
  });

  it('follows ?domain= as the API does: another white label, or none (current/ answers 404)', async () => {
    const other = bootData(await (await fetch(`${t.url}/?domain=annuaire.localhost`)).text());
    expect(other.domain).toBe('annuaire.localhost');
    const current = await t.call('/white_labelling/current/', { domain: 'annuaire.localhost' });
    expect(other.whiteLabel).toEqual(current.body);
    expect(other.menu).toEqual((await t.call('/meta/menu', { domain: 'annuaire.localhost' })).body);
    const none = bootData(await (await fetch(`${t.url}/?domain=inconnu.example.org`)).text());
    expect((await t.call('/white_labelling/current/', { domain: 'inconnu.example.org' })).status).toBe(404);
    expect(none).toMatchObject({ domain: 'inconnu.example.org', whiteLabel: null });
  });

  it("keeps an administrator's text as data: a site title with </script> cannot add a script", async () => {
    const saved = await change({ siteTitle: HOSTILE });
    expect(saved.status).toBe(200);
    try {
      const html = await (await fetch(`${t.url}/ecorenover-iframe`)).text();
      expect(html).not.toContain('<script>alert(1)');
      expect(html.match(/<script/g)).toHaveLength(2); // the entry and the data block
      expect(bootData(html).whiteLabel?.siteTitle).toBe(HOSTILE);
      const escaped = '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
      expect(html).toContain(`<title>Simulateur de prêt rénovation - ${escaped}</title>`);
    } finally {
      await change({ siteTitle: 'Rénovation Démo' });
    }
  });

  // Issue 16, item 15: the largest text of a public page is painted from the page itself.
  it("paints each public page's shell from the HTML: the page's heading and the white label's name", async () => {
    const pages: [string, string][] = [
      ['/', 'Rénovation Démo'], // the landing page's heading is the site's name (HomeScreen)
      ['/ecorenover', 'Simulateur de prêt rénovation'], // a redirect route: its target's title
      ['/thermix', 'Simulateur chauffage et eau chaude'],
      ['/therminix', 'Proposition de solutions de chauffage'],
      ['/dialogwatt/rendez-vous/', 'Prendre rendez-vous'],
    ];
    for (const [path, heading] of pages) {
      const html = await (await fetch(`${t.url}${path}`)).text();
      expect(html, path).toContain('data-prepaint=""');
      expect(html.match(/<h1>([^<]*)<\/h1>/)?.[1], path).toBe(heading);
      expect(html, path).toContain('<span class="brand-title">Rénovation Démo</span>');
      expect(html, path).toContain('<a class="button button-light" href="/mon-compte/connexion">Se connecter</a>');
      // The style sheet is in the page (no second round trip before the paint), not linked.
      expect(html, path).toContain(`<style>${STYLE_TEXT}</style>`);
      expect(html, path).not.toContain(`href="/${STYLE}"`);
      expect(html.match(/<script/g), path).toHaveLength(2); // the entry and the data block: nothing inline runs
    }
    const booking = await (await fetch(`${t.url}/dialogwatt/rendez-vous/`)).text();
    expect(booking).toContain('<p class="page-description">');
    const home = await (await fetch(t.url)).text();
    expect(home).toContain('<h2 id="landing-services">Nos services</h2>');
    expect(home).toContain('<h3><a href="/ecorenover">');
    const { body: wl } = await t.call('/white_labelling/current/');
    const primary = (wl.theme as Record<string, string> | undefined)?.primary;
    if (primary) expect(home).toContain(`--color-primary: ${primary}`);
  });

  it('keeps « Chargement… » where the server cannot know the first screen', async () => {
    // A page that needs a session, a path that no route declares, a domain without a white label.
    for (const path of ['/mon-compte/profil', '/nulle-part/ici', '/ecorenover?domain=inconnu.example.org']) {
      const html = await (await fetch(`${t.url}${path}`)).text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('data-prepaint');
      expect(html, path).toContain(`href="/${STYLE}"`);
    }
  });

  it("escapes an administrator's texts in the painted shell", async () => {
    const hostileBaseline = '<img src=x onerror="alert(2)">';
    const { body: before } = await t.call('/white_labelling/current/');
    expect((await change({ siteTitle: HOSTILE, siteBaseline: hostileBaseline })).status).toBe(200);
    try {
      for (const path of ['/', '/ecorenover']) {
        const html = await (await fetch(`${t.url}${path}`)).text();
        expect(html, path).toContain('data-prepaint=""');
        expect(html, path).not.toContain('<script>alert(1)');
        expect(html, path).not.toContain('<img src=x');
        expect(html.match(/<script/g), path).toHaveLength(2);
        const escaped = '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
        expect(html, path).toContain(`<span class="brand-title">${escaped}</span>`);
        expect(html, path).toContain(
          '<span class="brand-baseline">&lt;img src=x onerror=&quot;alert(2)&quot;&gt;</span>',
        );
      }
      const home = await (await fetch(t.url)).text();
      expect(home.match(/<h1>([^<]*)<\/h1>/)?.[1]).toBe('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    } finally {
      await change({ siteTitle: before.siteTitle, siteBaseline: before.siteBaseline });
    }
  });

  it('refuses anything but https origins (http on this machine) in the sites allowed to frame', async () => {
    const refused = [
      'http://partenaire.fr',
      'https://partenaire.fr/simulateur',
      "https://partenaire.fr 'unsafe-inline'",
      '*',
    ];
    for (const bad of refused) {
      const res = await change({ embeddingSites: [bad] });
      expect(res.status, bad).toBe(400);
      expect(res.body.errors[0]).toMatchObject({
        path: expect.stringMatching(/^embeddingSites/),
        message: "Le format de ce champ n'est pas valide.",
      });
    }
    expect((await t.call('/white_labelling/current/')).body.embeddingSites).toEqual([]);
  });

  it('lets the listed sites frame the embeddable pages of their white label only', async () => {
    const sites = ['https://partenaire.example.org', 'http://127.0.0.1:4100'];
    const saved = await change({ embeddingSites: sites });
    expect(saved.status).toBe(200);
    expect(saved.body.embeddingSites).toEqual(sites);
    try {
      for (const path of ['/ecorenover-iframe', '/ecorenover-iframe/emprunts', '/actimmo-map']) {
        const res = await fetch(`${t.url}${path}`);
        const csp = res.headers.get('content-security-policy');
        expect(csp, path).toContain(`frame-ancestors 'self' ${sites.join(' ')};`);
        expect(res.headers.get('x-frame-options'), path).toBeNull();
      }
      const sameSite = [
        '/',
        '/ecorenover/situation-actuelle',
        '/mon-compte/connexion',
        '/ecorenover-iframe?domain=annuaire.localhost',
      ];
      for (const path of sameSite) {
        const res = await fetch(`${t.url}${path}`);
        expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'self';");
        expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      }
    } finally {
      await change({ embeddingSites: [] });
    }
  });
});
