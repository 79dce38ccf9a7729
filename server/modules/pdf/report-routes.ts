import { Router, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AppContext, RequestContext, WhiteLabelInfo } from '../../context';
import { message } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { ValidationError } from '../../http/http-error';
import { whiteLabelByDomain } from '../white-labels/resolve-white-label';
import { computeEcorenoverAnswer, computeThermix } from '../simulators/compute';
import { assertSimulatorEnabled } from '../simulators/module-gate';
import { getReferenceData } from '../simulators/reference-store';
import { assertReasonableBody } from '../simulators/request-validation';
import { fileDate } from './format';

/** A report body may carry the screen's results next to the request: room for them, not for abuse. */
const REPORT_MAX_NODES = 100_000;

interface ReportBody {
  domain: string | null;
  request: unknown;
}

/** `{domain, data: {request, …}}`: the request is recomputed; results sent by the screen are ignored. */
function reportBody(ctx: RequestContext, body: unknown): ReportBody {
  assertReasonableBody(ctx, body, '', { maxNodes: REPORT_MAX_NODES });
  const fail = (path: string, key: string, code = 'required'): never => {
    throw new ValidationError(
      [{ path, code, params: {}, message: message(ctx.app, key) }],
      message(ctx.app, 'validation.summary'),
    );
  };
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return fail('', 'simulators.body_object', 'object');
  const { domain, data } = body as Record<string, unknown>;
  if (domain !== undefined && domain !== null && (typeof domain !== 'string' || domain.length > 200))
    fail('/domain', 'validation.string', 'string');
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return fail('/data', 'simulators.report_request');
  const request = (data as Record<string, unknown>).request;
  if (request === undefined || request === null) fail('/data/request', 'simulators.report_request');
  return { domain: typeof domain === 'string' && domain !== '' ? domain.toLowerCase() : null, request };
}

/** The white label whose title heads the report: the body's domain when known, else the request's. */
async function reportWhiteLabel(ctx: RequestContext, domain: string | null): Promise<WhiteLabelInfo> {
  if (domain) {
    const found = await whiteLabelByDomain(ctx.app, domain);
    if (found) return found;
  }
  return ctx.whiteLabel;
}

function titles(info: WhiteLabelInfo, ctx: RequestContext, flag: string): { siteTitle: string; toolName: string } {
  const record = info.record ?? {};
  const module = ctx.app.registry.modules.find((m) => m.flag === flag);
  const siteTitle =
    typeof record.siteTitle === 'string' && record.siteTitle.trim()
      ? record.siteTitle.trim()
      : 'Rénovation énergétique';
  const name = record[`${flag}Name`];
  return { siteTitle, toolName: typeof name === 'string' && name.trim() ? name.trim() : (module?.defaultName ?? flag) };
}

function sendPdf(res: Response, name: string, pdf: Buffer): void {
  res
    .status(200)
    .type('application/pdf')
    .set('content-disposition', `attachment; filename="${name}-${fileDate(new Date())}.pdf"`)
    .set('cache-control', 'no-store')
    .send(pdf);
}

/**
 * POST /api/v1/thermix/report/pdf and /api/v1/ecorenover/report/pdf: the binary PDF, drawn on the
 * server with jsPDF from the inputs (results recomputed, never taken from the body), with the file
 * name in content-disposition. Public like the simulators, so limited per address.
 */
export function reportRouter(app: AppContext): Router {
  const router = Router();
  const perMinute = Number(process.env.SIMULATORS_PDF_PER_MINUTE ?? 60);
  router.use(
    ['/api/v1/thermix/report/pdf', '/api/v1/ecorenover/report/pdf'],
    rateLimit({
      windowMs: 60_000,
      // A report takes tens of milliseconds to draw: a person asks for a few, a script for thousands.
      limit: perMinute,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, res) => {
        res.status(429).json({ error: 'too_many_requests', message: message(app, 'errors.429') });
      },
    }),
  );

  router.post(
    '/api/v1/thermix/report/pdf',
    asyncHandler(async (req, res) => {
      assertSimulatorEnabled(req.ctx, 'thermix');
      const body = reportBody(req.ctx, req.body);
      const { request, response, explanations } = await computeThermix(req.ctx, body.request, {
        explain: true,
        prefix: '/data/request',
      });
      const info = await reportWhiteLabel(req.ctx, body.domain);
      // jsPDF is loaded with the first report, not at every server start (about 0.1 s).
      const { thermixReport } = await import('./thermix-report');
      const pdf = thermixReport({
        ...titles(info, req.ctx, 'thermix'),
        request,
        response,
        explanations: explanations!,
        data: await getReferenceData(req.ctx.app),
        date: new Date(),
      });
      sendPdf(res, 'thermix', pdf);
    }),
  );

  router.post(
    '/api/v1/ecorenover/report/pdf',
    asyncHandler(async (req, res) => {
      assertSimulatorEnabled(req.ctx, 'ecorenover', 'ecorenoverIframe');
      const body = reportBody(req.ctx, req.body);
      const { result } = computeEcorenoverAnswer(req.ctx, body.request, '/data/request');
      const info = await reportWhiteLabel(req.ctx, body.domain);
      const { ecorenoverReport } = await import('./ecorenover-report');
      const pdf = ecorenoverReport({
        ...titles(info, req.ctx, 'ecorenover'),
        result,
        data: await getReferenceData(req.ctx.app),
        date: new Date(),
      });
      sendPdf(res, 'ecorenover', pdf);
    }),
  );

  return router;
}
