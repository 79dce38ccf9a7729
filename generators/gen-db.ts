import type { Registry } from '../engine/schema/registry';
import type { ColumnKind } from '../engine/schema/columns';
import { toPascal } from '../engine/schema/naming';
import { searchSpec } from '../engine/schema/search-column';
import { globalSearchSpec } from '../engine/schema/global-search-column';
import { TS_BANNER } from './banner';

const TS_TYPE: Record<ColumnKind, string> = {
  text: 'string | null',
  integer: 'number | null',
  real: 'number | null',
  // Booleans are stored as 0/1 on both SQLite and PostgreSQL so that queries are identical.
  boolean: 'number | null',
  // TEXT on SQLite, JSONB on PostgreSQL: the row mapper parses either.
  json: 'JsonColumn | null',
};

/** The Kysely `Database` interface of the entity tables (system tables are typed in server/db/system-tables.ts). */
export function generateDbTypes(registry: Registry): string {
  const lines = [TS_BANNER, "import type { Generated } from 'kysely';", '', 'export type JsonColumn = unknown;', ''];
  const tables = [...registry.entities.values()].sort((a, b) =>
    a.schema['x-entity'].table.localeCompare(b.schema['x-entity'].table),
  );
  for (const e of tables) {
    lines.push(`export interface ${toPascal(e.schema['x-entity'].table)}Table {`);
    for (const c of e.columns) lines.push(`  ${c.column}: ${c.primaryKey ? 'Generated<number>' : TS_TYPE[c.kind]};`);
    const search = searchSpec(e);
    if (search) lines.push(`  ${search.column}: string | null;`);
    const globalSearch = globalSearchSpec(e);
    if (globalSearch) lines.push(`  ${globalSearch.column}: string | null;`);
    lines.push('}', '');
  }
  lines.push('export interface EntityDatabase {');
  for (const e of tables) lines.push(`  ${e.schema['x-entity'].table}: ${toPascal(e.schema['x-entity'].table)}Table;`);
  lines.push('}', '');
  return lines.join('\n');
}
