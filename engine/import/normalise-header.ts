/**
 * A header or a cell value as it is compared with a mapping: without case, accents, spaces or
 * punctuation, so that « Code postal », « CODE_POSTAL » and « code-postal » are one column and
 * « oui » reads like « Oui ».
 */
export function normaliseHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('fr')
    .replace(/[^a-z0-9]+/g, '');
}
