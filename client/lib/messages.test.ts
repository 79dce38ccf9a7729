import { describe, expect, it } from 'vitest';
import { t } from './messages';

describe('catalogue texts with a count', () => {
  it('agree with the count the French way: 0 and 1 singular', () => {
    expect(t('ui.count_items', { count: 0 })).toBe('0 élément');
    expect(t('ui.count_items', { count: 1 })).toBe('1 élément');
    expect(t('ui.count_items', { count: 1234 })).toBe('1234 éléments');
    expect(t('ui.messages_unread', { count: 1 })).toBe('1 message non lu');
    expect(t('ui.cti_results', { count: 0, phone: '0476000000' })).toBe('0 correspondance pour le 0476000000');
    expect(t('address.results', { count: 12 })).toContain('12 suggestions');
  });
});

describe('the browser catalogue', () => {
  it('holds every key the client code names literally in t()', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join, resolve } = await import('node:path');
    const { catalogue } = await import('./messages');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
      );
    const missing = new Set<string>();
    for (const file of files(resolve(import.meta.dirname, '..')))
      for (const [, key] of readFileSync(file, 'utf8').matchAll(/\bt\('([a-z][\w.-]*)'/g))
        if (!(key in catalogue) && !(`${key}_one` in catalogue)) missing.add(key);
    // The list-of-objects texts (« Ajouter : paroi ») were missing once: the form showed the fallback error.
    expect([...missing]).toEqual([]);
  });
});

/**
 * Message files only the server uses: its answers carry the French text itself, so the browser never looks these
 * keys up, and they stay out of the public pages' first load.
 */
const SERVER_ONLY = [
  'booking-admin.json',
  'follow-up-pivot.json',
  'national-platform.json',
  'outbound.json',
  'simulators-api.json',
  'workflow.json',
];

describe('every message file of schemas/messages/fr/', () => {
  // Issue 28 row 14: experiences.json was read by the server but not by the browser, whose screens then showed
  // « Erreur, cette valeur n'est pas valide » in place of their empty state and button labels.
  it('is loaded by the server and reached by the client, unless only the server uses it', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join, resolve } = await import('node:path');
    const { loadDeclarations } = await import('../../server/schema/load-declarations');
    const { catalogue } = await import('./messages');
    const dir = resolve(import.meta.dirname, '../../schemas/messages/fr');
    const server = loadDeclarations().messages;
    const clientSources = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? clientSources(join(d, e.name)) : /\.tsx?$/.test(e.name) ? [join(d, e.name)] : [],
      );
    const sources = clientSources(resolve(import.meta.dirname, '..'))
      .filter((f) => !f.endsWith('.test.ts'))
      .map((f) => readFileSync(f, 'utf8'));
    const schemaDir = resolve(import.meta.dirname, '../../schemas');
    const declarations = readdirSync(schemaDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json') && !f.startsWith('messages'))
      .map((f) => readFileSync(join(schemaDir, f), 'utf8'));
    const notServer: string[] = [];
    const notClient: string[] = [];
    const namedByClient: string[] = [];
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const keys = Object.keys(JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, string>);
      if (keys.some((k) => !(k in server))) notServer.push(name);
      if (SERVER_ONLY.includes(name)) {
        // A server-only key named by the browser's code or by a declaration it reads would show the fallback.
        for (const k of keys) if ([...sources, ...declarations].some((s) => s.includes(k))) namedByClient.push(k);
        continue;
      }
      // In the shared catalogue, or imported by the screen that uses it (kept out of the first visit).
      const inCatalogue = keys.every((k) => k in catalogue);
      const importedByScreen = sources.some((s) => s.includes(`schemas/messages/fr/${name}'`));
      if (!inCatalogue && !importedByScreen) notClient.push(name);
    }
    expect(notServer).toEqual([]);
    expect(notClient).toEqual([]);
    expect(namedByClient).toEqual([]);
    expect(t('ui.experiences.explanation_empty')).toBe("Cette page n'a pas encore été écrite.");
  });
});
