export { actimmoMapRouter } from './actimmo-map-routes';
export { mapConfig, type MapConfig } from './map-config';
