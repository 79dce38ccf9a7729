import { describe, expect, it } from 'vitest';
import { customFormDefinition } from './form-definition';

describe('customFormDefinition', () => {
  it('turns added fields into the reference elements, in order, and ignores other operations', () => {
    const form = customFormDefinition('Informations', [
      { op: 'label', field: 'name', value: 'Nom' },
      {
        op: 'addField',
        field: 'xRevenu',
        required: true,
        schema: { type: 'integer', title: 'Revenu fiscal de référence', minimum: 0, maximum: 500000 },
      },
      {
        op: 'addField',
        field: 'xCouleur',
        schema: {
          type: 'string',
          title: 'Couleur MaPrimeRénov’',
          enum: ['bleu', 'jaune'],
          'x-enum-labels': { bleu: 'Bleu', jaune: 'Jaune' },
        },
      },
      { op: 'addField', field: 'xNote', schema: { type: 'string', title: 'Remarque', format: 'textarea' } },
      { op: 'addField', field: 'xDate', schema: { type: 'string', title: 'Signature', format: 'date' } },
      { op: 'addField', field: 'xVu', schema: { type: 'boolean', title: 'Visa', description: 'Coché : vu' } },
    ]);
    expect(form).toEqual({
      label: 'Informations',
      content: [
        {
          type: 'NumberField',
          id: 'xRevenu',
          label: 'Revenu fiscal de référence',
          mandatory: true,
          minValue: 0,
          maxValue: 500000,
        },
        {
          type: 'SelectList',
          id: 'xCouleur',
          label: 'Couleur MaPrimeRénov’',
          mandatory: false,
          choices: { bleu: 'Bleu', jaune: 'Jaune' },
          multiple: false,
        },
        { type: 'TextArea', id: 'xNote', label: 'Remarque', mandatory: false },
        { type: 'DateField', id: 'xDate', label: 'Signature', mandatory: false },
        { type: 'Checkbox', id: 'xVu', label: 'Visa', helptext: 'Coché : vu', mandatory: false },
      ],
    });
  });
});
