import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

/**
 * Writes the metropolitan department codes and their French names into the `department` property
 * of schemas/entities/actimmo-department.schema.json (`enum` and `x-enum-labels`).
 *
 * A schema file is data, read as it is by the generator, the server and the browser: it cannot
 * import @etalab/decoupage-administratif. So the list is written into the file once, from the
 * package's official data (INSEE's geographic code), by this script:
 *
 *   npx tsx scripts/actimmo-departments.ts           rewrite the enum (after a package update)
 *   npx tsx scripts/actimmo-departments.ts --check   exit 1 when the file differs from the data
 *
 * Metropolitan departments are the package's `zone: "metro"` ones: 96 codes, 01 to 95 with 2A and
 * 2B instead of 20, in the package's order (Corsica after 19… 29, as INSEE sorts them).
 */

export const SCHEMA_FILE = resolve(import.meta.dirname, '../schemas/entities/actimmo-department.schema.json');

interface RawDepartement {
  code: string;
  nom: string;
  zone: string;
}

export function metropolitanDepartments(): { code: string; name: string }[] {
  const file = createRequire(import.meta.url).resolve('@etalab/decoupage-administratif/data/departements.json');
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RawDepartement[];
  return raw.filter((d) => d.zone === 'metro').map((d) => ({ code: d.code, name: d.nom }));
}

/** The schema file's text with the department enum replaced (2-space JSON, like `npm run generate` reads it). */
export function withDepartments(schemaText: string, departments: { code: string; name: string }[]): string {
  const schema = JSON.parse(schemaText) as { properties: Record<string, Record<string, unknown>> };
  const property = schema.properties.department;
  if (!property) throw new Error('actimmo-department.schema.json has no "department" property');
  property.enum = departments.map((d) => d.code);
  property['x-enum-labels'] = Object.fromEntries(departments.map((d) => [d.code, d.name]));
  return `${JSON.stringify(schema, null, 2)}\n`;
}

function main(): void {
  const current = readFileSync(SCHEMA_FILE, 'utf8');
  const departments = metropolitanDepartments();
  const next = withDepartments(current, departments);
  if (process.argv.includes('--check')) {
    if (next !== current) {
      console.error(`${SCHEMA_FILE} is not up to date: run npx tsx scripts/actimmo-departments.ts`);
      process.exit(1);
    }
    console.log(`${departments.length} metropolitan departments: the schema is up to date.`);
    return;
  }
  writeFileSync(SCHEMA_FILE, next);
  console.log(`${departments.length} metropolitan departments written into ${SCHEMA_FILE}`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
