import type { Kysely, Transaction } from 'kysely';
import type { AppContext, RequestContext } from '../context';
import type { AppDatabase } from './tables';

/** Work to do once the outermost transaction has committed, with the application's own (non-transaction) database. */
export type AfterCommitTask = (app: AppContext) => Promise<void> | void;

interface Scope {
  queue: AfterCommitTask[];
}

/** The joined database handles of open transactions (what `ctx.app.database.db` is inside one). */
const scopes = new WeakMap<object, Scope>();

function joinedHandle(trx: Transaction<AppDatabase>): Kysely<AppDatabase> {
  // Kysely has no nested transactions: an operation that opens its own inside this one joins it.
  return new Proxy(trx, {
    get(target, prop, receiver) {
      if (prop === 'transaction')
        return () => ({ execute: <R>(fn: (t: Transaction<AppDatabase>) => Promise<R>) => fn(target) });
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as unknown as Kysely<AppDatabase>;
}

/** Whether `ctx` runs inside a transaction opened by `inTransaction`. */
export function inOpenTransaction(ctx: RequestContext): boolean {
  return scopes.has(ctx.app.database.db);
}

/**
 * Runs `work` in one database transaction with a context whose database is that transaction, so
 * that several generic operations (create, update…) commit or roll back together. Called inside
 * another `inTransaction`, it joins it. Side effects registered with `afterCommit` run once the
 * outermost transaction has committed, in order, and never when it rolls back.
 */
export async function inTransaction<T>(
  ctx: RequestContext,
  work: (tctx: RequestContext, trx: Transaction<AppDatabase>) => Promise<T>,
): Promise<T> {
  if (inOpenTransaction(ctx)) return work(ctx, ctx.app.database.db as unknown as Transaction<AppDatabase>);
  const scope: Scope = { queue: [] };
  const result = await ctx.app.database.db.transaction().execute(async (trx) => {
    const joined = joinedHandle(trx);
    scopes.set(joined, scope);
    const tctx: RequestContext = { ...ctx, app: { ...ctx.app, database: { ...ctx.app.database, db: joined } } };
    return work(tctx, trx);
  });
  for (const task of scope.queue) {
    try {
      await task(ctx.app);
    } catch (err) {
      // The data is committed: a failed side effect (a mail, a cache) is logged, not undone.
      ctx.app.logger.error({ err }, 'after-commit task failed');
    }
  }
  return result;
}

/**
 * Queues a side effect until the outermost transaction of `ctx` commits (at once when `ctx` is
 * not in a transaction). The task receives the application context with its own database, never
 * the finished transaction.
 */
export async function afterCommit(ctx: RequestContext, task: AfterCommitTask): Promise<void> {
  const scope = scopes.get(ctx.app.database.db);
  if (scope) {
    scope.queue.push(task);
    return;
  }
  await task(ctx.app);
}
