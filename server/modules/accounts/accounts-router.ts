import { Router } from 'express';
import type { AppContext } from '../../context';
import { profileRouter } from './profile';
import { passwordRouter } from './passwords';
import { profilePictureRouter } from './profile-picture';
import { accountDeletionRouter } from './account-deletion';
import { selfRegistrationRouter } from './self-registration';
import { overviewRouter } from './overview';
import { emailChangeRouter } from './email-change';

/** Every /api/v1/accounts/ endpoint of this module (the generic user and group routes are apart). */
export function accountsRouter(app: AppContext): Router {
  const router = Router();
  // The fixed paths (profile/me/…, profile/create/) before profile/:pk/.
  router.use(accountDeletionRouter(app));
  router.use(overviewRouter(app));
  router.use(selfRegistrationRouter(app));
  router.use(passwordRouter(app));
  router.use(emailChangeRouter(app));
  router.use(profilePictureRouter(app));
  router.use(profileRouter(app));
  return router;
}
