import { Router } from 'express';
import type { AppContext } from '../../context';
import { reportRouter } from './report-routes';
import { tempStoreRouter } from './temp-store';

/** PDF reports drawn on the server and the temporary store of the print pages. */
export function pdfRouter(app: AppContext): Router {
  const router = Router();
  router.use(reportRouter(app));
  router.use(tempStoreRouter(app));
  return router;
}
