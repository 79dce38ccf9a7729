/** What other modules use: INSEE-code checks and commune facts, without going through HTTP. */
export { communeByCode, communeExists, territories } from './territory-data';
export type { Commune, Departement, Epci, Region } from './territory-data';
export { communeCentre } from './commune-centres';
export { territoryRouter } from './territory-routes';
