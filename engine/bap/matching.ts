import { matchesSearch } from '../listepro/search';

/** What the matching needs of a project of the projects exchange. */
export interface BapProjectTarget {
  activity: number;
  subMission: number;
  /** INSEE code of the commune of the works. */
  commune: string;
  /** Its department (« 38 », « 2A »). */
  department: string;
}

/** What the matching needs of a professional who joined the exchange (sheet, presentation, account, zones). */
export interface BapCandidate {
  user: number;
  /** The account: an inactive professional receives nothing (spec 03 §1). */
  userIsActive: boolean;
  /** Granted by the directory team on the sheet (« Accès à la bourse aux projets »). */
  allowToRegisterToBap: boolean;
  charterAccepted: boolean;
  proIsValid: boolean;
  transitionState: string;
  /** Of the published presentation. */
  activities: number[];
  subMissions: number[];
  departments: string[];
  communes: string[];
}

/**
 * Whether a project reaches a professional: an active account allowed on the exchange that
 * accepted its charter; a valid, published sheet offering the project's activity and sub-mission
 * (the directory search's own rule, so the exchange never reaches a sheet the public search
 * would not show for these works); and the works within the professional's zones (the commune
 * itself, or its whole department).
 */
export function projectMatches(c: BapCandidate, p: BapProjectTarget): boolean {
  if (!c.userIsActive || !c.allowToRegisterToBap || !c.charterAccepted) return false;
  const sheet = {
    proIsValid: c.proIsValid,
    transitionState: c.transitionState,
    activities: c.activities,
    subMissions: c.subMissions,
  };
  if (!matchesSearch(sheet, { activity: p.activity, subMission: p.subMission })) return false;
  return c.communes.includes(p.commune) || (p.department !== '' && c.departments.includes(p.department));
}

/** The accounts a project reaches, each once, in ascending order (stored on the project). */
export function matchingUsers(candidates: BapCandidate[], p: BapProjectTarget): number[] {
  return [...new Set(candidates.filter((c) => projectMatches(c, p)).map((c) => c.user))].sort((a, b) => a - b);
}
