import type { Logger } from 'pino';
import type { Registry } from '../engine/schema/registry';
import type { MessageCatalogue } from '../engine/schema/types';
import type { RuleUser, RuleWhiteLabel } from '../engine/logic/user-context';
import { translate } from '../engine/validation/messages';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { HttpError } from './http/http-error';

/** What the whole server shares: configuration, database, declarations, logger. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  registry: Registry;
  catalogue: MessageCatalogue;
  logger: Logger;
  /** Secret for access tokens (from the configuration or the database). */
  jwtSecret: Uint8Array;
}

/** A white label as requests use it (the full record stays in the database). */
export interface WhiteLabelInfo extends RuleWhiteLabel {
  id: number | null;
  record: Record<string, unknown> | null;
  /** Latest overlay version per target, to key the effective-schema cache. */
  overlayVersions: Record<string, number>;
}

/** Who asks and for which white label: what every operation receives. */
export interface RequestContext {
  app: AppContext;
  user: RuleUser;
  whiteLabel: WhiteLabelInfo;
  ip?: string;
  /** The request's Host header: links mailed while it runs keep its port on local domains (account-mails.ts). */
  requestHost?: string;
  /**
   * A bulk write (an import): per-record side effects that scan a whole table (duplicate
   * detection) are left to one batch pass instead of running once per record.
   */
  bulk?: boolean;
  /**
   * Rows of relation targets already read in this unit of work, by table and pk: an import sets it
   * for its transaction, where the lines point to the same few records (groups, tags) that the
   * import itself does not change, so that each is read once instead of once per line.
   */
  relationRows?: Map<string, Map<number, Record<string, unknown>>>;
}

export function message(app: AppContext, key: string, params: Record<string, unknown> = {}): string {
  return translate(app.catalogue, key, params);
}

/** 401 for an anonymous caller, 403 for a signed-in one: "sign in" versus "not allowed". */
export function denied(ctx: RequestContext): HttpError {
  return ctx.user.anonymous
    ? new HttpError(401, 'not_authenticated', message(ctx.app, 'errors.401'))
    : new HttpError(403, 'forbidden', message(ctx.app, 'errors.403'));
}

export function notFound(ctx: RequestContext): HttpError {
  return new HttpError(404, 'not_found', message(ctx.app, 'errors.404'));
}
