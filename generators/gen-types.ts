import { compile } from 'json-schema-to-typescript';
import type { Registry } from '../engine/schema/registry';
import type { PropertySchema } from '../engine/schema/types';
import { toPascal } from '../engine/schema/naming';
import { TS_BANNER } from './banner';
import { fileRefSchema, isFileProperty } from '../engine/files/file-ref';

// json-schema-to-typescript turns every `title` into a named type; our titles are French labels,
// so they become doc comments instead, and x-annotations are dropped.
function forTypes(prop: PropertySchema): Record<string, unknown> {
  if (isFileProperty(prop)) {
    const description = [prop.title, prop.description].filter(Boolean).join(' — ') || undefined;
    const { pattern: _p, ...key } = (fileRefSchema(prop.type).properties as Record<string, object>).key as {
      pattern: string;
    };
    const ref = fileRefSchema(prop.type);
    return { ...ref, properties: { ...(ref.properties as object), key }, description };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(prop)) {
    if (k.startsWith('x-') || k === 'title' || k === 'default') continue;
    if (k === 'properties')
      out.properties = Object.fromEntries(
        Object.entries(v as Record<string, PropertySchema>).map(([n, p]) => [n, forTypes(p)]),
      );
    else if (k === 'items') out.items = forTypes(v as PropertySchema);
    else out[k] = v;
  }
  out.description = [prop.title, prop.description].filter(Boolean).join(' — ') || undefined;
  return out;
}

/** One TypeScript interface per entity, as the API exposes it (camelCase, private fields left out). */
export async function generateTypes(registry: Registry): Promise<string> {
  const parts: string[] = [TS_BANNER];
  for (const [name, e] of [...registry.entities].sort(([a], [b]) => a.localeCompare(b))) {
    const properties: Record<string, unknown> = {};
    for (const [p, prop] of Object.entries(e.schema.properties)) {
      if (prop['x-storage']?.private) continue;
      properties[p] = forTypes(prop);
    }
    const schema = {
      type: 'object',
      description: `${e.schema.title} (entity "${name}", schemas/entities/${name}.schema.json)`,
      properties,
      required: ['pk', ...(e.schema.required ?? [])],
      additionalProperties: false,
    };
    const ts = await compile(schema as never, toPascal(name), {
      bannerComment: '',
      additionalProperties: false,
      format: true,
      strictIndexSignatures: true,
    });
    parts.push(ts.trim(), '');
  }
  parts.push(
    `export interface EntityTypes {\n${[...registry.entities.keys()]
      .sort()
      .map((n) => `  '${n}': ${toPascal(n)};`)
      .join('\n')}\n}\n`,
  );
  return parts.join('\n');
}
