import { sql } from 'kysely';
import type { RequestContext } from '../../context';
import { message } from '../../context';
import type { ImportColumn, ImportDeclaration } from '../../../engine/schema/types';
import type { EntityRuntime } from '../../../engine/schema/registry';
import { HttpError, ValidationError } from '../../http/http-error';
import { inTransaction } from '../../db/transaction';
import { rowToRecord, type ApiRecord } from '../../db/row-mapper';
import { effectiveEntity } from '../../access/effective-entity';
import { assertMayEverDo, assertModuleEnabled, entityOf } from '../../operations/entity-access';
import { visibleRows } from '../../operations/find';
import { create } from '../../operations/write';
import { displayOf } from '../meta/options';
import { recordLabel } from '../../../engine/schema/record-label';
import { mapHeaders } from '../../../engine/import/map-headers';
import { normaliseLabel, parseCell, type RelationIndex } from '../../../engine/import/parse-cell';
import type { FileTable } from './read-table';
import { importHook } from './import-hooks';

export type ImportMode = 'preview' | 'confirm';
export type LineOutcome = 'create' | 'created' | 'skipped' | 'refused';

export interface ImportLine {
  line: number;
  outcome: LineOutcome;
  reason?: string;
  cells: string[];
}

export interface ImportResult {
  mode: ImportMode;
  headers: string[];
  lines: ImportLine[];
  counts: Record<'create' | 'skipped' | 'refused', number>;
}

export const MAX_IMPORT_LINES = 50_000;

/** Thrown to roll back the preview's transaction once every line has been tried. */
class PreviewDone extends Error {}

/** Thrown when a line fails at write time during the confirmation: the whole import rolls back. */
class ImportFailed extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export function importMappingOf(ctx: RequestContext, entity: string): ImportDeclaration {
  const mapping = (ctx.app.registry.declarations.imports ?? []).find((i) => i.entity === entity);
  if (!mapping) throw new HttpError(404, 'import_not_available', message(ctx.app, 'errors.import.not_available'));
  return mapping;
}

/** The records of a relation's target the caller may see, by normalised label. */
async function relationIndex(ctx: RequestContext, target: EntityRuntime, matchBy?: string): Promise<RelationIndex> {
  const index: RelationIndex = new Map();
  const rows = (await visibleRows(ctx, target).selectAll().execute()) as Record<string, unknown>[];
  for (const row of rows) {
    const r = rowToRecord(target, row);
    // The full label is what an export writes (« Élodie Garnier »); the display value alone (« Garnier »)
    // is what a file typed by hand often holds, and what exports wrote before labels were declared.
    const labels = matchBy
      ? [String(r[matchBy] ?? '')]
      : [displayOf(target.schema, r), String(r[target.schema['x-entity'].display] ?? '')];
    for (const key of new Set(labels.filter((l) => l !== '').map(normaliseLabel)))
      index.set(key, [...(index.get(key) ?? []), r.pk as number]);
  }
  return index;
}

function keyPart(value: unknown): string {
  if (Array.isArray(value)) return value.map(keyPart).sort().join('\u0001');
  if (typeof value === 'string') return normaliseLabel(value);
  return JSON.stringify(value ?? null);
}

const keyOf = (record: ApiRecord, key: string[]) => key.map((k) => keyPart(record[k])).join('\u0000');

/** « Nom = Zone A, Structure = Agence » from the line's own cells, for the skipped lines' reason. */
function keyText(columns: (ImportColumn | null)[], cells: string[], key: string[]): string {
  return key
    .map((k) => {
      const i = columns.findIndex((c) => c?.property === k);
      return i < 0 ? null : `${columns[i]!.header} = ${(cells[i] ?? '').trim()}`;
    })
    .filter(Boolean)
    .join(', ');
}

/**
 * A refused create as one French sentence: who the line is (« Jean Dupont — »), then each field's
 * title, the value the file gave (« Courriel « jean@ » : … ») and the message, so the person fixing
 * the file finds the cell without opening the preview's row.
 */
function reasonOf(
  ctx: RequestContext,
  titles: Record<string, string>,
  err: unknown,
  line: { name: string; input: Record<string, unknown> } = { name: '', input: {} },
): string | undefined {
  if (err instanceof ValidationError && err.errors?.length) {
    const shown = (v: unknown) =>
      typeof v === 'string' && v.trim() ? ` « ${v.trim().slice(0, 60)} »` : typeof v === 'number' ? ` « ${v} »` : '';
    const text = err.errors
      .map((e) => {
        if (!e.path) return e.message;
        const field = e.path.split('.')[0]!;
        return `${titles[field] ?? field}${shown(line.input[field])} : ${e.message}`;
      })
      .join(' ');
    return line.name ? `${line.name} — ${text}` : text;
  }
  if (err instanceof HttpError) return err.message;
  void ctx;
  return undefined;
}

/**
 * Preview or confirm an import. Both do the same work line by line inside ONE transaction —
 * read the cells, the mapping's hook, skip duplicates (in the file, or a record the caller
 * already sees with the same key), then the generic create (defaults, hooks, validation, the
 * create right on this record) — so the preview's verdicts are exactly the confirmation's:
 * - preview: each line's create runs inside a savepoint (a database error refuses that line
 *   only), and the transaction is rolled back at the end: nothing is written;
 * - confirm: the lines refused or skipped are reported and not written; any other failure (a
 *   database constraint at write time) rolls the whole import back and is answered as an error.
 */
export async function runImport(
  ctx: RequestContext,
  entityName: string,
  table: FileTable,
  mode: ImportMode,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportResult> {
  const mapping = importMappingOf(ctx, entityName);
  const entity = entityOf(ctx, entityName);
  assertModuleEnabled(ctx, entity);
  assertMayEverDo(ctx, entity, 'create');
  if (table.headers.length === 0 || table.rows.length === 0)
    throw new HttpError(400, 'import_empty', message(ctx.app, 'errors.import.empty_file'));
  if (table.rows.length > MAX_IMPORT_LINES)
    throw new HttpError(
      400,
      'import_too_large',
      message(ctx.app, 'errors.import.too_many_lines', { count: table.rows.length, max: MAX_IMPORT_LINES }),
    );
  // The white label's titles: what its exports write as headers.
  const effective = await effectiveEntity(ctx.app, entityName, ctx.whiteLabel);
  const titles = Object.fromEntries(Object.entries(effective.schema.properties).map(([k, p]) => [k, p.title]));
  const headers = mapHeaders(table.headers, mapping, titles);
  const expected = mapping.columns.map((c) => `« ${c.header} »`).join(', ');
  if (headers.missing.length)
    throw new HttpError(
      400,
      'import_columns',
      message(ctx.app, 'errors.import.missing_columns', {
        columns: headers.missing.map((h) => `« ${h} »`).join(', '),
        expected,
      }),
    );
  if (headers.unknown.length || headers.repeated.length)
    throw new HttpError(
      400,
      'import_columns',
      message(ctx.app, 'errors.import.unknown_columns', {
        columns: [...headers.unknown, ...headers.repeated].map((h) => `« ${h} »`).join(', '),
        expected,
      }),
    );

  const relations = new Map<string, { index: RelationIndex; label: string; feminine: boolean }>();
  for (const c of mapping.columns) {
    const rel = effective.schema.properties[c.property]?.['x-relation'];
    const target = rel && ctx.app.registry.entities.get(rel.entity);
    if (target && !relations.has(c.property))
      relations.set(c.property, {
        index: await relationIndex(ctx, target, c.matchBy),
        label: target.schema['x-entity'].labels.singular,
        feminine: Boolean(target.schema['x-entity'].labels.feminine),
      });
  }
  // Records already there: the ones the caller sees (a record of another structure is not a duplicate
  // of theirs, and its existence is not disclosed).
  const existing = new Set<string>();
  for (const row of (await visibleRows(ctx, entity).selectAll().execute()) as Record<string, unknown>[])
    existing.add(keyOf(rowToRecord(entity, row), mapping.duplicateKey));
  const hook = importHook(mapping.hook);
  if (mapping.hook && !hook) throw new Error(`import ${entityName}: hook ${mapping.hook} is not registered`);

  const lines: ImportLine[] = [];
  const total = table.rows.length;
  const run = async (tctx: RequestContext) => {
    const seen = new Map<string, number>();
    let done = 0;
    for (const { line, cells } of table.rows) {
      const input: ApiRecord = { ...structuredClone(mapping.defaults ?? {}) };
      const problems: string[] = [];
      headers.columns.forEach((c, i) => {
        if (!c) return;
        const prop = effective.schema.properties[c.property];
        const parsed = parseCell(prop, cells[i] ?? '', c, relations.get(c.property));
        if (!parsed.ok)
          problems.push(`${table.headers[i].trim()} : ${message(ctx.app, parsed.problem.key, parsed.problem.params)}`);
        else if (parsed.value !== undefined) input[c.property] = parsed.value;
      });
      const outcome = await lineOutcome(tctx, line, cells, input, problems, seen);
      lines.push({ line, cells, ...outcome });
      done += 1;
      if (onProgress && (done % 200 === 0 || done === total)) onProgress(done, total);
    }
  };
  const lineOutcome = async (
    tctx: RequestContext,
    line: number,
    cells: string[],
    input: ApiRecord,
    problems: string[],
    seen: Map<string, number>,
  ): Promise<{ outcome: LineOutcome; reason?: string }> => {
    if (problems.length) return { outcome: 'refused', reason: problems.join(' ') };
    if (hook) await hook(tctx, input);
    const key = keyOf(input, mapping.duplicateKey);
    const text = keyText(headers.columns, cells, mapping.duplicateKey);
    const earlier = seen.get(key);
    if (earlier !== undefined)
      return {
        outcome: 'skipped',
        reason: message(ctx.app, 'import.reason.duplicate_in_file', { line: earlier, key: text }),
      };
    if (existing.has(key))
      return { outcome: 'skipped', reason: message(ctx.app, 'import.reason.existing', { key: text }) };
    seen.set(key, line);
    const db = tctx.app.database.db;
    if (mode === 'preview') await sql`savepoint import_line`.execute(db);
    try {
      await create(tctx, entityName, input);
      if (mode === 'preview') await sql`release savepoint import_line`.execute(db);
      return { outcome: mode === 'preview' ? 'create' : 'created' };
    } catch (err) {
      const reason = reasonOf(ctx, titles, err, { name: recordLabel(effective.schema, input), input });
      if (mode === 'preview') {
        await sql`rollback to savepoint import_line`.execute(db);
        return { outcome: 'refused', reason: reason ?? message(ctx.app, 'import.reason.write_failed') };
      }
      if (reason !== undefined) return { outcome: 'refused', reason };
      ctx.app.logger.warn({ err, line }, 'import: write failed, rolled back');
      throw new ImportFailed(line, message(ctx.app, 'import.reason.write_failed'));
    }
  };

  try {
    // Bulk: the duplicates of the imported records are looked for once, after the import; the
    // rows the lines point to are read once for the whole import.
    await inTransaction({ ...ctx, bulk: true }, async (tctx) => {
      await run({ ...tctx, relationRows: new Map() });
      if (mode === 'preview') throw new PreviewDone();
    });
  } catch (err) {
    if (err instanceof ImportFailed)
      throw new HttpError(
        409,
        'import_failed',
        message(ctx.app, 'errors.import.failed', { line: err.line, reason: capitalised(err.reason) }),
      );
    if (!(err instanceof PreviewDone)) throw err;
  }
  const counts = { create: 0, skipped: 0, refused: 0 };
  for (const l of lines) counts[l.outcome === 'created' ? 'create' : l.outcome] += 1;
  return { mode, headers: table.headers, lines, counts };
}

const capitalised = (s: string) => s.charAt(0).toLocaleUpperCase('fr') + s.slice(1);
