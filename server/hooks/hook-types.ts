import type { Kysely } from 'kysely';
import type { EntityRuntime } from '../../engine/schema/registry';
import type { RequestContext } from '../context';
import type { AppDatabase } from '../db/tables';
import type { ApiRecord } from '../db/row-mapper';
import type { FieldError } from '../../engine/validation/field-error';

export interface HookArgs {
  ctx: RequestContext;
  entity: EntityRuntime;
  /** The record about to be validated and written; hooks may complete it. */
  record: ApiRecord;
  /** The stored record, on update. */
  previous?: ApiRecord;
  db: Kysely<AppDatabase>;
}

/** Behaviour that a schema names in `x-entity.hooks` and that code registers here. */
export interface EntityHook {
  /** Runs before validation, inside the write transaction. May throw an HttpError. */
  beforeValidate?(args: HookArgs): Promise<void> | void;
  /** Checks that need the database; its errors join the validation errors (after the schema's). */
  validate?(args: HookArgs): Promise<FieldError[]> | FieldError[];
  /**
   * Runs inside the delete transaction, after the rights check and before the "still in use"
   * check: what belongs only to the record goes with it. May throw an HttpError.
   */
  beforeDelete?(args: Omit<HookArgs, 'previous'>): Promise<void> | void;
  /**
   * Runs inside the write transaction, once the record is stored (create or update) and before
   * it is read back: records that come with it or depend on it (a folder's default actions, its
   * status after an action changed). `record` is the stored record; may throw an HttpError.
   */
  afterSave?(args: HookArgs & { created: boolean }): Promise<void> | void;
  /** Runs after the creation is committed, with the raw input (side effects such as mails). */
  afterCreate?(
    args: Omit<HookArgs, 'previous'> & { input: Record<string, unknown>; requestHost?: string },
  ): Promise<void> | void;
  /**
   * Runs after any committed create, update or delete of a record of the entity (caches…);
   * `created` on a create (nothing pointed to the record before that transaction).
   */
  afterWrite?(args: Omit<HookArgs, 'previous'> & { created?: boolean }): Promise<void> | void;
  /**
   * Runs inside a workflow transition's transaction (schemas/workflows/), once the new state is
   * written: what the new state brings (a published project reaches its professionals).
   * `record` is the record with its new state.
   */
  afterTransition?(args: Omit<HookArgs, 'previous'> & { transition: string; fromState: string }): Promise<void> | void;
  /** Completes one record read for a detail or returned by a write (computed, not stored, fields). */
  afterRead?(args: Omit<HookArgs, 'previous'>): Promise<void> | void;
}
