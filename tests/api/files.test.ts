import { describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { DIALECTS } from '../helpers/dialects';
import type { TestApp } from '../helpers/test-app';
import { appOn } from '../helpers/app-suite';
import { fileStorage } from '../../server/storage';
import { purgePendingUploads } from '../../server/storage/purge-pending-uploads';

// Files of `format: file` properties (docs/files.md), on the place's « Plan d'accès »: upload,
// attach on save, download with the record's view right, ZIP of several, limits, and the
// stored files removed once nothing points to them.
describe.each(DIALECTS)('file properties on %s', (dialect) => {
  let t: TestApp;
  appOn(dialect, (app) => {
    t = app;
  });
  const base = '/api/v1/dialogwatt/place';

  async function upload(token: string | null, name: string, content: Buffer | string, type: string) {
    const form = new FormData();
    form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), name);
    const res = await fetch(`${t.url}${base}/file/accessMap/`, {
      method: 'POST',
      headers: token ? { Authorization: `JWT ${token}` } : {},
      body: form,
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  async function download(path: string, token?: string) {
    const res = await fetch(`${t.url}${base}/${path}`, { headers: token ? { Authorization: `JWT ${token}` } : {} });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  async function newPlace(token: string, body: Record<string, unknown> = {}) {
    const res = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token,
      body: { name: `Lieu ${Math.random()}`, groups: [2], ...body },
    });
    expect(res.status).toBe(201);
    return res.body as { pk: number; accessMap: unknown };
  }

  async function pendingCount() {
    const row = await t.app.database.db
      .selectFrom('file_upload')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  const pdf = (text: string) => Buffer.from(`%PDF-1.4\n${text}\n%%EOF\n`);

  it('uploads, attaches on save and downloads with the original name, type and nosniff', async () => {
    const token = await t.login('conseiller@demo.fr');
    const up = await upload(token, 'Plan d’accès été.pdf', pdf('plan A'), 'application/pdf');
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({
      name: 'Plan d’accès été.pdf',
      size: pdf('plan A').length,
      contentType: 'application/pdf',
    });
    expect(up.body.key).toMatch(/^[0-9a-f-]{36}$/);
    // The client's claims about the file are ignored: the upload's own metadata is stored.
    const place = await newPlace(token, { accessMap: { ...up.body, name: 'autre.exe', size: 1 } });
    expect(place.accessMap).toEqual(up.body);
    expect(await pendingCount()).toBe(0);

    const got = await download(`${place.pk}/file/accessMap/`, token);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(pdf('plan A'))).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''Plan%20d%E2%80%99acc%C3%A8s%20%C3%A9t%C3%A9.pdf`,
    );
    // The detail sends the reference back; saving it unchanged keeps the file.
    const same = await t.call(`/dialogwatt/place/${place.pk}/`, {
      method: 'PATCH',
      token,
      body: { accessMap: place.accessMap, city: 'Grenoble' },
    });
    expect(same.status).toBe(200);
    expect(same.body.accessMap).toEqual(up.body);
    expect(await fileStorage(t.app).exists(up.body.key)).toBe(true);
  });

  it('refuses downloads to whoever may not view the record (401, 403, 404)', async () => {
    const token = await t.login('conseiller@demo.fr');
    const up = await upload(token, 'plan.pdf', pdf('hidden'), 'application/pdf');
    const place = await newPlace(token, { isActive: false, accessMap: up.body });
    // An inactive place is for the staff only.
    expect((await download(`${place.pk}/file/accessMap/`)).status).toBe(401);
    const pro = await t.login('pro@demo.fr');
    const refused = await download(`${place.pk}/file/accessMap/`, pro);
    expect(refused.status).toBe(403);
    expect(refused.bytes.toString()).not.toContain('hidden');
    expect((await download(`999999/file/accessMap/`, token)).status).toBe(404);
    // A property that is no file, and a place without a file.
    expect((await download(`${place.pk}/file/name/`, token)).status).toBe(404);
    const bare = await newPlace(token);
    const none = await download(`${bare.pk}/file/accessMap/`, token);
    expect(none.status).toBe(404);
    expect(JSON.parse(none.bytes.toString()).message).toBe("Ce fichier n'existe pas ou n'est plus disponible.");
  });

  it('accepts uploads only from callers who may create or change places, and only of the declared types', async () => {
    expect((await upload(null, 'plan.pdf', pdf('x'), 'application/pdf')).status).toBe(401);
    expect((await upload(await t.login('pro@demo.fr'), 'plan.pdf', pdf('x'), 'application/pdf')).status).toBe(403);
    const token = await t.login('conseiller@demo.fr');
    const before = await pendingCount();
    const exe = await upload(token, 'outil.exe', 'MZ', 'application/x-msdownload');
    expect(exe.status).toBe(400);
    expect(exe.body.errors[0]).toMatchObject({ path: 'file', code: 'file_type' });
    expect(exe.body.errors[0].message).toBe(
      "Ce type de fichier n'est pas accepté " + '(formats acceptés : .pdf, .png, .jpg, .jpeg).',
    );
    const empty = await upload(token, 'vide.pdf', '', 'application/pdf');
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].message).toBe('Ce fichier est vide.');
    expect(await pendingCount()).toBe(before);
  });

  it('answers 413 with the French message past the size limit, and keeps nothing', async () => {
    const token = await t.login('conseiller@demo.fr');
    const storage = fileStorage(t.app) as unknown as { root: string };
    const { readdirSync, existsSync } = await import('node:fs');
    const countFiles = () =>
      existsSync(storage.root)
        ? readdirSync(storage.root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
        : 0;
    const files = countFiles();
    const pending = await pendingCount();
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x41);
    const res = await upload(token, 'gros.pdf', big, 'application/pdf');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Erreur. Le document envoyé est trop volumineux.');
    expect(res.body.errors[0].message).toBe('Ce fichier est trop volumineux (taille maximale : 5 Mo).');
    expect(await pendingCount()).toBe(pending);
    expect(countFiles()).toBe(files);
  });

  it('refuses a reference the caller did not upload for this field', async () => {
    const token = await t.login('conseiller@demo.fr');
    const up = await upload(token, 'plan.pdf', pdf('mine'), 'application/pdf');
    const owner = await newPlace(token, { accessMap: up.body });
    // Another place pointing at the same file, and a made-up key: both refused.
    const neighbour = await t.login('conseiller.voisin@demo.fr');
    const copy = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token: neighbour,
      body: { name: 'Copie', groups: [3], accessMap: owner.accessMap },
    });
    expect(copy.status).toBe(400);
    expect(copy.body.errors).toContainEqual(
      expect.objectContaining({
        path: 'accessMap',
        message: "Ce fichier n'a pas été envoyé ou a déjà servi. Choisissez-le de nouveau.",
      }),
    );
    const forged = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token,
      body: {
        name: 'Faux',
        groups: [2],
        accessMap: {
          key: '0f8fad5b-d9cb-469f-a165-70867728950e',
          name: 'a.pdf',
          size: 1,
          contentType: 'application/pdf',
        },
      },
    });
    expect(forged.status).toBe(400);
    // Someone else's pending upload cannot be claimed either.
    const theirs = await upload(neighbour, 'plan.pdf', pdf('theirs'), 'application/pdf');
    const claim = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token,
      body: { name: 'Vol', groups: [2], accessMap: theirs.body },
    });
    expect(claim.status).toBe(400);
  });

  it('gives several files as one ZIP, each record checked against view', async () => {
    const token = await t.login('conseiller@demo.fr');
    const a = await newPlace(token, { accessMap: (await upload(token, 'plan.pdf', pdf('A'), 'application/pdf')).body });
    const b = await newPlace(token, { accessMap: (await upload(token, 'plan.pdf', pdf('B'), 'application/pdf')).body });
    const c = await newPlace(token); // no file: skipped
    const zip = await download(`file/accessMap/zip/?pk=${a.pk},${b.pk},${c.pk}`, token);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toContain('lieux.zip');
    const entries = unzipSync(new Uint8Array(zip.bytes));
    expect(Object.keys(entries).sort()).toEqual(['plan (2).pdf', 'plan.pdf']);
    expect(strFromU8(entries['plan.pdf']!)).toBe(pdf('A').toString());
    expect(strFromU8(entries['plan (2).pdf']!)).toBe(pdf('B').toString());

    const hidden = await newPlace(token, {
      isActive: false,
      accessMap: (await upload(token, 'x.pdf', pdf('H'), 'application/pdf')).body,
    });
    const pro = await t.login('pro@demo.fr');
    expect((await download(`file/accessMap/zip/?pk=${a.pk},${hidden.pk}`, pro)).status).toBe(403);
    expect((await download(`file/accessMap/zip/?pk=${a.pk}`, pro)).status).toBe(200);
    expect((await download(`file/accessMap/zip/?pk=abc`, token)).status).toBe(400);
  });

  it('removes uploads never attached once FILE_PENDING_HOURS have passed, and only those', async () => {
    const token = await t.login('conseiller@demo.fr');
    const old = (await upload(token, 'oublié.pdf', pdf('old'), 'application/pdf')).body;
    const fresh = (await upload(token, 'récent.pdf', pdf('fresh'), 'application/pdf')).body;
    await t.app.database.db
      .updateTable('file_upload')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('file_key', '=', old.key)
      .execute();
    expect(await purgePendingUploads(t.app)).toBe(1);
    expect(await fileStorage(t.app).exists(old.key)).toBe(false);
    expect(await fileStorage(t.app).exists(fresh.key)).toBe(true);
    const late = await t.call('/dialogwatt/place/', {
      method: 'POST',
      token,
      body: { name: 'Tard', groups: [2], accessMap: old },
    });
    expect(late.status).toBe(400);
    expect((await newPlace(token, { accessMap: fresh })).accessMap).toEqual(fresh);
  });

  it('removes the stored file after a replacement or a delete commits, never after a refused save', async () => {
    const token = await t.login('conseiller@demo.fr');
    const first = (await upload(token, 'v1.pdf', pdf('v1'), 'application/pdf')).body;
    const place = await newPlace(token, { accessMap: first });
    const second = (await upload(token, 'v2.pdf', pdf('v2'), 'application/pdf')).body;
    // A refused save (name too long) changes nothing: the old file stays, the upload stays pending.
    const refused = await t.call(`/dialogwatt/place/${place.pk}/`, {
      method: 'PATCH',
      token,
      body: { accessMap: second, name: 'x'.repeat(500) },
    });
    expect(refused.status).toBe(400);
    expect(await fileStorage(t.app).exists(first.key)).toBe(true);
    const replaced = await t.call(`/dialogwatt/place/${place.pk}/`, {
      method: 'PATCH',
      token,
      body: { accessMap: second },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.accessMap.name).toBe('v2.pdf');
    expect(await fileStorage(t.app).exists(first.key)).toBe(false);
    expect((await download(`${place.pk}/file/accessMap/`, token)).bytes.equals(pdf('v2'))).toBe(true);

    const cleared = await t.call(`/dialogwatt/place/${place.pk}/`, {
      method: 'PATCH',
      token,
      body: { accessMap: null },
    });
    expect(cleared.body.accessMap).toBeNull();
    expect(await fileStorage(t.app).exists(second.key)).toBe(false);

    const third = (await upload(token, 'v3.pdf', pdf('v3'), 'application/pdf')).body;
    await t.call(`/dialogwatt/place/${place.pk}/`, { method: 'PATCH', token, body: { accessMap: third } });
    expect(await fileStorage(t.app).exists(third.key)).toBe(true);
    expect((await t.call(`/dialogwatt/place/${place.pk}/`, { method: 'DELETE', token })).status).toBe(200);
    expect(await fileStorage(t.app).exists(third.key)).toBe(false);
  });
});
