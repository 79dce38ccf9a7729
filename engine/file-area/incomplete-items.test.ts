import { describe, expect, it } from 'vitest';
import {
  customFieldFails,
  missingItems,
  programmeMissing,
  programmeRequirements,
  type CustomField,
} from './incomplete-items';

const field = (name: string, schema: CustomField['schema'], required = false): CustomField => ({
  name,
  schema,
  required,
});
const income = field('xIncome', { type: 'integer', title: 'Revenu fiscal', minimum: 0, maximum: 500000 }, true);
const housing = field('xHousing', { type: 'string', title: 'Type de logement', enum: ['Maison', 'Appartement'] });
const seen = field('xSeen', { type: 'string', format: 'date', title: 'Première visite' });
const works = field('xWorks', {
  type: 'array',
  title: 'Travaux',
  items: { type: 'string', title: 'Travaux', enum: ['Isolation', 'Chauffage'] },
  minItems: 1,
});

describe('custom-form answers (file-area reference 8.6)', () => {
  it('fails a mandatory answer left empty, not an optional one', () => {
    expect(customFieldFails(income, undefined)).toBe(true);
    expect(customFieldFails(income, '')).toBe(true);
    expect(customFieldFails(housing, null)).toBe(false);
    expect(customFieldFails(seen, '')).toBe(false);
  });

  it('checks numbers, bounds, choices, dates and lists of choices', () => {
    expect(customFieldFails(income, 24000)).toBe(false);
    expect(customFieldFails(income, '24000')).toBe(false);
    expect(customFieldFails(income, -1)).toBe(true);
    expect(customFieldFails(income, 600000)).toBe(true);
    expect(customFieldFails(income, 'beaucoup')).toBe(true);
    expect(customFieldFails(income, 12.5)).toBe(true);
    expect(customFieldFails(housing, 'Maison')).toBe(false);
    expect(customFieldFails(housing, 'Château')).toBe(true);
    expect(customFieldFails(seen, '2026-03-01')).toBe(false);
    expect(customFieldFails(seen, '01/03/2026')).toBe(true);
    expect(customFieldFails(works, ['Isolation'])).toBe(false);
    expect(customFieldFails(works, ['Piscine'])).toBe(true);
    expect(customFieldFails(works, 'Isolation')).toBe(true);
  });
});

describe('missing items of a record', () => {
  it('lists the failing custom answers first, in the forms’ order, then « Courriel/Téléphone »', () => {
    const contact = { firstName: 'Anne', email: '', phone: ' ', mobilePhone: '' };
    expect(missingItems('contact', contact, [income, housing], { xHousing: 'Château' })).toEqual([
      'Revenu fiscal',
      'Type de logement',
      'Courriel/Téléphone',
    ]);
    expect(missingItems('contact', { ...contact, mobilePhone: '06 12 34 56 78' }, [income], { xIncome: 1 })).toEqual(
      [],
    );
  });

  it('never asks an organisation for « Courriel/Téléphone »', () => {
    expect(missingItems('organization', { name: 'Mairie', email: '' })).toEqual([]);
    expect(missingItems('organization', { name: 'Mairie' }, [income], {})).toEqual(['Revenu fiscal']);
  });
});

describe('fields a programme makes mandatory (reference 8.6 items 2 and 3)', () => {
  const contact = { firstName: 'Anne', lastName: '', email: 'anne@exemple.fr', address: ' ', tags: [], referents: [3] };

  it('lists the empty fields any programme requires, in the reference’s order and labels', () => {
    const a = { isContactAddressMandatory: true, isContactLastNameMandatory: true, isContactEmailMandatory: true };
    const b = { isContactTagsMandatory: true, isContactReferentsMandatory: true, isContactFirstNameMandatory: false };
    expect(programmeMissing('contact', contact, [a, b])).toEqual(['Nom', 'Adresse', 'Tags']);
    expect(programmeMissing('contact', contact, [])).toEqual([]);
  });

  it('asks an organisation for a description of 10 characters at least', () => {
    const p = { isOrganizationDescriptionMandatory: true, isOrganizationWebsiteMandatory: true };
    expect(programmeMissing('organization', { description: ' Mairie   ', website: 'x.fr' }, [p])).toEqual([
      'Description',
    ]);
    expect(programmeMissing('organization', { description: 'Mairie de Voiron', website: '' }, [p])).toEqual([
      'Site Web',
    ]);
  });

  it('puts them between the custom answers and « Courriel/Téléphone », each label once', () => {
    const own = [{ isContactLastNameMandatory: true }];
    const viaOrganizations = [{ isContactLastNameMandatory: true, isContactMobilePhoneMandatory: true }];
    const bare = { firstName: 'Anne' };
    expect(missingItems('contact', bare, [income], {}, { own, viaOrganizations })).toEqual([
      'Revenu fiscal',
      'Nom',
      'Numéro De Mobile',
      'Courriel/Téléphone',
    ]);
    // Programmes binding members apply to contacts only.
    expect(
      missingItems('organization', {}, [], {}, { own: [], viaOrganizations: [{ isOrganizationEmailMandatory: true }] }),
    ).toEqual([]);
  });

  it('gives the detail’s `requirements`: every flag once a programme binds the record, none without', () => {
    expect(programmeRequirements('contact', { own: [] })).toEqual({});
    const via = programmeRequirements('contact', {
      own: [{ isContactEmailMandatory: true }],
      viaOrganizations: [{ isContactEmailMandatory: false, isContactTagsMandatory: true }],
    });
    expect(via).toEqual({
      firstNameMandatory: false,
      lastNameMandatory: false,
      emailMandatory: true,
      addressMandatory: false,
      phoneMandatory: false,
      mobilePhoneMandatory: false,
      tagsMandatory: true,
      referentsMandatory: false,
    });
    const org = programmeRequirements('organization', { own: [{ isOrganizationDescriptionMandatory: true }] });
    expect(Object.keys(org)).toEqual([
      'emailMandatory',
      'descriptionMandatory',
      'referenceMandatory',
      'websiteMandatory',
      'addressMandatory',
      'phoneMandatory',
      'tagsMandatory',
      'referentsMandatory',
    ]);
    expect(org.descriptionMandatory).toBe(true);
  });
});
