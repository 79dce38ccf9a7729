/** The two reports of spec 02 §2 share their screens; each takes one kind of household (spec 02 §5). */
export type ReportKind = 'visit' | 'preco';

export interface KindSettings {
  /** Where its screens live. */
  base: string;
  /** The `:contactType` of its file route, and the housing's link to it. */
  contactType: 'contact' | 'organization';
  /** The `type` of GET /visit-report/entities/. */
  recentType: 'contacts' | 'organizations';
  /** The file-area list API the search asks. */
  searchPath: string;
  searchLabel: string;
  recentTitle: string;
  emptyRecent: string;
}

export const KINDS: Record<ReportKind, KindSettings> = {
  visit: {
    base: '/compte-rendu-entretien',
    contactType: 'contact',
    recentType: 'contacts',
    searchPath: '/fac/contact/',
    searchLabel: 'Rechercher un contact (nom, courriel, commune, téléphone)',
    recentTitle: 'Les 20 dossiers logement de contacts modifiés en dernier',
    emptyRecent: 'Aucun logement de contact dans votre structure pour l’instant : recherchez un contact.',
  },
  preco: {
    base: '/preco-immo',
    contactType: 'organization',
    recentType: 'organizations',
    searchPath: '/fac/organization/',
    searchLabel: 'Rechercher une structure (nom, courriel, commune, téléphone)',
    recentTitle: 'Les 20 dossiers logement de structures modifiés en dernier',
    emptyRecent: 'Aucun logement de structure dans votre structure pour l’instant : recherchez une structure.',
  },
};

export function kindOf(value: string | undefined): ReportKind {
  return value === 'preco' ? 'preco' : 'visit';
}

/** The household's name as the file area writes it. */
export function householdName(record: Record<string, unknown>): string {
  const parts = 'name' in record ? [record.name] : [record.firstName, record.lastName];
  return parts.filter((v) => typeof v === 'string' && v.trim()).join(' ') || `Fiche n° ${String(record.pk)}`;
}
