import type { Router } from 'express';
import type { AppContext } from '../context';
import { ctiRouter } from './cti/cti-routes';
import { accountsAdminRouter } from './accounts-admin/accounts-admin-routes';
import { rgpdRouter } from './rgpd/rgpd-routes';
import { contactConsentRouter } from './rgpd/contact-consent-routes';
import { dashboardRouter } from './dashboard/dashboard-routes';
import { globalMessagesRouter } from './global-messages/global-messages-routes';
import { accountsRouter } from './accounts/accounts-router';
import { territoryRouter } from './territories';
import { addressRouter } from './address';
import { simulatorsRouter } from './simulators';
import { pdfRouter } from './pdf';
import { actimmoMapRouter } from './actimmo-map';
import { bookingRouter } from './booking';
import { bookingAdminRouter } from './booking-admin';
import { customFormsRouter } from './custom-forms/custom-form-routes';
import { searchRouter } from './search/search-routes';
import { fileRouter } from './files/file-routes';
import { listRecipientsRouter } from './fac-lists/list-recipients-routes';
import { importRouter } from './imports';
import { duplicatesRouter } from './fac-duplicates/duplicate-routes';
import { followUpRouter } from './follow-up/follow-up-routes';
import { pivotRouter } from './follow-up/pivot-routes';
import { followUpStatisticsRouter } from './follow-up/statistics-routes';
import { incompleteEntriesRouter } from './fac/incomplete-entries-routes';
import { nationalPlatformRouter } from './follow-up/national-platform-routes';
import { listeproRouter } from './listepro/listepro-routes';
import { professionalAccountRouter } from './listepro/professional-account';
import { eventsRouter } from './events/event-routes';
import { workflowRouter } from './workflow/workflow-routes';
import { newslettersRouter } from './newsletters/newsletter-routes';
import { visitReportRouter } from './visit-report/visit-report-routes';
import { bapRouter } from './bap/bap-routes';

/**
 * Hand-written module routers (profile, simulators, booking, directory search…), mounted
 * before the generic entity routes. Each module adds its router here.
 */
export function extraRouters(app: AppContext): Router[] {
  return [
    ctiRouter(app),
    accountsAdminRouter(app),
    rgpdRouter(app),
    contactConsentRouter(),
    dashboardRouter(app),
    globalMessagesRouter(app),
    accountsRouter(app),
    territoryRouter(app),
    addressRouter(app),
    simulatorsRouter(app),
    pdfRouter(app),
    actimmoMapRouter(app),
    bookingRouter(app),
    bookingAdminRouter(app),
    customFormsRouter(app),
    searchRouter(app),
    fileRouter(app),
    listRecipientsRouter(app),
    importRouter(app),
    duplicatesRouter(app),
    followUpRouter(),
    pivotRouter(),
    followUpStatisticsRouter(),
    incompleteEntriesRouter(app),
    nationalPlatformRouter(),
    listeproRouter(app),
    professionalAccountRouter(app),
    eventsRouter(app),
    workflowRouter(),
    newslettersRouter(app),
    visitReportRouter(app),
    bapRouter(),
  ];
}
