import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The document GET /api/docs.json serves (server/app.ts sends this file as it is).
const FILE = resolve(import.meta.dirname, '../server/generated/openapi.json');
const doc = () => JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;

describe('the generated OpenAPI document', () => {
  it('passes @seriousme/openapi-schema-validator', async () => {
    const result = await new Validator().validate(doc());
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('passes @apidevtools/swagger-parser, every $ref resolved', async () => {
    const api = (await SwaggerParser.validate(doc() as never)) as { openapi?: string };
    expect(api.openapi).toBe('3.1.0');
  });

  it('declares the period parameters on the lists of entities with a calendar, and only there', () => {
    const paths = doc().paths as Record<string, { get?: { parameters?: { name: string; schema: object }[] } }>;
    const names = (path: string) => (paths[path].get?.parameters ?? []).map((p) => p.name);
    expect(names('/api/v1/dialogwatt/advisor-downtime/')).toEqual(expect.arrayContaining(['from', 'to']));
    const from = paths['/api/v1/dialogwatt/advisor-downtime/'].get!.parameters!.find((p) => p.name === 'from');
    expect(from?.schema).toEqual({ type: 'string', format: 'date-time' });
    expect(names('/api/v1/dialogwatt/place/')).not.toContain('from');
  });

  it("declares the link of a related list as a filter of the related entity's list", () => {
    type Parameter = { name: string; schema: object; description?: string };
    const paths = doc().paths as Record<string, { get?: { parameters?: Parameter[] } }>;
    // group → place by place.groups (x-entity.related of group), not among place's list.filters.
    const groups = paths['/api/v1/dialogwatt/place/'].get!.parameters!.filter((p) => p.name === 'groups');
    expect(groups).toEqual([
      {
        name: 'groups',
        in: 'query',
        schema: { type: 'integer' },
        description: 'Les enregistrements dont la liste contient cet identifiant',
      },
    ]);
    // slot.place is both a declared filter and a link: documented once.
    const place = paths['/api/v1/dialogwatt/slot/'].get!.parameters!.filter((p) => p.name === 'place');
    expect(place).toHaveLength(1);
  });

  it('gives openapi-typescript types that compile and name the simulator request parts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
    try {
      // A .ts file, not .d.ts, so that skipLibCheck (for speed) does not skip the client's own types.
      writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(doc() as never)));
      writeFileSync(
        join(dir, 'use.ts'),
        [
          "import type { components, paths } from './api';",
          "type Needs = components['schemas']['ThermixComputeRequestNeeds'];",
          "type Request = components['schemas']['ThermixComputeRequest'];",
          "type Places = paths['/api/v1/dialogwatt/place/']['get']['responses']['200']['content']['application/json'];",
          'export const needs = (request: Request): Needs | undefined => request.needs;',
          'export const names = (places: Places): unknown[] => ' +
            '(Array.isArray(places) ? places.map((p) => p.name) : []);',
          '',
        ].join('\n'),
      );
      const program = ts.createProgram([join(dir, 'use.ts')], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000); // generating and type-checking about 12,000 lines of types
});
