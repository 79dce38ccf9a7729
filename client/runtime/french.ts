/**
 * A noun with its definite article, for texts built from an entity's labels: « le lieu »,
 * « la structure », « l'énergie », « l'utilisateur ». Elides before a vowel or an h (the nouns of
 * this domain have a mute h: « l'habitat »).
 */
export function withArticle(noun: string, feminine = false): string {
  if (/^[aeiouyhàâäéèêëîïôöùûüœæ]/i.test(noun)) return `l'${noun}`;
  return `${feminine ? 'la' : 'le'} ${noun}`;
}
