import type { EntityHook } from './hook-types';

/**
 * Hooks that schemas may name in `x-entity.hooks`, by name. Operations read this map; the hooks
 * themselves are registered once at start (server/hooks/index.ts), so that a hook may use the
 * operations (a mail recorded in the outbox, a record read) without an import circle.
 */
export const hooks: Record<string, EntityHook> = {};

export function registerHooks(named: Record<string, EntityHook>): void {
  Object.assign(hooks, named);
}

/** The entity's hooks in declaration order; a name that nothing registered is a deployment error. */
export function hooksOf(entity: { name: string; schema: { 'x-entity': { hooks?: string[] } } }): EntityHook[] {
  return (entity.schema['x-entity'].hooks ?? []).map((name) => {
    const hook = hooks[name];
    if (!hook) throw new Error(`hook ${name} of ${entity.name} is not registered`);
    return hook;
  });
}
