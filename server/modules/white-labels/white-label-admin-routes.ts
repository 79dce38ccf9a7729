import { Router } from 'express';
import type { AppContext } from '../../context';
import { message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import type { MenuAudience, MenuEntry } from '../../../engine/schema/types';
import { editableWhiteLabel, exportWhiteLabel, importWhiteLabel, wantsDomain } from './export-import';
import { moduleFlags } from './resolve-white-label';

export interface MenuEntryInfo {
  id: string;
  label: string;
  /** Label of the base declaration (or the white label's module name), before any overlay. */
  module?: string;
  moduleActive: boolean;
  order: number;
  hiddenByBase: boolean;
  children?: MenuEntryInfo[];
}

const AUDIENCES: MenuAudience[] = ['advisor', 'professional', 'anonymous'];

/** Download name: `marque-blanche-<domain>.json`, with only safe characters. */
function fileName(domain: string): string {
  return `marque-blanche-${domain.replace(/[^a-z0-9.-]/gi, '_')}.json`;
}

/** Administration of white labels beyond the generic CRUD: export, import, menu entries to edit. */
export function whiteLabelAdminRouter(app: AppContext): Router {
  const router = Router();

  router.get(
    '/api/v1/white_labelling/:pk/export/',
    asyncHandler(async (req, res) => {
      const doc = await exportWhiteLabel(req.ctx, req.params.pk);
      res.set('Content-Disposition', `attachment; filename="${fileName(doc.domain)}"`);
      res.type('application/json').send(`${JSON.stringify(doc, null, 2)}\n`);
    }),
  );

  router.post(
    '/api/v1/white_labelling/:pk/import/',
    asyncHandler(async (req, res) => {
      res.json(
        await importWhiteLabel(req.ctx, req.params.pk, req.body, { withDomain: wantsDomain(req.query.withDomain) }),
      );
    }),
  );

  // The base menus of every audience, so that the menu editor can hide, rename and reorder entries.
  router.get(
    '/api/v1/white_labelling/:pk/menu-entries/',
    asyncHandler(async (req, res) => {
      const record = await editableWhiteLabel(req.ctx, req.params.pk);
      const flags = moduleFlags(app, record);
      const moduleName = (id: string) => {
        const m = app.registry.modules.find((x) => x.id === id);
        return m ? (record[`${m.flag}Name`] as string | undefined) || m.defaultName : undefined;
      };
      const describe = (entries: MenuEntry[]): MenuEntryInfo[] =>
        entries.map((e) => ({
          id: e.id,
          label: (e.labelFromModule && e.module && moduleName(e.module)) || e.label,
          module: e.module,
          moduleActive: e.module ? flags[e.module] !== false : true,
          order: e.order ?? 100,
          hiddenByBase: Boolean(e.hidden),
          children: e.children?.length ? describe(e.children) : undefined,
        }));
      res.json(
        AUDIENCES.map((audience) => ({
          audience,
          label: message(app, `white-labels.menu.audience.${audience}`),
          entries: describe(app.registry.menus[audience]),
        })),
      );
    }),
  );

  return router;
}
