import { describe, expect, it } from 'vitest';
import { reasonFormProblem } from './reason-form';

const question = { type: 'integer', title: 'Surface habitable', minimum: 10 };

describe('reason questionnaire (supported JSON Schema subset)', () => {
  it('accepts no questionnaire and a plain object of questions', () => {
    expect(reasonFormProblem(null)).toBeNull();
    expect(
      reasonFormProblem({
        schema: {
          type: 'object',
          properties: {
            surface: question,
            chauffage: { type: 'string', title: 'Chauffage', enum: ['gaz', 'fioul', 'bois'] },
            travaux: { type: 'array', items: { type: 'string', enum: ['toiture', 'murs'] }, uniqueItems: true },
          },
          required: ['surface'],
        },
        uiSchema: { surface: { 'ui:help': 'En m²' } },
      }),
    ).toBeNull();
  });

  it('refuses references, unknown keywords, unknown formats and non-object forms, in French', () => {
    expect(reasonFormProblem({ schema: { type: 'object', $ref: 'https://ailleurs/' } })).toContain('« $ref »');
    expect(
      reasonFormProblem({ schema: { type: 'object', properties: { a: { type: 'string', format: 'hostname' } } } }),
    ).toContain('format « hostname »');
    expect(reasonFormProblem({ schema: { type: 'string' } })).toContain('objet');
    expect(reasonFormProblem([question])).toContain('{schema, uiSchema}');
    expect(reasonFormProblem({ schema: { type: 'object' }, extra: 1 })).toContain('« extra »');
    // A keyword value that ajv refuses (strict mode) is refused too.
    expect(reasonFormProblem({ schema: { type: 'object', properties: { a: { type: 'entier' } } } })).not.toBeNull();
  });
});
