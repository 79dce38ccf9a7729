import type { Kysely, Transaction } from 'kysely';
import type { RequestContext } from '../../context';
import type { AppDatabase } from '../../db/tables';

/**
 * Runs `work` in one database transaction with a context whose database is that transaction, so
 * that several generic operations (create, update…) commit or roll back together. The operations
 * open their own transaction; inside, that call joins the surrounding one (Kysely has no nesting).
 */
export async function inTransaction<T>(ctx: RequestContext, work: (tctx: RequestContext, trx: Transaction<AppDatabase>) => Promise<T>): Promise<T> {
  return ctx.app.database.db.transaction().execute(async (trx) => {
    const joined = new Proxy(trx, {
      get(target, prop, receiver) {
        if (prop === 'transaction') return () => ({ execute: <R>(fn: (t: Transaction<AppDatabase>) => Promise<R>) => fn(target) });
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as unknown as Kysely<AppDatabase>;
    const tctx: RequestContext = { ...ctx, app: { ...ctx.app, database: { ...ctx.app.database, db: joined } } };
    return work(tctx, trx);
  });
}
