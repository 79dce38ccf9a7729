import { DUPLICATE_THRESHOLD } from './contact-similarity';
import { sequenceRatio } from './sequence-ratio';

/** What the duplicate score of two organisations reads; a missing value counts as "". */
export interface OrganizationSimilarityFields {
  name?: string | null;
  email?: string | null;
}

const clean = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();

/**
 * The duplicate score of two organisations (the reference has none, §12): the sequence-matching
 * ratio of the names, lower-cased and trimmed (a structure's name is typed in many casings:
 * « MAIRIE DE CROLLES », « Mairie de Crolles »), averaged with that of the e-mails only when both
 * have one — two empty e-mails say nothing, whereas for contacts the reference counts them as equal.
 * Two structures are duplicates above the contacts' threshold (0.8).
 */
export function organizationSimilarity(a: OrganizationSimilarityFields, b: OrganizationSimilarityFields): number {
  const name = sequenceRatio(clean(a.name), clean(b.name));
  const [ea, eb] = [clean(a.email), clean(b.email)];
  if (!ea || !eb) return name;
  return (name + sequenceRatio(ea, eb)) / 2;
}

export function organizationsAreDuplicates(a: OrganizationSimilarityFields, b: OrganizationSimilarityFields): boolean {
  // Two nameless structures are not the same one.
  if (!clean(a.name) || !clean(b.name)) return false;
  return organizationSimilarity(a, b) > DUPLICATE_THRESHOLD;
}
