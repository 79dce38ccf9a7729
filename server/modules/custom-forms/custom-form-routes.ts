import { Router } from 'express';
import type { AppContext, RequestContext } from '../../context';
import { denied, message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError } from '../../http/http-error';
import { customFormDefinition } from '../../../engine/custom-forms/form-definition';
import { scopedEntityTarget, scopeKey, type ScopeDimension } from '../../../engine/schema/overlay-types';
import { overlayVersions } from '../white-labels/overlay-store';

/** Query parameter → scope dimension (the reference's names). */
const PARAMETERS: [string, ScopeDimension][] = [
  ['group', 'group'],
  ['project', 'project'],
  ['folder_model', 'folderModel'],
  ['action_model', 'actionModel'],
];

function staffOnly(ctx: RequestContext): void {
  if (!ctx.user.roles.includes('staff')) throw denied(ctx);
}

function notFound(app: AppContext): HttpError {
  return new HttpError(404, 'not_found', message(app, 'custom_forms.not_found'));
}

/**
 * The custom forms of platform-entities §7.3, read from the scoped overlays of the white label
 * (the form editor writes them): `GET custom-form/{model}/{anchor}/?group=…` and `last-update/`.
 */
export function customFormsRouter(app: AppContext): Router {
  const router = Router();

  router.get(
    '/api/v1/custom-forms/custom-form/last-update/',
    asyncHandler(async (req, res) => {
      staffOnly(req.ctx);
      const wl = req.ctx.whiteLabel.id;
      const row =
        wl === null
          ? undefined
          : await app.database.db
              .selectFrom('white_label_overlay')
              .select((eb) => eb.fn.max('created_at').as('last'))
              .where('white_label', '=', wl)
              .where('target', 'like', 'entity:%@%')
              .executeTakeFirst();
      res.json({ lastUpdate: row?.last ?? 0 });
    }),
  );

  router.get(
    '/api/v1/custom-forms/custom-form/:model/:anchor/',
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      staffOnly(ctx);
      const given = PARAMETERS.filter(([p]) => req.query[p] !== undefined && req.query[p] !== '');
      if (!given.length) throw new HttpError(403, 'scope_missing', message(app, 'custom_forms.scope_missing'));
      // One form is scoped to one value of one dimension: asking for two cannot match exactly.
      if (given.length > 1) throw notFound(app);
      const [parameter, dimension] = given[0];
      const pk = Number(req.query[parameter]);
      if (!Number.isInteger(pk) || pk <= 0 || pk > 2147483647) throw notFound(app);
      const entity = [...app.registry.entities.values()].find(
        (e) => e.schema['x-entity'].customForms?.model.toLowerCase() === String(req.params.model).toLowerCase(),
      );
      const declared = entity?.schema['x-entity'].customForms;
      const anchor = declared?.anchor ?? 'Informations';
      if (!entity || !declared?.scopes[dimension] || anchor.toLowerCase() !== String(req.params.anchor).toLowerCase())
        throw notFound(app);
      if (ctx.whiteLabel.id === null) throw notFound(app);
      const target = scopedEntityTarget(entity.name, scopeKey(dimension, pk));
      const [latest] = await overlayVersions(app, ctx.whiteLabel.id, target);
      const form = latest && customFormDefinition(anchor, latest.ops);
      if (!form || !form.content.length) throw notFound(app);
      const versions = await overlayVersions(app, ctx.whiteLabel.id, target);
      const links = (d: ScopeDimension) => (d === dimension ? [pk] : []);
      res.json({
        pk: null,
        id: target,
        createdAt: versions[versions.length - 1].createdAt,
        updatedAt: latest.createdAt,
        model: declared.model,
        anchor,
        version: latest.version,
        description: latest.comment ?? '',
        form,
        projects: links('project'),
        actionModels: links('actionModel'),
        folderModels: links('folderModel'),
        groups: links('group'),
      });
    }),
  );
  return router;
}
