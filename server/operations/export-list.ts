import ExcelJS from 'exceljs';
import type { RequestContext } from '../context';
import { message } from '../context';
import type { EntityRuntime } from '../../engine/schema/registry';
import type { PropertySchema } from '../../engine/schema/types';
import { HttpError } from '../http/http-error';
import { effectiveEntity } from '../access/effective-entity';
import { rowToRecord, type ApiRecord } from '../db/row-mapper';
import { BOM, csvLine } from '../../engine/export/csv-writer';
import { csvText, exportCell, type ExportCell } from '../../engine/export/export-cell';
import { displayOf } from '../modules/meta/options';
import { entityOf } from './entity-access';
import { find, visibleRows, type ListQuery } from './find';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Relation labels are read this many pks at a time (SQLite's bound-parameter limit is far above). */
const LABEL_BATCH = 500;

/**
 * pk → label of the related records the caller may see, like the list's labels (visibleRows of
 * the target: the same rights and module flag, so an export never names a record the screen
 * would not).
 */
async function relationLabels(ctx: RequestContext, entityName: string, ids: number[]): Promise<Map<number, string>> {
  const labels = new Map<number, string>();
  const target = ctx.app.registry.entities.get(entityName);
  if (!target || ctx.whiteLabel.modules[target.schema['x-entity'].module] === false) return labels;
  if (target.schema['x-entity'].secretLink) return labels;
  for (let i = 0; i < ids.length; i += LABEL_BATCH) {
    const rows = (await visibleRows(ctx, target)
      .selectAll()
      .where('pk' as never, 'in', ids.slice(i, i + LABEL_BATCH) as never)
      .execute()) as Record<string, unknown>[];
    for (const row of rows) {
      const r = rowToRecord(target, row);
      labels.set(r.pk as number, displayOf(target.schema, r));
    }
  }
  return labels;
}

interface Column {
  property: string;
  prop: PropertySchema | undefined;
  title: string;
}

/** The declared columns (default: the list's, after the white label's overlay), without hidden ones. */
async function columnsOf(ctx: RequestContext, entity: EntityRuntime): Promise<Column[]> {
  const effective = await effectiveEntity(ctx.app, entity.name, ctx.whiteLabel);
  const declared = entity.schema['x-entity'].list?.export?.columns ?? effective.listColumns;
  return declared
    .filter((p) => !effective.hidden.has(p) && !effective.schema.properties[p]?.['x-storage']?.private)
    .map((property) => {
      const prop = effective.schema.properties[property];
      return { property, prop, title: prop?.title ?? property };
    });
}

async function cellsOf(ctx: RequestContext, columns: Column[], records: ApiRecord[]): Promise<ExportCell[][]> {
  const labelsByEntity = new Map<string, Map<number, string>>();
  const wanted = new Map<string, Set<number>>();
  for (const c of columns) {
    const rel = c.prop?.['x-relation'];
    if (!rel) continue;
    const set = wanted.get(rel.entity) ?? new Set<number>();
    for (const r of records)
      for (const id of Array.isArray(r[c.property]) ? (r[c.property] as unknown[]) : [r[c.property]])
        if (typeof id === 'number') set.add(id);
    wanted.set(rel.entity, set);
  }
  for (const [name, ids] of wanted) labelsByEntity.set(name, await relationLabels(ctx, name, [...ids]));
  return records.map((r) =>
    columns.map((c) => exportCell(c.prop, r[c.property], labelsByEntity.get(c.prop?.['x-relation']?.entity ?? ''))),
  );
}

function csvFile(columns: Column[], rows: ExportCell[][]): Buffer {
  const parts = [BOM + csvLine(columns.map((c) => c.title))];
  for (const row of rows) parts.push(csvLine(row.map((cell, i) => csvText(columns[i].prop, cell))));
  return Buffer.from(parts.join(''), 'utf8');
}

async function xlsxFile(title: string, columns: Column[], rows: ExportCell[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Plateforme de la rénovation';
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = book.addWorksheet(title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Export');
  sheet.columns = columns.map((c) => ({
    header: c.title,
    key: c.property,
    width: Math.min(50, Math.max(12, c.title.length + 2)),
    style:
      c.prop?.format === 'date'
        ? { numFmt: 'dd/mm/yyyy' }
        : c.prop?.format === 'date-time'
          ? { numFmt: 'dd/mm/yyyy hh:mm' }
          : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  // Typed cells: yes/no as text « Oui »/« Non » (a spreadsheet's TRUE/FALSE reads « VRAI » in
  // French Excel but is filtered as a boolean either way; the words match the CSV), numbers as
  // numbers, dates as dates. Text is never a formula in xlsx: exceljs writes strings as strings.
  for (const row of rows) sheet.addRow(row.map((cell) => (typeof cell === 'boolean' ? (cell ? 'Oui' : 'Non') : cell)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

function today(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(new Date());
}

/**
 * The list of an entity as a file: exactly the rows `GET /api/v1/<path>/` answers for the same
 * query (`q`, filters, sort, period) — the same `find`, so the same rights as SQL, module flag,
 * soft-delete rule — but every page at once.
 */
export async function exportList(
  ctx: RequestContext,
  name: string,
  query: ListQuery,
  format: string,
): Promise<ExportFile> {
  const entity = entityOf(ctx, name);
  const declared = entity.schema['x-entity'].list?.export;
  if (!declared || !declared.formats.includes(format as ExportFormat))
    throw new HttpError(400, 'export_format', message(ctx.app, 'errors.export.format', { format }));
  const { records } = await find(ctx, name, { ...query, page: undefined, perPage: undefined });
  const columns = await columnsOf(ctx, entity);
  const rows = await cellsOf(ctx, columns, records);
  const fileName = `${declared.fileName}-${today()}.${format}`;
  const title = entity.schema['x-entity'].screens?.title ?? entity.schema.title;
  const body = format === 'csv' ? csvFile(columns, rows) : await xlsxFile(title, columns, rows);
  return { body, contentType: CONTENT_TYPES[format as ExportFormat], fileName };
}
