import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generate } from './index';

const ROOT = resolve(import.meta.dirname, '..');

/** A copy of the project's schemas with one place property changed, and what `generate` says about it. */
async function generateWithPlaceProperty(name: string, change: (prop: Record<string, unknown>) => void) {
  const root = mkdtempSync(join(tmpdir(), 'generate-'));
  try {
    cpSync(join(ROOT, 'schemas'), join(root, 'schemas'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(root, 'package.json'));
    const file = join(root, 'schemas/entities/place.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { properties: Record<string, Record<string, unknown>> };
    change(schema.properties[name]);
    writeFileSync(file, JSON.stringify(schema, null, 2));
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args.join(' '));
    });
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const code = await generate(root);
    return { code, errors: errors.join('\n') };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('npm run generate refuses what record validation would not enforce', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it(
    'a keyword outside the supported list (multipleOf) fails generation, ' + 'naming the file and the keyword',
    async () => {
      const { code, errors } = await generateWithPlaceProperty('lat', (p) => {
        p.multipleOf = 0.5;
      });
      expect(code).toBe(1);
      expect(errors).toContain('schemas/entities/place.schema.json: /properties/lat: "multipleOf" is not allowed here');
    },
  );

  it('a pattern RE2 cannot run (look-ahead) fails generation', async () => {
    const { code, errors } = await generateWithPlaceProperty('postcode', (p) => {
      p.pattern = '^(?=[0-9])[0-9]{5}$';
    });
    expect(code).toBe(1);
    expect(errors).toMatch(
      /entity place: the record schema does not compile for validation \(.*unsupported Perl syntax/,
    );
  });
});
