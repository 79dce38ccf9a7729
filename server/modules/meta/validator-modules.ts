import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { EffectiveEntity } from '../../../engine/schema/apply-overlay';
import { validatorModule } from '../../../engine/validation/compile-schema-ajv';
import { recordSchema, schemaKey } from '../../../engine/validation/record-schema';
import type { AppContext, RequestContext } from '../../context';
import { notFound } from '../../context';
import { effectiveEntity } from '../../access/effective-entity';
import { parseScope } from '../../../engine/schema/overlay-types';
import { assertModuleEnabled, entityOf } from '../../operations/entity-access';

/**
 * The browser validates records with the same AJV code as the server, compiled here: the strict
 * Content-Security-Policy (script-src 'self') forbids compiling in the browser, but lets it import
 * a same-origin module. A module is named by a hash of its schema text and of the application
 * version (the code depends on AJV and on the runtime names the client provides), so its address
 * never serves two contents and browsers may keep it. Kept in memory, least recently used dropped:
 * form-editor previews make a new one per change.
 */
const MAX_MODULES = 200;
const modules = new Map<string, string>();
/** Effective entities are memoised per (entity, white label, overlay version): one hash each. */
const urls = new WeakMap<EffectiveEntity, string>();

function remember(hash: string, code: string): void {
  modules.delete(hash);
  modules.set(hash, code);
  if (modules.size > MAX_MODULES) modules.delete(modules.keys().next().value!);
}

/**
 * The address of the validator module of an effective entity (compiled now when new), or
 * undefined when its schema does not compile (an overlay saved before compilation was checked):
 * the screen then leaves validation to the server.
 */
export function validatorUrl(app: AppContext, effective: EffectiveEntity): string | undefined {
  const known = urls.get(effective);
  if (known && modules.has(known.slice(known.lastIndexOf('/') + 1).split('.')[0])) return known;
  const schema = recordSchema(effective);
  const text = schemaKey(schema);
  const hash = createHash('sha256').update(`${app.config.version}\n${text}`).digest('hex').slice(0, 32);
  if (!modules.has(hash)) {
    try {
      remember(hash, `${validatorModule(schema)}export const schema = ${JSON.stringify(text)};\n`);
    } catch (e) {
      app.logger.warn({ entity: effective.name, err: (e as Error).message }, 'record schema does not compile');
      return undefined;
    }
  }
  // A custom form's validator names its scopes, so that another process can make it again.
  const scopes = effective.scopeKey
    .split(',')
    .filter(Boolean)
    .map((s) => s.slice(0, s.indexOf('#')));
  const query = scopes.length ? `?scopes=${scopes.join(',')}` : '';
  const url = `/api/v1/meta/validator/${effective.name}/${hash}.js${query}`;
  urls.set(effective, url);
  return url;
}

/**
 * GET /api/v1/meta/validator/:entity/:hash.js. A module this process has not made (another process
 * made it, or it restarted) is made again from the entity as this white label sees it now; a hash
 * that matches nothing any more is a 404.
 */
export async function validatorModuleHandler(req: Request, res: Response): Promise<void> {
  const ctx: RequestContext = req.ctx;
  const hash = String(req.params.file).replace(/\.js$/, '');
  let code = modules.get(hash);
  if (code === undefined) {
    const name = String(req.params.entity);
    const entity = entityOf(ctx, name);
    assertModuleEnabled(ctx, entity);
    const scopes = String(req.query.scopes ?? '')
      .split(',')
      .filter((s) => parseScope(s));
    const url = validatorUrl(ctx.app, await effectiveEntity(ctx.app, name, ctx.whiteLabel, scopes));
    if (url?.includes(`/${hash}.js`)) code = modules.get(hash);
  }
  if (code === undefined) throw notFound(ctx);
  remember(hash, code);
  res.type('text/javascript; charset=utf-8').set('cache-control', 'private, max-age=31536000, immutable').send(code);
}
