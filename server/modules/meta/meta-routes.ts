import { Router } from 'express';
import type { AppContext } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { entityMeta } from './entity-meta';
import { parseScope } from '../../../engine/schema/overlay-types';
import { relationOptions } from './options';
import { effectiveMenu } from './menu';
import { previewHandler } from './preview';
import { publicServices } from './services';
import { validatorModuleHandler } from './validator-modules';

export function metaRouter(_app: AppContext): Router {
  const router = Router();
  router.get(
    '/api/v1/meta/entity/:name',
    asyncHandler(async (req, res) => {
      // ?scopes=group:2,folderModel:5: the form with the custom fields of those scopes.
      const scopes = String(req.query.scopes ?? '')
        .split(',')
        .filter((s) => parseScope(s));
      res.json(await entityMeta(req.ctx, String(req.params.name), scopes));
    }),
  );
  router.get(
    '/api/v1/meta/options/:entity',
    asyncHandler(async (req, res) => {
      const ids =
        typeof req.query.ids === 'string' && req.query.ids !== ''
          ? req.query.ids.split(',').map(Number).filter(Number.isInteger)
          : [];
      res.json(
        await relationOptions(req.ctx, {
          entity: String(req.params.entity),
          field: typeof req.query.field === 'string' ? req.query.field : undefined,
          q: typeof req.query.q === 'string' ? req.query.q : undefined,
          ids,
        }),
      );
    }),
  );
  router.post('/api/v1/meta/preview/:entity', asyncHandler(previewHandler));
  router.get('/api/v1/meta/validator/:entity/:file', asyncHandler(validatorModuleHandler));
  router.get(
    '/api/v1/meta/menu',
    asyncHandler(async (req, res) => {
      res.json(await effectiveMenu(req.ctx));
    }),
  );
  // The landing page's cards: what this white label offers the public.
  router.get('/api/v1/meta/services', (req, res) => {
    res.json(publicServices(req.ctx));
  });
  return router;
}
