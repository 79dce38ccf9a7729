import { describe, expect, it } from 'vitest';
import { buildRegistry, getEntity } from '../schema/registry';
import { applyOverlay } from '../schema/apply-overlay';
import { validateRecord } from './validate-record';
import { loadDeclarations } from '../../server/schema/load-declarations';
import type { RuleUser } from '../logic/user-context';

const declarations = loadDeclarations();
const registry = buildRegistry(declarations);
const user: RuleUser = {
  pk: 3,
  userType: 'advisor',
  group: 2,
  roles: ['signedIn', 'advisor', 'staff'],
  scopeGroups: [2],
  anonymous: false,
};
const ctx = { user, whiteLabel: { id: 1, domain: 'localhost', modules: {} } };
const validate = (entity: string, record: Record<string, unknown>, ops = []) =>
  validateRecord({
    entity: applyOverlay(getEntity(registry, entity), ops),
    record,
    ctx,
    catalogue: declarations.messages,
  });

describe('validateRecord', () => {
  it('reports each missing required field once, in French', () => {
    const errors = validate('place', { groups: [] });
    expect(errors.map((e) => [e.path, e.message])).toEqual([
      ['name', 'Ce champ est obligatoire.'],
      ['groups', 'Ce champ est obligatoire.'],
    ]);
  });

  it('maps schema keywords to the spec rule names with their parameters', () => {
    const errors = validate('place', { name: 'x'.repeat(101), groups: [2], lat: 91, postcode: '3800' });
    expect(errors.map((e) => [e.path, e.code, e.message])).toEqual([
      ['name', 'max', 'Ce champ ne doit pas dépasser 101 caractères.'.replace('101', '100')],
      ['postcode', 'pattern', "Le format de ce champ n'est pas valide."],
      ['lat', 'max_value', 'Ce champ doit être inférieur ou égal à 90.'],
    ]);
  });

  it('requires and validates fields according to the data (required-if, visible-if)', () => {
    const base = {
      name: 'Rappel',
      group: 2,
      trigger: 'date_of_appointment',
      to: 'contact',
      allReasons: true,
      allPlaces: true,
      smsIsActive: false,
      mailIsActive: true,
      mailSubject: 'Rappel',
    };
    const delayed = validate('notification', {
      ...base,
      term: 'delayed',
      termDays: 0,
      termTime: '10:00',
      mailMessage: 'x',
    });
    expect(delayed.map((e) => e.message)).toEqual(['Un traitement différé nécessite un délai au moins égal à un jour']);
    const noMessage = validate('notification', { ...base, term: 'immediate' });
    expect(noMessage.map((e) => e.path)).toEqual(['mailMessage']);
    // termDays is hidden for an immediate term, so its bad value is not an error.
    expect(validate('notification', { ...base, term: 'immediate', mailMessage: 'x', termDays: -5 })).toEqual([]);
  });

  it('uses white-label message overrides first', () => {
    const errors = validate('place', { groups: [2] }, [
      { op: 'message', key: 'entity.place.name.error.required', value: 'Donnez un nom à la permanence.' },
    ] as never);
    expect(errors[0].message).toBe('Donnez un nom à la permanence.');
  });
});
