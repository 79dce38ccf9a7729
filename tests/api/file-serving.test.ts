import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { makePng } from '../helpers/png';
import { fileSpecOf, isFileProperty } from '../../engine/files/file-ref';
import { columnOf } from '../../server/db/row-mapper';
import { fileStorage } from '../../server/storage';

// Issue 25, finding 1 (docs/security.md, « Second review »): a file is what its bytes are, and
// only a raster picture is ever shown inline. HTML, script and SVG disguised as pictures are sent to
// every file property the schemas declare (read from the registry), then — stored as older uploads
// left them, with the type the client claimed — read back through every route that sends a file.

const HTML = '<!doctype html><html><body><script>fetch("/api/v1/accounts/profile/me/")</script></body></html>';
const JS = 'fetch("/api/v1/accounts/profile/me/").then((r) => r.text()).then(alert);\n';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>';
const SVG_XML = `<?xml version="1.0" encoding="UTF-8"?>\n${SVG}`;

/** Each hostile content under each disguise: a picture's name with a picture's type, or its own type. */
const DISGUISES = [HTML, JS, SVG, SVG_XML].flatMap((content) =>
  ['image/png', 'text/html', 'image/svg+xml'].map((declared) => ({ content, declared, name: 'evil.png' })),
);
/** As stored by older uploads: each content once, under one of the claimed types (the sender reads none). */
const STORED = [HTML, JS, SVG, SVG_XML].map((content, i) => ({
  content,
  declared: ['text/html', 'image/png', 'image/svg+xml', 'text/html'][i]!,
  name: 'evil.png',
}));
/** Hundreds of requests: room for a loaded machine (nothing here measures time). */
const MANY_REQUESTS = 240_000;

const PNG = makePng(8, 6);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////' +
    '////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const REAL = [
  { bytes: PNG, name: 'photo.png', type: 'image/png' },
  { bytes: JPEG, name: 'photo.jpg', type: 'image/jpeg' },
  { bytes: PDF, name: 'plan.pdf', type: 'application/pdf' },
];

/** Records to hold a file, for the entities the demo data does not fill (a new one fails below until added). */
const MINIMAL_BODIES: Record<string, Record<string, unknown>> = {
  'newsletter-image': { title: 'Image de test', group: 2 },
  'newsletter-group': { title: 'Lettre de test', group: 2, slug: 'lettre-de-test-fichiers' },
  document: { contact: 1, note: 'Document de test' },
  'listepro-reference-image': { professional: 2, reference: 1, name: 'Photo de chantier' },
};

/** The routes that send a stored file besides the generic download, with how to reach a record's file. */
const PUBLIC_ROUTES = [
  {
    route: 'newsletter picture',
    url: (f: Target) => `/api/v1/infolettres/public/image/${f.key}/`,
    domain: 'localhost',
  },
  {
    route: 'directory logo',
    url: (f: Target) => `/api/v1/listepro/public/professional/${f.pk}/logo/`,
    domain: 'annuaire.localhost',
  },
  {
    route: 'directory reference picture',
    url: (f: Target) => `/api/v1/listepro/public/reference-image/${f.pk}/`,
    domain: 'annuaire.localhost',
  },
];

interface Target {
  entity: string;
  property: string;
  apiPath: string;
  accept: string[] | undefined;
  pk: number;
  key?: string;
}

const RASTER = /^image\/(png|jpeg|gif|webp|avif)$/;
const ACTIVE = /html|svg|xml|javascript|ecmascript/i;

/** What every answer carrying a file must be: inert unless it is a raster picture shown as one. */
function expectInert(where: string, res: { status: number; headers: Headers }) {
  if (res.status !== 200) return;
  const type = res.headers.get('content-type') ?? '';
  const disposition = res.headers.get('content-disposition') ?? '';
  expect(type, where).not.toMatch(ACTIVE);
  expect(res.headers.get('x-content-type-options'), where).toBe('nosniff');
  if (!RASTER.test(type.split(';')[0]!)) {
    expect(disposition, where).toMatch(/^attachment/);
    expect(res.headers.get('content-security-policy'), where).toContain('sandbox');
  }
}

describe.each(DIALECTS)('files are served as what their bytes are, on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
  });
  let admin: string;
  const targets: Target[] = [];

  beforeAll(async () => {
    admin = await t.login('admin@demo.fr');
    for (const entity of t.app.registry.entities.values()) {
      const api = entity.schema['x-entity'].api;
      for (const [property, prop] of Object.entries(entity.schema.properties)) {
        if (!isFileProperty(prop)) continue;
        expect(api?.actions, `${entity.name}: a file property needs its detail route`).toContain('detail');
        const table = entity.schema['x-entity'].table;
        const row = (await t.app.database.db
          .selectFrom(table as never)
          .select(sql<number>`pk`.as('pk'))
          .orderBy(sql`pk`)
          .executeTakeFirst()) as { pk: number } | undefined;
        let pk = row?.pk;
        if (pk === undefined) {
          const body = MINIMAL_BODIES[entity.name];
          expect(body, `${entity.name}: no demo record; add a minimal body to MINIMAL_BODIES`).toBeDefined();
          const created = await t.call(`/api/v1/${api!.path}/`, { method: 'POST', token: admin, body });
          expect(created.status, `${entity.name}: ${JSON.stringify(created.body)}`).toBe(201);
          pk = created.body.pk as number;
        }
        targets.push({ entity: entity.name, property, apiPath: api!.path!, accept: fileSpecOf(prop).accept, pk });
      }
    }
    // The registry has them (the newsletters' and the directory's pictures, documents, places…).
    expect(targets.length).toBeGreaterThanOrEqual(10);
  });

  async function upload(target: Target, name: string, content: Buffer | string, declared: string) {
    const form = new FormData();
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    form.append('file', new Blob([new Uint8Array(bytes)], { type: declared }), name);
    const res = await fetch(`${t.url}/api/v1/${target.apiPath}/file/${target.property}/`, {
      method: 'POST',
      headers: { Authorization: `JWT ${admin}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  /** Puts a file in the record as an older upload left it: the client's name and claimed type. */
  async function storeAsBefore(target: Target, bytes: Buffer, name: string, contentType: string) {
    const stored = await fileStorage(t.app).put(bytes);
    const entity = t.app.registry.entities.get(target.entity)!;
    const ref = { key: stored.key, name, size: stored.size, contentType };
    await t.app.database.db
      .updateTable(entity.schema['x-entity'].table as never)
      .set({ [columnOf(entity, target.property)]: JSON.stringify(ref) } as never)
      .where(sql`pk`, '=', target.pk)
      .execute();
    return { ...target, key: stored.key };
  }

  async function get(path: string, options: { token?: string; domain?: string } = {}) {
    return t.call(path, { token: options.token, domain: options.domain });
  }

  /** Reads a record's file through the generic route and every public route, signed in and not. */
  async function readEverywhere(target: Target) {
    const answers: { route: string; where: string; status: number; headers: Headers }[] = [];
    const generic = `/api/v1/${target.apiPath}/${target.pk}/file/${target.property}/`;
    const field = `${target.entity}.${target.property}`;
    answers.push({ route: 'download', where: `${field} download`, ...(await get(generic, { token: admin })) });
    for (const r of PUBLIC_ROUTES)
      for (const token of [undefined, admin])
        answers.push({
          route: r.route,
          where: `${field} through ${r.route}${token ? ' (signed in)' : ''}`,
          ...(await get(r.url(target), { token, domain: r.domain })),
        });
    return answers;
  }

  it(
    'refuses disguised HTML, script and SVG on picture properties, and stores them as text elsewhere',
    async () => {
      for (const target of targets) {
        for (const d of DISGUISES) {
          const where = `${target.entity}.${target.property} ← ${d.declared} ${JSON.stringify(d.content.slice(0, 20))}`;
          const res = await upload(target, d.name, d.content, d.declared);
          if (target.accept?.length) {
            // Every accept list of the schemas names pictures or PDFs: text is none of them.
            expect(res.status, where).toBe(400);
            expect(res.body.errors[0], where).toMatchObject({ path: 'file', code: 'file_type' });
          } else {
            expect(res.status, where).toBe(201);
            expect(res.body.contentType, where).toBe('text/plain');
          }
        }
      }
    },
    MANY_REQUESTS,
  );

  it(
    'accepts real PNG, JPEG and PDF files where the property lists them, with the type their bytes say',
    async () => {
      for (const target of targets) {
        for (const file of REAL) {
          const where = `${target.entity}.${target.property} ← ${file.name}`;
          const listed =
            !target.accept?.length ||
            target.accept.some(
              (a) => a === file.type || a === `${file.type.split('/')[0]}/*` || a === `.${file.name.split('.')[1]}`,
            );
          // Named as something else and declared as anything: the bytes decide.
          const res = await upload(
            target,
            `fichier-${file.name.split('.')[0]}.bin`,
            file.bytes,
            'application/octet-stream',
          );
          if (listed) {
            expect(res.status, where).toBe(201);
            expect(res.body.contentType, where).toBe(file.type);
          } else expect(res.status, where).toBe(400);
        }
      }
    },
    MANY_REQUESTS,
  );

  it(
    'never sends a stored HTML, script or SVG file as active content, through any file route',
    async () => {
      for (const target of targets) {
        for (const d of STORED) {
          const stored = await storeAsBefore(target, Buffer.from(d.content), d.name, d.declared);
          for (const answer of await readEverywhere(stored)) {
            expectInert(`${answer.where} (${d.declared})`, answer);
            // Such a file is no picture: every picture route says « not found ».
            if (answer.route !== 'download') expect(answer.status, answer.where).toBe(404);
          }
          // The download still gives the bytes, as an attachment of text or plain bytes.
          const download = await fetch(`${t.url}/api/v1/${target.apiPath}/${target.pk}/file/${target.property}/`, {
            headers: { Authorization: `JWT ${admin}` },
          });
          expect(download.status).toBe(200);
          expect(download.headers.get('content-type')).toMatch(/^(text\/plain|application\/octet-stream)/);
          expect(await download.text()).toBe(d.content);
        }
      }
    },
    MANY_REQUESTS,
  );

  it(
    'shows a real picture inline where a page shows it, and downloads it as an attachment',
    async () => {
      const shownBy: Record<string, string> = {
        'newsletter-image.image': 'newsletter picture',
        'newsletter-group.logo': 'newsletter picture',
        'listepro-professional.logo': 'directory logo',
        'listepro-reference-image.image': 'directory reference picture',
      };
      for (const target of targets) {
        if (!target.accept?.includes('image/png')) continue;
        const stored = await storeAsBefore(target, PNG, 'logo.png', 'image/png');
        for (const answer of await readEverywhere(stored)) expectInert(answer.where, answer);
        const route = PUBLIC_ROUTES.find((r) => r.route === shownBy[`${target.entity}.${target.property}`]);
        if (route) {
          const shown = await get(route.url(stored), { domain: route.domain });
          expect(shown.status, `${target.entity}.${target.property}`).toBe(200);
          expect(shown.headers.get('content-type')).toBe('image/png');
          expect(shown.headers.get('content-disposition') ?? 'inline').toBe('inline');
        }
        const download = await fetch(`${t.url}/api/v1/${target.apiPath}/${target.pk}/file/${target.property}/`, {
          headers: { Authorization: `JWT ${admin}` },
        });
        expect(download.headers.get('content-type')).toBe('image/png');
        expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
        expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
      }
    },
    MANY_REQUESTS,
  );

  it('sends a newsletter picture only where the newsletters module is on', async () => {
    const target = targets.find((x) => x.entity === 'newsletter-image')!;
    const stored = await storeAsBefore(target, PNG, 'image.png', 'image/png');
    const url = `/api/v1/infolettres/public/image/${stored.key}/`;
    expect((await get(url, { domain: 'localhost' })).status).toBe(200);
    expect((await get(url, { domain: 'annuaire.localhost' })).status).toBe(404);
  });
});
