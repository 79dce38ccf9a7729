import type { MergeKind } from './record-pointers';

/**
 * The fields a merge chooses between, field by field (reference §8.4 for contacts; the same idea
 * for organisations: their identity and coordinates). A contact's client account is offered too:
 * it is the one link a merge cannot keep twice.
 */
export const MERGE_FIELDS: Record<MergeKind, string[]> = {
  contact: [
    'civility',
    'firstName',
    'lastName',
    'email',
    'address',
    'zipcode',
    'inseecode',
    'town',
    'lat',
    'lon',
    'country',
    'phone',
    'mobilePhone',
    'fax',
    'clientAccount',
  ],
  organization: [
    'typeOfOrganization',
    'name',
    'description',
    'reference',
    'address',
    'zipcode',
    'inseecode',
    'town',
    'lat',
    'lon',
    'country',
    'email',
    'website',
    'phone',
    'fax',
  ],
};

/** An empty value: the merge screen proposes the other record's when the kept one has none. */
export function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || v === 0;
}

/** The proposed side of each field: the kept record's value, the merged one's when the kept is empty. */
export function defaultChoices(
  kind: MergeKind,
  kept: Record<string, unknown>,
  merged: Record<string, unknown>,
): Record<string, 'kept' | 'merged'> {
  const out: Record<string, 'kept' | 'merged'> = {};
  for (const f of MERGE_FIELDS[kind]) out[f] = isEmptyValue(kept[f]) && !isEmptyValue(merged[f]) ? 'merged' : 'kept';
  // Coordinates go with the address: lat/lon 0 means "not geolocated", the pair follows its address.
  if (out.lat !== out.lon) out.lon = out.lat;
  return out;
}
