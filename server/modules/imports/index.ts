export { importRouter } from './import-routes';
