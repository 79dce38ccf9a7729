import { api } from '../../api/http';

export interface BapProject {
  pk: number;
  title: string;
  description: string;
  activity: number;
  subMission: number;
  commune: string;
  communeName: string;
  budgetRange: string;
  wishedStart: string | null;
  state: 'draft' | 'published' | 'closed';
  interestCount: number;
  publishedAt: string | null;
}

export interface BapInterest {
  pk: number;
  project: number;
  professional: number;
  owner: number | null;
  message: string;
  contactShared: boolean;
  createdAt: string;
}

export interface BapHousehold {
  pk: number;
  name: string;
  email: string;
  phone: string;
  note: string;
}

export const BUDGET_LABELS: Record<string, string> = {
  unknown: 'Non précisé',
  lt10k: 'Moins de 10 000 €',
  '10k_30k': 'De 10 000 à 30 000 €',
  '30k_60k': 'De 30 000 à 60 000 €',
  gt60k: 'Plus de 60 000 €',
};

export const STATE_LABELS: Record<string, string> = { draft: 'Brouillon', published: 'Publié', closed: 'Clos' };

/** The names of the directory's sub-missions (public reference data), by pk. */
export async function subMissionNames(): Promise<Map<number, string>> {
  const rows = await api<{ pk: number; name: string }[]>('/listepro/sub-mission/', { query: { perPage: 200 } });
  return new Map(rows.map((r) => [r.pk, r.name]));
}

/** A French message from an API failure (its field errors when there are). */
export function failureText(e: unknown): string {
  const err = e as { message?: string; errors?: { message: string }[] };
  const fields = (err.errors ?? []).map((x) => x.message);
  return fields.length ? fields.join(' ') : (err.message ?? 'Une erreur est survenue.');
}
