import { hasValidator, registerValidator } from '../../engine/validation/compile-schema-precompiled';
import { recordSchema, schemaKey } from '../../engine/validation/record-schema';
import type { SchemaValidator } from '../../engine/validation/schema-validator';
import { effectiveFromMeta } from './effective-from-meta';
import type { EntityMeta } from './types';

/** What the server's validator module exports (server/modules/meta/validator-modules.ts). */
interface ValidatorModule {
  requires: string[];
  schema: string;
  default: (require: (id: string) => unknown) => SchemaValidator;
}

/** An AJV runtime file is CommonJS with `exports.default`; bundlers hand it over wrapped once or twice. */
async function commonJsDefault(load: Promise<{ default: unknown }>): Promise<{ default: unknown }> {
  const m = await load;
  const inner = m.default as { default?: unknown } | ((...args: unknown[]) => unknown);
  return { default: typeof inner === 'function' ? inner : inner.default };
}

/**
 * The runtime names standalone validator code may `require` (STANDALONE_RUNTIME in
 * engine/validation/compile-schema-ajv.ts), each loaded only when a module names it: RE2 weighs
 * about 46 KB gzipped and only schemas with a pattern need it.
 */
const RUNTIME: Record<string, () => Promise<unknown>> = {
  'ajv/dist/runtime/ucs2length': () => commonJsDefault(import('ajv/dist/runtime/ucs2length')),
  'ajv/dist/runtime/equal': () => commonJsDefault(import('ajv/dist/runtime/equal')),
  // The formats carry the phone-number metadata (libphonenumber-js): loaded with the first validator.
  'app:formats': () => import('../../engine/validation/formats'),
  'app:regexp': () => import('../../engine/validation/safe-regexp'),
};

const loading = new Map<string, Promise<boolean>>();

async function load(url: string, key: string): Promise<boolean> {
  const module = (await import(/* @vite-ignore */ url)) as ValidatorModule;
  // The server compiled the schema it knows; this screen validates the one it received.
  if (module.schema !== key) {
    console.warn(`record validator ${url} was compiled for another schema`);
    return false;
  }
  const unknown = module.requires.filter((id) => !RUNTIME[id]);
  if (unknown.length) throw new Error(`record validator needs unknown runtime ${unknown.join(', ')}`);
  const runtime = new Map(await Promise.all(module.requires.map(async (id) => [id, await RUNTIME[id]()] as const)));
  registerValidator(
    key,
    module.default((id) => runtime.get(id)),
  );
  return true;
}

/**
 * Makes the record validator of `meta` ready for validateRecord (same code as the server's, from
 * the server's module). True when the screen can validate locally; false when it cannot (no
 * module, a network error, another schema): the server, which validates every write anyway,
 * then gives the messages.
 */
export function recordValidatorReady(meta: EntityMeta): Promise<boolean> {
  const key = schemaKey(recordSchema(effectiveFromMeta(meta)));
  if (hasValidator(key)) return Promise.resolve(true);
  if (!meta.validator) return Promise.resolve(false);
  let ready = loading.get(key);
  if (!ready) {
    ready = load(meta.validator, key).catch((e: unknown) => {
      console.warn('record validator not loaded', e);
      loading.delete(key);
      return false;
    });
    loading.set(key, ready);
  }
  return ready;
}
