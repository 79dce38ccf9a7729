import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Registry } from '../engine/schema/registry';
import type { PropertySchema } from '../engine/schema/types';
import { toPascal } from '../engine/schema/naming';
import { mainType } from '../engine/schema/columns';
import { JSON_BANNER } from './banner';
import { fileProperties, fileRefSchema, isFileProperty } from '../engine/files/file-ref';

function clean(prop: PropertySchema): Record<string, unknown> {
  if (isFileProperty(prop))
    return {
      ...fileRefSchema(prop.type),
      title: prop.title,
      description: `${prop.description ?? ''} Fichier : la réponse d'un envoi (POST …/file/{property}/).`.trim(),
    };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(prop)) {
    if (k.startsWith('x-')) continue;
    if (k === 'properties')
      out.properties = Object.fromEntries(
        Object.entries(v as Record<string, PropertySchema>).map(([n, p]) => [n, clean(p)]),
      );
    else if (k === 'items') out.items = clean(v as PropertySchema);
    else out[k] = v;
  }
  if (prop['x-relation'])
    out.description = `${prop.description ?? ''} Référence : ${prop['x-relation'].entity} (pk).`.trim();
  return out;
}

/** `value` with every `$ref` string passed through `rewrite` (schemas are JSON: arrays and plain objects). */
function rewriteRefs(value: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, rewrite));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' ? rewrite(v) : rewriteRefs(v, rewrite),
    ]),
  );
}

/**
 * A standalone JSON Schema (schemas/simulators/…) as components of the document. Its references
 * inside itself ("#/$defs/needs", "#") would point at the document's root once it sits under
 * components/schemas, where no client finds them: each $defs entry becomes a component of its own
 * ("ThermixComputeRequestNeeds") and the references are rewritten to it.
 */
function asComponents(name: string, schema: Record<string, unknown>): Record<string, unknown> {
  const {
    $defs,
    $id: _id,
    $schema: _schema,
    ...root
  } = schema as Record<string, unknown> & { $defs?: Record<string, unknown> };
  const defName = (def: string) => `${name}${toPascal(def)}`;
  const rewrite = (ref: string) => {
    if (ref === '#') return `#/components/schemas/${name}`;
    const m = ref.match(/^#\/\$defs\/([^/]+)(\/.*)?$/);
    if (m) return `#/components/schemas/${defName(m[1])}${m[2] ?? ''}`;
    if (ref.startsWith('#/') && !ref.startsWith('#/components/'))
      throw new Error(`${name}: reference ${ref} cannot be placed in the OpenAPI document`);
    return ref;
  };
  const out: Record<string, unknown> = { [name]: rewriteRefs(root, rewrite) };
  for (const [def, sub] of Object.entries($defs ?? {})) out[defName(def)] = rewriteRefs(sub, rewrite);
  return out;
}

const ERROR_RESPONSES = {
  '400': {
    description: 'Données invalides : une erreur par champ (code, paramètres, message en français).',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } },
  },
  '401': {
    description: 'Connexion nécessaire.',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  },
  '403': {
    description: 'Opération non permise.',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  },
};

/** OpenAPI 3.1: the generic entity endpoints plus the hand-written ones declared in schemas/api/. */
/** The upload, download and ZIP endpoints of an entity's file properties (docs/files.md). */
function fileOperations(
  properties: Record<string, PropertySchema>,
  path: string,
  name: string,
  tag: string,
  actions: Set<string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const binary = (type: string) => ({ content: { [type]: { schema: { type: 'string', format: 'binary' } } } });
  for (const property of fileProperties(properties)) {
    const prop = properties[property]!;
    const suffix = `${name}${property[0]!.toUpperCase()}${property.slice(1)}`;
    const max = prop['x-file']?.maxBytes ? ` (${prop['x-file'].maxBytes} octets au plus)` : '';
    if (actions.has('create') || actions.has('update'))
      out[`/api/v1/${path}/file/${property}/`] = {
        post: {
          tags: [tag],
          summary: `Envoi d'un fichier : ${prop.title}${max}`,
          operationId: `upload${suffix}`,
          requestBody: {
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: { file: { type: 'string', format: 'binary' } },
                  required: ['file'],
                },
              },
            },
          },
          responses: {
            '201': {
              description: 'Référence à mettre dans le champ',
              content: { 'application/json': { schema: fileRefSchema('object') } },
            },
            '413': { description: 'Fichier trop volumineux' },
            ...ERROR_RESPONSES,
          },
        },
      };
    if (!actions.has('detail')) continue;
    out[`/api/v1/${path}/{pk}/file/${property}/`] = {
      get: {
        tags: [tag],
        summary: `Téléchargement : ${prop.title}`,
        operationId: `download${suffix}`,
        parameters: [{ name: 'pk', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': { description: 'Le fichier (Content-Disposition : son nom)', ...binary('application/octet-stream') },
          '404': { description: 'Enregistrement ou fichier non trouvé.' },
          ...ERROR_RESPONSES,
        },
      },
    };
    out[`/api/v1/${path}/file/${property}/zip/`] = {
      get: {
        tags: [tag],
        summary: `Fichiers de plusieurs enregistrements en un ZIP : ${prop.title}`,
        operationId: `zip${suffix}`,
        parameters: [
          {
            name: 'pk',
            in: 'query',
            required: true,
            description: 'pk séparés par des virgules (200 au plus)',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': { description: 'ZIP', ...binary('application/zip') },
          '404': { description: 'Aucun fichier.' },
          ...ERROR_RESPONSES,
        },
      },
    };
  }
  return out;
}

export function generateOpenApi(registry: Registry, schemasDir: string, version: string): string {
  const paths: Record<string, unknown> = {};
  const components: Record<string, unknown> = {
    Error: {
      type: 'object',
      properties: { error: { type: 'string' }, message: { type: 'string' } },
      required: ['error', 'message'],
    },
    ValidationError: {
      type: 'object',
      properties: {
        error: { const: 'validation' },
        message: { type: 'string' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              path: { type: 'string' },
              code: { type: 'string' },
              params: { type: 'object' },
              message: { type: 'string' },
            },
            required: ['path', 'code', 'message'],
          },
        },
      },
    },
    StoreList: {
      type: 'object',
      properties: {
        all: { type: 'array', items: { type: 'integer' } },
        collection: { type: 'array', items: { type: 'object' } },
        lastUpdatedAt: { type: 'number' },
      },
    },
  };
  for (const e of [...registry.entities.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const api = e.schema['x-entity'].api;
    if (!api) continue;
    const name = toPascal(e.name);
    const props = Object.fromEntries(
      Object.entries(e.schema.properties)
        .filter(([, p]) => !p['x-storage']?.private)
        .map(([n, p]) => [n, clean(p)]),
    );
    components[name] = {
      type: 'object',
      title: e.schema.title,
      description: e.schema.description,
      properties: props,
      required: e.schema.required,
    };
    const ref = { $ref: `#/components/schemas/${name}` };
    const actions = new Set(api.actions ?? ['list', 'detail', 'create', 'update', 'delete']);
    const tag = e.schema['x-entity'].module;
    const collection: Record<string, unknown> = {};
    const x = e.schema['x-entity'];
    if (actions.has('list')) {
      collection.get = {
        tags: [tag],
        summary: `Liste : ${x.labels.plural}`,
        operationId: `list${name}`,
        parameters: [
          {
            name: 'q',
            in: 'query',
            schema: { type: 'string' },
            description: `Recherche dans : ${(x.list?.search ?? []).join(', ')}`,
          },
          {
            name: 'sort',
            in: 'query',
            schema: { type: 'string' },
            description: `Tri (préfixe - pour décroissant) parmi : ${(x.list?.sortable ?? []).join(', ')}`,
          },
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
          {
            name: 'perPage',
            in: 'query',
            schema: { type: 'integer', minimum: 1, maximum: 200 },
            description: 'Lignes par page (200 au plus) ; sans page ni perPage, la première page de 50 lignes.',
          },
          ...(x.screens?.calendar
            ? (['from', 'to'] as const).map((bound) => ({
                name: bound,
                in: 'query',
                schema: { type: 'string', format: 'date-time' },
                description:
                  `${bound === 'from' ? 'Début' : 'Fin'} de la période (instant ISO 8601 avec fuseau, avec ` +
                  `${bound === 'from' ? 'to' : 'from'}) : les enregistrements qui la chevauchent ` +
                  `(${x.screens!.calendar!.start} < to et ${x.screens!.calendar!.end} > from), 366 jours au plus`,
              }))
            : []),
          ...(x.list?.filters ?? []).map((f) => ({
            name: f,
            in: 'query',
            schema: { type: 'string' },
            description: 'Filtre par égalité',
          })),
          ...(x.list?.states ?? []).map((st) => ({
            name: st.name,
            in: 'query',
            schema: { enum: st.options.map((o) => o.value) },
            description: `${st.label} : ${st.options.map((o) => `${o.value} (${o.label})`).join(', ')}`,
          })),
          ...(x.list?.ranges ?? []).flatMap((f) =>
            (['From', 'To'] as const).map((bound) => ({
              name: `${f}${bound}`,
              in: 'query',
              schema: { type: 'string', format: 'date' },
              description:
                `${e.schema.properties[f]?.title ?? f} : ` +
                `${bound === 'From' ? 'à partir du' : "jusqu'au"} (inclus)`,
            })),
          ),
          // Links of related lists (x-entity.related of another entity) are filters too.
          ...[...(e.linkFilters ?? [])]
            .filter((f) => !(x.list?.filters ?? []).includes(f))
            .map((f) => ({
              name: f,
              in: 'query',
              schema: { type: 'integer' },
              description:
                mainType(e.schema.properties[f]) === 'array'
                  ? 'Les enregistrements dont la liste contient cet identifiant'
                  : 'Filtre par égalité',
            })),
          ...(x.list?.export
            ? [
                {
                  name: 'format',
                  in: 'query',
                  schema: { enum: x.list.export.formats },
                  description:
                    'Export : la même liste (recherche, filtres, tri, droits) en fichier, toutes les pages ' +
                    '(CSV : UTF-8 avec BOM, séparateur « ; » ; docs/export-import.md)',
                },
              ]
            : []),
          ...(api.storeList
            ? [
                {
                  name: 'limit-to-objects-after',
                  in: 'header',
                  schema: { type: 'number' },
                  description: 'Liste incrémentale : objets modifiés après ce moment (secondes depuis 1970)',
                },
              ]
            : []),
        ],
        responses: {
          '200': {
            description: 'Une page des enregistrements visibles (leur nombre total dans l’en-tête X-Total-Count).',
            content: {
              'application/json': {
                schema: api.storeList
                  ? { oneOf: [{ type: 'array', items: ref }, { $ref: '#/components/schemas/StoreList' }] }
                  : { type: 'array', items: ref },
              },
              ...(x.list?.export?.formats.includes('csv') ? { 'text/csv': { schema: { type: 'string' } } } : {}),
              ...(x.list?.export?.formats.includes('xlsx')
                ? {
                    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                      schema: { type: 'string', contentMediaType: 'application/octet-stream' },
                    },
                  }
                : {}),
            },
          },
          ...ERROR_RESPONSES,
        },
      };
    }
    if (actions.has('create')) {
      collection.post = {
        tags: [tag],
        summary: `Création : ${x.labels.singular}`,
        operationId: `create${name}`,
        requestBody: { content: { 'application/json': { schema: ref } } },
        responses: {
          '201': { description: 'Créé', content: { 'application/json': { schema: ref } } },
          ...ERROR_RESPONSES,
        },
      };
    }
    if (Object.keys(collection).length) paths[`/api/v1/${api.path}/`] = collection;
    if (actions.has('list') && x.list?.map)
      paths[`/api/v1/${api.path}/map/`] = {
        get: {
          tags: [tag],
          summary: `Carte : ${x.labels.plural}`,
          operationId: `map${name}`,
          description:
            'Les enregistrements localisés (hors 0, 0) de la même requête que la liste (recherche, filtres, droits), ' +
            `au plus ${x.list.map.max ?? 1000}, avec une note en français au-delà (docs/file-area.md).`,
          parameters: (collection.get as { parameters: { name: string }[] }).parameters.filter(
            (p) => !['sort', 'page', 'perPage', 'format', 'limit-to-objects-after'].includes(p.name),
          ),
          responses: {
            '200': {
              description: 'Les points',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      points: {
                        type: 'array',
                        items: {
                          type: 'object',
                          properties: {
                            pk: { type: 'integer' },
                            lat: { type: 'number' },
                            lon: { type: 'number' },
                            label: { type: 'string' },
                          },
                        },
                      },
                      located: { type: 'integer' },
                      unlocated: { type: 'integer' },
                      note: { type: ['string', 'null'] },
                      tiles: { type: 'object' },
                    },
                  },
                },
              },
            },
            ...ERROR_RESPONSES,
          },
        },
      };
    const item: Record<string, unknown> = {};
    const pk = [{ name: 'pk', in: 'path', required: true, schema: { type: 'integer' } }];
    if (actions.has('detail'))
      item.get = {
        tags: [tag],
        summary: `Détail : ${x.labels.singular}`,
        operationId: `get${name}`,
        parameters: pk,
        responses: {
          '200': { description: 'OK', content: { 'application/json': { schema: ref } } },
          '404': { description: 'Enregistrement non trouvé.' },
          ...ERROR_RESPONSES,
        },
      };
    if (actions.has('update'))
      item.patch = {
        tags: [tag],
        summary: `Modification : ${x.labels.singular}`,
        operationId: `update${name}`,
        parameters: pk,
        requestBody: { content: { 'application/json': { schema: ref } } },
        responses: {
          '200': { description: 'OK', content: { 'application/json': { schema: ref } } },
          '404': { description: 'Enregistrement non trouvé.' },
          ...ERROR_RESPONSES,
        },
      };
    if (actions.has('delete'))
      item.delete = {
        tags: [tag],
        summary: api.softDelete
          ? `Annulation : ${x.labels.singular} (${api.softDelete.field} = ${api.softDelete.value}, jamais effacé)`
          : `Suppression : ${x.labels.singular}`,
        operationId: `delete${name}`,
        parameters: pk,
        responses: {
          '200': { description: api.softDelete ? 'Annulé' : 'Supprimé' },
          '404': { description: 'Enregistrement non trouvé.' },
          ...ERROR_RESPONSES,
        },
      };
    if (Object.keys(item).length) paths[`/api/v1/${api.path}/{pk}/`] = item;
    Object.assign(paths, fileOperations(e.schema.properties, api.path, name, tag, actions));
  }
  const apiDir = join(schemasDir, 'api');
  if (existsSync(apiDir)) {
    for (const f of readdirSync(apiDir)
      .filter((n) => n.endsWith('.openapi.json'))
      .sort()) {
      const part = JSON.parse(readFileSync(join(apiDir, f), 'utf8')) as {
        paths?: Record<string, unknown>;
        components?: { schemas?: Record<string, unknown> };
      };
      Object.assign(paths, part.paths ?? {});
      Object.assign(components, part.components?.schemas ?? {});
    }
  }
  for (const [id, schema] of Object.entries(registry.declarations.others)) {
    Object.assign(components, asComponents(toPascal(id.split(':').pop() ?? id), schema as Record<string, unknown>));
  }
  // Clients name their functions after operationIds: two alike make a client that does not build.
  const seen = new Map<string, string>();
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations as Record<string, { operationId?: string }>)) {
      const id = operation?.operationId;
      if (!id) continue;
      if (seen.has(id))
        throw new Error(
          `OpenAPI: operationId ${id} of ${method.toUpperCase()} ${path} is already used by ${seen.get(id)}`,
        );
      seen.set(id, `${method.toUpperCase()} ${path}`);
    }
  }
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'API de la plateforme de conseil en rénovation énergétique',
      version,
      description: `${JSON_BANNER} Authentification : en-tête « Authorization: JWT <jeton> ».`,
    },
    servers: [{ url: '/' }],
    components: {
      schemas: components,
      securitySchemes: { jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'JWT <jeton>' } },
    },
    security: [{ jwt: [] }, {}],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
