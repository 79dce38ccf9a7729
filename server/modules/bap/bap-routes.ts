import { Router } from 'express';
import { asyncHandler } from '../../http/async-handler';
import { ctxOf } from '../../http/request-context';
import { HttpError } from '../../http/http-error';
import { denied, message, notFound, type RequestContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { isRecordKey } from '../../db/record-key';
import { findOne, parsePk } from '../../operations/find-one';
import { find } from '../../operations/find';
import { assertMay, assertModuleEnabled, entityOf } from '../../operations/entity-access';
import { linkedRecord } from '../../hooks/fac/linked-records';
import { bapStatistics } from '../../../engine/bap/statistics';
import { recordsOf, setFields } from './bap-records';
import { contactSharedMail } from './bap-mails';

/** The exchange's team: advisors (with super advisors and directory administrators) and administrators. */
function assertTeam(ctx: RequestContext): void {
  assertModuleEnabled(ctx, entityOf(ctx, 'bap-project'));
  if (!ctx.user.roles.includes('advisor') && !ctx.user.roles.includes('administrator')) throw denied(ctx);
}

/**
 * « Partager le contact »: the household's contact becomes readable by the interested
 * professional (added to the contact's `sharedWith`, which its view rule reads), the interest is
 * marked, in one transaction; the professional gets the contact by mail after the commit.
 */
async function shareContact(ctx: RequestContext, rawPk: unknown) {
  assertTeam(ctx);
  const pk = parsePk(rawPk);
  if (pk === null) throw notFound(ctx);
  return inTransaction(ctx, async (tctx) => {
    const db = tctx.app.database.db;
    // The interest as its reader may see it, and changeable by them: the advisors of the project's
    // structure (issue 25), not every advisor of the network.
    const interest = await findOne(tctx, 'bap-interest', pk);
    assertMay(tctx, entityOf(tctx, 'bap-interest'), 'change', interest);
    const project = await linkedRecord(tctx.app, db, 'bap-project', interest.project);
    if (!project) throw notFound(tctx);
    if (project.state === 'closed') throw new HttpError(400, 'bap_closed', message(tctx.app, 'bap.error.closed'));
    if (!isRecordKey(interest.owner))
      throw new HttpError(400, 'bap_not_interested', message(tctx.app, 'bap.error.not_interested'));
    const households = await recordsOf(tctx.app, db, 'bap-household', { property: 'project', values: [project.pk] });
    if (!households.length) throw new HttpError(400, 'bap_no_household', message(tctx.app, 'bap.error.no_household'));
    for (const h of households) {
      const shared = Array.isArray(h.sharedWith) ? (h.sharedWith as number[]) : [];
      if (!shared.includes(interest.owner))
        await setFields(tctx.app, db, 'bap-household', h.pk as number, { sharedWith: [...shared, interest.owner] });
    }
    const now = new Date().toISOString();
    if (interest.contactShared !== true) {
      await setFields(tctx.app, db, 'bap-interest', pk, { contactShared: true, sharedAt: now });
      await contactSharedMail(tctx, project, interest.owner, households[0]);
    }
    return { ok: true, interest: pk, sharedWith: interest.owner };
  });
}

/** The statistics screen's figures for the caller's structures, with the sub-missions' names. */
async function statistics(ctx: RequestContext) {
  assertTeam(ctx);
  const db = ctx.app.database.db;
  // The projects the caller may see: their structures' (all of them for an administrator).
  const { records: projects } = await find(ctx, 'bap-project');
  const figures = bapStatistics(
    projects.map((p) => ({
      state: String(p.state),
      subMission: Number(p.subMission),
      publishedAt: (p.publishedAt as string | null) ?? null,
      firstInterestAt: (p.firstInterestAt as string | null) ?? null,
      interestCount: Number(p.interestCount ?? 0),
    })),
  );
  const names = new Map(
    (await recordsOf(ctx.app, db, 'listepro-sub-mission')).map((s) => [s.pk as number, String(s.name)]),
  );
  const labels = entityOf(ctx, 'bap-project').schema.properties.state['x-enum-labels'] ?? {};
  return {
    ...figures,
    byState: Object.entries(labels).map(([state, label]) => ({ state, label, count: figures.byState[state] ?? 0 })),
    bySubMission: figures.bySubMission.map((s) => ({ ...s, name: names.get(s.subMission) ?? '' })),
  };
}

export function bapRouter(): Router {
  const router = Router();
  router.post(
    '/api/v1/bap/interest/:pk/share/',
    asyncHandler(async (req, res) => {
      res.json(await shareContact(ctxOf(req), req.params.pk));
    }),
  );
  router.get(
    '/api/v1/bap/statistics/',
    asyncHandler(async (req, res) => {
      res.json(await statistics(ctxOf(req)));
    }),
  );
  return router;
}
