import { Router } from 'express';
import { asyncHandler } from '../../http/async-handler';
import { ctxOf } from '../../http/request-context';
import { runTransition, transitionMail, workflowView } from './workflow-service';
import './workflow-jobs';

/**
 * Generic workflow endpoints for every entity that declares a workflow (schemas/workflows/):
 * `GET /api/v1/workflow/:entity/:pk/` (state, transitions for the caller, history, differences),
 * `GET …/transitions/:name/mail/` (the mail to edit), `POST …/transitions/:name/` (run it).
 */
export function workflowRouter(): Router {
  const router = Router();
  router.get(
    '/api/v1/workflow/:entity/:pk/',
    asyncHandler(async (req, res) => {
      const ctx = ctxOf(req);
      res.json(await workflowView(ctx, String(req.params.entity), req.params.pk));
    }),
  );
  router.get(
    '/api/v1/workflow/:entity/:pk/transitions/:name/mail/',
    asyncHandler(async (req, res) => {
      const ctx = ctxOf(req);
      res.json(await transitionMail(ctx, String(req.params.entity), req.params.pk, String(req.params.name)));
    }),
  );
  router.post(
    '/api/v1/workflow/:entity/:pk/transitions/:name/',
    asyncHandler(async (req, res) => {
      const ctx = ctxOf(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      res.json(await runTransition(ctx, String(req.params.entity), req.params.pk, String(req.params.name), body));
    }),
  );
  return router;
}
