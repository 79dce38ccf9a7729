import express, { Router } from 'express';
import type { AppContext } from '../../context';
import { message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError } from '../../http/http-error';
import { toCsv } from '../../../engine/export/csv-writer';
import { assertModuleEnabled, assertMayEverDo, entityOf } from '../../operations/entity-access';
import { isXlsx, readCsv, readXlsx, type FileTable } from './read-table';
import { importMappingOf, runImport, type ImportMode } from './run-import';

const BASE = '/api/v1/import/:entity/';
/** A 50,000-line file of a dozen columns stays well under this. */
const MAX_FILE = '25mb';

export async function readTable(app: AppContext, body: unknown): Promise<FileTable> {
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw new HttpError(400, 'import_empty', message(app, 'errors.import.empty_file'));
  try {
    return isXlsx(body) ? await readXlsx(body) : readCsv(body);
  } catch (e) {
    throw new HttpError(
      400,
      'import_unreadable',
      message(app, 'errors.import.unreadable', { reason: (e as Error).message }),
    );
  }
}

/**
 * Generic import of an entity that has a mapping file (schemas/imports/<entity>.import.json):
 * - `GET  /api/v1/import/<entity>/`: the mapping's columns (for the screen) — the create right;
 * - `GET  /api/v1/import/<entity>/modele.csv`: an empty template with the expected headers;
 * - `POST /api/v1/import/<entity>/?mode=preview|confirm`: the file as the body (CSV or xlsx,
 *   any content type), answered with every line's outcome. With `Accept: application/x-ndjson`
 *   the answer is streamed as lines: `{"progress":{"done","total"}}`… then `{"result":…}` or
 *   `{"error":…}` (the screen's progress bar); an error found before the first line (columns,
 *   rights) is a plain JSON error with its status either way.
 */
export function importRouter(app: AppContext): Router {
  const router = Router();
  const gate = (req: express.Request) => {
    const mapping = importMappingOf(req.ctx, String(req.params.entity));
    const entity = entityOf(req.ctx, mapping.entity);
    assertModuleEnabled(req.ctx, entity);
    assertMayEverDo(req.ctx, entity, 'create');
    return mapping;
  };
  router.get(
    BASE,
    asyncHandler(async (req, res) => {
      const mapping = gate(req);
      res.json({
        entity: mapping.entity,
        columns: mapping.columns.map((c) => ({
          header: c.header,
          aliases: c.aliases ?? [],
          required: Boolean(c.required),
        })),
        duplicateKey: mapping.duplicateKey,
      });
    }),
  );
  router.get(
    `${BASE}modele.csv`,
    asyncHandler(async (req, res) => {
      const mapping = gate(req);
      res
        .set('Content-Type', 'text/csv; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="modele-import-${mapping.entity}.csv"`)
        .send(
          toCsv(
            mapping.columns.map((c) => c.header),
            [],
          ),
        );
    }),
  );
  router.post(
    BASE,
    express.raw({ type: () => true, limit: MAX_FILE }),
    asyncHandler(async (req, res) => {
      // The rights first: a caller who may not import learns nothing from how the request is wrong.
      const mapping = gate(req);
      const mode = req.query.mode;
      if (mode !== 'preview' && mode !== 'confirm')
        throw new HttpError(400, 'import_mode', message(app, 'errors.import.mode'));
      const table = await readTable(app, req.body);
      if (!(req.get('accept') ?? '').includes('application/x-ndjson')) {
        res.json(await runImport(req.ctx, mapping.entity, table, mode as ImportMode));
        return;
      }
      let streaming = false;
      const write = (line: unknown) => res.write(`${JSON.stringify(line)}\n`);
      const start = () => {
        if (streaming) return;
        streaming = true;
        res.status(200).set('Content-Type', 'application/x-ndjson; charset=utf-8').set('Cache-Control', 'no-store');
        res.flushHeaders();
      };
      try {
        const result = await runImport(req.ctx, mapping.entity, table, mode as ImportMode, (done, total) => {
          start();
          write({ progress: { done, total } });
        });
        start();
        write({ result });
        res.end();
      } catch (err) {
        if (!streaming) throw err;
        const known = err instanceof HttpError;
        if (!known) app.logger.error({ err }, 'import failed');
        write({
          error: {
            status: known ? err.status : 500,
            error: known ? err.code : 'server_error',
            message: known ? err.message : message(app, 'errors.500'),
          },
        });
        res.end();
      }
    }),
  );
  return router;
}
