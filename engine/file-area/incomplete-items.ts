import type { PropertySchema } from '../schema/types';
import { mainType } from '../schema/columns';

/** A field a custom form adds to a record (its schema, and whether the form makes it mandatory). */
export interface CustomField {
  name: string;
  schema: PropertySchema;
  required: boolean;
}

const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Whether one answer of a custom form fails (file-area reference 8.6, « custom-form field
 * validity »), for the field kinds custom forms add here: a mandatory answer missing; a number that
 * is not one or lies outside its bounds; a choice outside its list; too few or too many choices.
 * A missing optional answer is not a failure (the reference's « no custom data at all » rule for
 * text and date fields is not copied: it flagged every record created before its form existed).
 */
export function customFieldFails(field: CustomField, value: unknown): boolean {
  if (blank(value)) return field.required;
  const p = field.schema;
  const kind = mainType(p);
  if (kind === 'number' || kind === 'integer') {
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(',', '.')) : NaN;
    if (!Number.isFinite(n) || (kind === 'integer' && !Number.isInteger(n))) return true;
    if (p.minimum !== undefined && n < p.minimum) return true;
    if (p.maximum !== undefined && n > p.maximum) return true;
    return false;
  }
  if (kind === 'array') {
    if (!Array.isArray(value)) return true;
    const choices = (p.items as PropertySchema | undefined)?.enum;
    if (choices && value.some((v) => !choices.includes(v as never))) return true;
    if (p.minItems !== undefined && value.length < p.minItems) return true;
    return p.maxItems !== undefined && value.length > p.maxItems;
  }
  if (p.enum) return !p.enum.includes(value as never);
  if (kind === 'boolean') return typeof value !== 'boolean';
  if (kind === 'string') {
    if (typeof value !== 'string') return true;
    if (p.format === 'date') return !/^\d{4}-\d{2}-\d{2}$/.test(value);
    return p.maxLength !== undefined && value.length > p.maxLength;
  }
  return false;
}

/** A programme's mandatory-field flags (reference 3.1), as the `project` entity stores them. */
export type ProgrammeFlags = Record<string, unknown>;

/** The programmes that bind a record (reference 8.6 items 2 and 3). */
export interface BindingProgrammes {
  /** Programmes of the record's own folders. */
  own: ProgrammeFlags[];
  /**
   * (contacts) Programmes with `shouldMembersOfOrganizationRespectRules` of the folders of the
   * organisations the contact is a member of: their contact rules bind the contact too.
   */
  viaOrganizations?: ProgrammeFlags[];
}

/** A programme rule: the flag, the field it makes mandatory, the label of the missing item. */
type Rule = readonly [flag: string, field: string, label: string];

// Labels: the reference's (the French verbose names in title case), in its order. Its
// organisation label « Réferents » is a typo, written « Référents » here as for contacts.
const CONTACT_RULES: readonly Rule[] = [
  ['isContactFirstNameMandatory', 'firstName', 'Prénom'],
  ['isContactLastNameMandatory', 'lastName', 'Nom'],
  ['isContactEmailMandatory', 'email', 'Email'],
  ['isContactAddressMandatory', 'address', 'Adresse'],
  ['isContactPhoneMandatory', 'phone', 'Numéro De Téléphone'],
  ['isContactMobilePhoneMandatory', 'mobilePhone', 'Numéro De Mobile'],
  ['isContactTagsMandatory', 'tags', 'Tags'],
  ['isContactReferentsMandatory', 'referents', 'Référents'],
];
const ORGANIZATION_RULES: readonly Rule[] = [
  ['isOrganizationEmailMandatory', 'email', 'Email'],
  ['isOrganizationDescriptionMandatory', 'description', 'Description'],
  ['isOrganizationReferenceMandatory', 'reference', 'Référence'],
  ['isOrganizationWebsiteMandatory', 'website', 'Site Web'],
  ['isOrganizationAddressMandatory', 'address', 'Adresse'],
  ['isOrganizationPhoneMandatory', 'phone', 'Numéro De Téléphone'],
  ['isOrganizationTagsMandatory', 'tags', 'Tags'],
  ['isOrganizationReferentsMandatory', 'referents', 'Référents'],
];

/** An organisation's description must hold this many characters when a programme requires it. */
const DESCRIPTION_MIN = 10;

/**
 * The fields that the given programmes make mandatory and the record leaves empty (reference
 * 8.6: contact item 2 or 3, organisation item 2), in the rules' order: a field is mandatory when
 * any of the programmes says so. Tags and referents need one at least; a description, 10 characters.
 */
export function programmeMissing(
  kind: 'contact' | 'organization',
  record: Record<string, unknown>,
  programmes: ProgrammeFlags[],
): string[] {
  const out: string[] = [];
  for (const [flag, field, label] of kind === 'contact' ? CONTACT_RULES : ORGANIZATION_RULES) {
    if (!programmes.some((p) => p[flag] === true)) continue;
    const value = record[field];
    const empty =
      field === 'description' ? typeof value !== 'string' || value.trim().length < DESCRIPTION_MIN : blank(value);
    if (empty) out.push(label);
  }
  return out;
}

/**
 * The missing items of a contact or an organisation, in the reference's order (8.6): first the
 * failing answers of its custom forms (their titles, in the forms' order), then the fields its
 * folders' programmes make mandatory, then (contacts) those of the programmes of its organisations'
 * folders that bind their members, then for a contact « Courriel/Téléphone » when it can be
 * reached neither by e-mail nor by phone. A label is given once.
 */
export function missingItems(
  kind: 'contact' | 'organization',
  record: Record<string, unknown>,
  customFields: CustomField[] = [],
  answers: Record<string, unknown> = {},
  programmes: BindingProgrammes = { own: [] },
): string[] {
  const out: string[] = [];
  for (const field of customFields)
    if (customFieldFails(field, answers[field.name])) out.push(field.schema.title ?? field.name);
  out.push(...programmeMissing(kind, record, programmes.own));
  if (kind === 'contact') out.push(...programmeMissing(kind, record, programmes.viaOrganizations ?? []));
  const none = (v: unknown) => typeof v !== 'string' || v.trim() === '';
  if (kind === 'contact' && none(record.email) && none(record.phone) && none(record.mobilePhone))
    out.push('Courriel/Téléphone');
  return [...new Set(out)];
}

/**
 * The `requirements` of a contact's or an organisation's detail (file-area reference 2.1, 2.2):
 * `<field>Mandatory` → whether one of the programmes that bind the record (its folders', and for
 * a contact those of its organisations' folders that bind members) makes the field mandatory.
 * Empty when no programme binds it. The reference overwrote a contact's flags with its
 * organisations' ones (a `false` could hide a `true`); here any binding programme suffices, as
 * for the incomplete entries.
 */
export function programmeRequirements(
  kind: 'contact' | 'organization',
  programmes: BindingProgrammes,
): Record<string, boolean> {
  const all = kind === 'contact' ? [...programmes.own, ...(programmes.viaOrganizations ?? [])] : programmes.own;
  if (!all.length) return {};
  const rules = kind === 'contact' ? CONTACT_RULES : ORGANIZATION_RULES;
  return Object.fromEntries(rules.map(([flag, field]) => [`${field}Mandatory`, all.some((p) => p[flag] === true)]));
}
