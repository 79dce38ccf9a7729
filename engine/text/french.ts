/** Small rules of French spelling for texts built from names (labels, figures, messages). */

const VOWEL_START = /^[aeiouyàâäéèêëîïôöùûüÿœæ]/i;

/**
 * « de » before a name, elided before a vowel: « de Grenoble », « d'Espace Conseil Démo ».
 * A name starting with h is left alone: aspirated or not, only a dictionary knows.
 */
export function deName(name: string): string {
  const n = name.trim();
  // "y" is a vowel sound before a consonant only (« d'Yves », but « de Yaoundé »).
  if (/^y[aeiouy]/i.test(n)) return `de ${n}`;
  return VOWEL_START.test(n) ? `d'${n}` : `de ${n}`;
}
