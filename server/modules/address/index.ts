export { addressRouter } from './address-routes';
export { addressConfig } from './address-config';
