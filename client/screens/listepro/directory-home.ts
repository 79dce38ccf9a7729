import { routes } from '../../generated/manifest';
import { SEARCH_PATH } from './listepro-api';

/** The back-office homes spec 03 §2 sends the directory's users to, by user type. */
const HOME_BY_TYPE: Record<string, string> = {
  professional: '/annuaire-des-professionnels/accueil',
  advisor: '/annuaire-des-professionnels-admin/comptes',
  superadvisor: '/annuaire-des-professionnels-admin/comptes',
  listeproadmin: '/annuaire-des-professionnels-admin/comptes',
};

/**
 * Where `/annuaire-des-pros` and the news page's « Retour à l'annuaire » lead (spec 03 §2):
 * professionals to their home, the directory team to the list of professionals, everyone else
 * (visitors, households) to the public search. A back-office page this build does not declare is
 * not a target: the search is.
 */
export function directoryHome(userType: string | null | undefined, declared: readonly string[] = paths()): string {
  const home = userType ? HOME_BY_TYPE[userType] : undefined;
  return home && declared.includes(home) ? home : SEARCH_PATH;
}

const paths = () => routes.map((r) => r.path);
