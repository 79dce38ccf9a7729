import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './test-app';

type AppOptions = Parameters<typeof startTestApp>[1];

/**
 * The set-up most API suites share: the real server on a fresh database of `dialect`, started
 * before the suite's tests and closed after them. `receive` hands it to the suite's own variable;
 * a suite's further beforeAll hooks (sign-ins, records) run after this one.
 */
export function appOn(dialect: 'sqlite' | 'postgres', receive: (app: TestApp) => void, options?: AppOptions): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(dialect, options);
    receive(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}

/** Deletes the folders of the demo seed (fixtures/demo/folder.json), for suites that count folders. */
export async function deleteDemoFolders(app: TestApp, adminToken: string): Promise<void> {
  const res = await app.call('/fac/folder/?perPage=100', { token: adminToken });
  for (const f of res.body as { pk: number }[]) {
    const gone = await app.call(`/fac/folder/${f.pk}/`, { method: 'DELETE', token: adminToken });
    if (gone.status >= 300) throw new Error(`demo folder ${f.pk}: ${gone.status}`);
  }
}
