import type { Router } from 'express';
import type { AppContext } from '../context';
import { ctiRouter } from './cti/cti-routes';
import { accountsAdminRouter } from './accounts-admin/accounts-admin-routes';
import { rgpdRouter } from './rgpd/rgpd-routes';
import { dashboardRouter } from './dashboard/dashboard-routes';
import { globalMessagesRouter } from './global-messages/global-messages-routes';
import { accountsRouter } from './accounts/accounts-router';
import { territoryRouter } from './territories';
import { addressRouter } from './address';
import { simulatorsRouter } from './simulators';
import { pdfRouter } from './pdf';
import { actimmoMapRouter } from './actimmo-map';

/**
 * Hand-written module routers (profile, simulators, booking, directory search…), mounted
 * before the generic entity routes. Each module adds its router here.
 */
export function extraRouters(app: AppContext): Router[] {
  return [
    ctiRouter(app),
    accountsAdminRouter(app),
    rgpdRouter(app),
    dashboardRouter(app),
    globalMessagesRouter(app),
    accountsRouter(app),
    territoryRouter(app),
    addressRouter(app),
    simulatorsRouter(app),
    pdfRouter(app),
    actimmoMapRouter(app),
  ];
}
