import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../../engine/schema/registry';
import { applyOverlay } from '../../engine/schema/apply-overlay';
import { anonymousUser } from '../../engine/logic/user-context';
import { loadDeclarations } from '../../server/schema/load-declarations';
import { buildForm, withRequirements } from './build-form';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { EntityMeta } from './types';

const declarations = loadDeclarations();
const registry = buildRegistry(declarations);

/** Keywords that make RJSF ask its validator which branch or condition holds (rjsf-validator.ts refuses). */
const NEEDS_VALIDATOR = [
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependencies',
  'dependentSchemas',
  '$ref',
];

function keywordsIn(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) keywordsIn(s, found);
  else if (schema && typeof schema === 'object') {
    for (const [k, v] of Object.entries(schema)) {
      if (NEEDS_VALIDATOR.includes(k)) found.add(k);
      // Values under these keys are data, not schemas.
      if (k !== 'enum' && k !== 'default' && k !== 'const') keywordsIn(v, found);
    }
  }
  return found;
}

function metaOf(name: string): EntityMeta {
  const e = applyOverlay(registry.entities.get(name)!, []);
  return {
    name,
    schema: { type: 'object', properties: e.schema.properties, required: e.schema.required ?? [] },
    form: e.form,
    fieldRules: e.fieldRules,
    apiPath: e.schema['x-entity'].api?.path,
  } as EntityMeta;
}

describe('buildForm', () => {
  it('never gives RJSF a keyword it would need a schema validator for, on any entity', () => {
    const ctx = { user: anonymousUser(declarations.roles), whiteLabel: { id: 1, domain: 'localhost', modules: {} } };
    for (const name of registry.entities.keys()) {
      const { schema } = buildForm(metaOf(name), {}, ctx);
      expect([name, [...keywordsIn(schema)]]).toEqual([name, []]);
    }
  });

  it('gives a choice list as enum with its French labels as ui:enumNames', () => {
    const ctx = { user: anonymousUser(declarations.roles), whiteLabel: { id: 1, domain: 'localhost', modules: {} } };
    const meta = metaOf('global-message');
    const { schema, uiSchema } = buildForm(meta, {}, ctx);
    const prop = meta.schema.properties.audience;
    expect((schema.properties!.audience as { enum: unknown[] }).enum).toEqual(prop.enum);
    expect(uiSchema.audience['ui:enumNames']).toEqual(prop.enum!.map((v) => prop['x-enum-labels']![String(v)]));
  });

  it('draws a free-form object property with the JSON field, a file property with the file field', () => {
    const ctx = { user: anonymousUser(declarations.roles), whiteLabel: { id: 1, domain: 'localhost', modules: {} } };
    let seen = 0;
    for (const name of registry.entities.keys()) {
      const meta = metaOf(name);
      const { uiSchema } = buildForm(meta, {}, ctx);
      for (const [field, prop] of Object.entries(meta.schema.properties)) {
        if (!uiSchema[field]) continue;
        const freeForm =
          (prop.type === 'object' || (Array.isArray(prop.type) && prop.type.includes('object'))) && !prop.properties;
        const expected = prop.format === 'file' ? 'file' : prop['x-blocks'] ? 'blocks' : freeForm ? 'json' : undefined;
        expect([name, field, uiSchema[field]['ui:field']]).toEqual([name, field, expected]);
        if (prop.format === 'file')
          expect(uiSchema[field]['ui:options']).toMatchObject({
            file: { apiPath: registry.entities.get(name)!.schema['x-entity'].api!.path, property: field },
          });
        else if (freeForm) seen++;
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("gives the block editor every kind of a newsletter's blocks, its RJSF schema without oneOf", () => {
    const ctx = { user: anonymousUser(declarations.roles), whiteLabel: { id: 1, domain: 'localhost', modules: {} } };
    const meta = metaOf('newsletter');
    const { schema, uiSchema } = buildForm(meta, {}, ctx);
    // No oneOf reaches RJSF: it would need a schema validator to tell the kinds apart.
    expect(JSON.stringify(schema.properties!.blocks)).not.toContain('oneOf');
    const { kinds, preview } = uiSchema.blocks['ui:options'].blocks as {
      kinds: { type: string; title: string; schema: RJSFSchema; uiSchema: UiSchema }[];
      preview: string;
    };
    expect(preview).toBe('newsletter');
    const declared = (
      meta.schema.properties.blocks.items as unknown as { oneOf: { properties: { type: { const: string } } }[] }
    ).oneOf;
    expect(kinds.map((k) => k.type)).toEqual(declared.map((v) => v.properties.type.const));
    const title = kinds.find((k) => k.type === 'title')!;
    expect(title.title).toBe('Titre');
    expect(title.schema.properties).toEqual({ text: expect.objectContaining({ title: 'Texte du titre' }) });
    expect(title.schema.required).toEqual(['text']);
    const image = kinds.find((k) => k.type === 'image')!;
    expect(image.uiSchema.image['ui:widget']).toBe('relation');
    expect(image.uiSchema.image['ui:options']).toMatchObject({ relation: { entity: 'newsletter-image' } });
    expect(kinds.find((k) => k.type === 'text')!.uiSchema.html['ui:widget']).toBe('html');
    expect(kinds.find((k) => k.type === 'separator')!.schema.properties).toEqual({});
  });

  it("asks for the questionnaire preview and the example on the reason's form", () => {
    const ctx = { user: anonymousUser(declarations.roles), whiteLabel: { id: 1, domain: 'localhost', modules: {} } };
    const { uiSchema } = buildForm(metaOf('reason'), {}, ctx);
    expect(uiSchema.form['ui:field']).toBe('json');
    expect(uiSchema.form['ui:widget']).toBeUndefined();
    expect(uiSchema.form['ui:options']).toMatchObject({ preview: 'questionnaire' });
    expect(uiSchema.form['ui:help']).toContain('Exemple : {"schema"');
  });

  it('shows the fields a related list presets but lets them not be changed', () => {
    const ctx = { user: anonymousUser(declarations.roles), whiteLabel: { id: 1, domain: 'localhost', modules: {} } };
    const meta = metaOf('place');
    const { uiSchema, visible } = buildForm(meta, { groups: [2] }, ctx, false, ['groups']);
    expect(visible).toContain('groups');
    expect(uiSchema.groups['ui:readonly']).toBe(true);
    expect(uiSchema.name['ui:readonly']).toBeUndefined();
  });

  it('requires the fields a stored record’s `requirements` make mandatory, and only those', () => {
    const ctx = { user: anonymousUser(declarations.roles), whiteLabel: { id: 1, domain: 'localhost', modules: {} } };
    const meta = metaOf('contact');
    const stored = { pk: 1, requirements: { emailMandatory: true, phoneMandatory: false, nopeMandatory: true } };
    const bound = withRequirements(meta, stored);
    expect(bound.schema.required).toContain('email');
    expect(bound.schema.required).not.toContain('phone');
    expect(bound.schema.required).not.toContain('nope');
    expect(withRequirements(meta, { pk: 1, requirements: {} })).toBe(meta);
    const form = buildForm(bound, { ...stored, firstName: 'Anne' }, { ...ctx, previous: stored });
    expect(form.schema.required).toContain('email');
    expect(buildForm(meta, stored, { ...ctx, previous: stored }).schema.required).not.toContain('email');
  });
});
