export type HousingCategory = 'individual' | 'multi_unit';
export type MultiUnitSizeClass = 'small' | 'medium' | 'large';

export const MULTI_UNIT_MEDIUM_FROM = 50;
export const MULTI_UNIT_LARGE_FROM = 150;

/** Anything but 'multi_unit' is individual housing, as in the reference. */
export function isMultiUnitCategory(housingCategory: string | null | undefined): boolean {
  return housingCategory === 'multi_unit';
}

/** Size class of a multi-unit building; none for individual housing or an unknown dwelling count. */
export function multiUnitSizeClass(
  housingCategory: string | null | undefined,
  dwellingsNumber: number | null | undefined,
): MultiUnitSizeClass | null {
  if (!isMultiUnitCategory(housingCategory) || !dwellingsNumber || dwellingsNumber <= 0) return null;
  if (dwellingsNumber < MULTI_UNIT_MEDIUM_FROM) return 'small';
  if (dwellingsNumber < MULTI_UNIT_LARGE_FROM) return 'medium';
  return 'large';
}
