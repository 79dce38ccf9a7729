import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadDeclarationFiles, toDeclarations, SCHEMAS_DIR } from '../server/schema/load-declarations';
import { buildRegistry } from '../engine/schema/registry';
import { checkDeclarations } from '../engine/schema/check-declarations';
import { validateAgainstMetaSchemas } from './validate-meta';
import { generateTypes } from './gen-types';
import { generateDbTypes } from './gen-db';
import { migrationFiles } from './gen-migrations';
import { generateServerRoutes } from './gen-routes';
import { generateClientManifest } from './gen-manifest';
import { generateOpenApi } from './gen-openapi';
import { CHECK_ONLY, json, stale, writeIfChanged } from './write-file';

const ROOT = resolve(import.meta.dirname, '..');
export const MIGRATIONS_DIR = join(ROOT, 'server/generated/migrations');

/** Checks the declarations, then writes every generated file (only those whose content changes). */
export async function generate(root = ROOT): Promise<number> {
  const schemasDir = join(root, 'schemas');
  const files = loadDeclarationFiles(schemasDir);
  const problems = validateAgainstMetaSchemas(files, schemasDir);
  const declarations = toDeclarations(files);
  if (problems.length === 0) problems.push(...checkDeclarations(declarations));
  // Hooks are code registered by name: every name a schema uses must exist.
  const { namedHooks: hooks } = await import('../server/hooks');
  for (const e of declarations.entities) {
    for (const h of e['x-entity'].hooks ?? [])
      if (!hooks[h])
        problems.push(`entity ${e['x-entity'].name}: hook "${h}" is not registered in server/hooks/index.ts`);
  }
  if (problems.length) {
    console.error(`The schema files have ${problems.length} problem(s):`);
    for (const p of problems) console.error(`  - ${p}`);
    return 1;
  }
  const registry = buildRegistry(declarations);
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  let changed = 0;
  const out = (file: string, content: string) => {
    if (writeIfChanged(join(root, file), content)) changed += 1;
  };
  out('engine/generated/types.ts', await generateTypes(registry));
  out('server/generated/db.ts', generateDbTypes(registry));
  out('server/generated/routes.ts', generateServerRoutes(registry));
  out('client/generated/manifest.ts', generateClientManifest(registry));
  out('server/generated/openapi.json', generateOpenApi(registry, schemasDir, version));
  for (const m of migrationFiles(registry, join(root, 'server/generated/migrations')))
    out(`server/generated/migrations/${m.file}`, json(m.content));
  if (CHECK_ONLY) {
    if (stale.length) {
      console.error(
        `Generated files are stale (run \`npm run generate\` and commit):\n${stale.map((f) => `  - ${f}`).join('\n')}`,
      );
      return 1;
    }
    console.log('Generated files match the schemas.');
    return 0;
  }
  console.log(changed ? `Generated ${changed} file(s).` : 'Generated files are up to date.');
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  generate().then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}

export { SCHEMAS_DIR };
