import { Router, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AppContext, RequestContext } from '../../context';
import { denied, message, notFound } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { HttpError, ValidationError } from '../../http/http-error';
import type { ApiRecord } from '../../db/row-mapper';
import { isRecordKey } from '../../db/record-key';
import { inTransaction } from '../../db/transaction';
import { create, update } from '../../operations/write';
import { find } from '../../operations/find';
import { findOne } from '../../operations/find-one';
import { CONTACT_LINK_OF_KIND } from '../../hooks/fac/visit-report-hooks';
import { scenarioTotals } from '../../../engine/visit-report/scenario-totals';
import type { FieldError } from '../../../engine/validation/field-error';
import { whiteLabelByDomain } from '../white-labels/resolve-white-label';
import { storeTempData, readTempData } from '../pdf/temp-store';
import { fileDate } from '../pdf/format';
import { printData, type PrintData } from './print-data';
import { groupsOf, housingAdvisors, SIGNING_USER_TYPES } from './housing-advisors';

const BASE = '/api/v1/visit-report';
/** The module flag of each kind of report (spec 02 §2: /compte-rendu-entretien and /preco-immo). */
const MODULE_OF_KIND: Record<string, string> = { visit: 'visitReport', preco: 'precoImmo' };

function assertWriter(ctx: RequestContext): void {
  if (!ctx.user.roles.includes('advisor') && !ctx.user.roles.includes('administrator')) throw denied(ctx);
}

function assertKind(ctx: RequestContext, kind: unknown): 'visit' | 'preco' {
  if (kind !== 'visit' && kind !== 'preco') {
    throw new ValidationError(
      [{ path: 'kind', code: 'enum', params: {}, message: message(ctx.app, 'validation.enum') }],
      message(ctx.app, 'validation.summary'),
    );
  }
  if (ctx.whiteLabel.modules[MODULE_OF_KIND[kind]] !== true) throw notFound(ctx);
  return kind;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A validation error of one part of the save, its paths prefixed with the part (`report.faces/0/nature`). */
async function part<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof ValidationError)
      throw new ValidationError(
        (e.errors ?? []).map((err: FieldError) => ({ ...err, path: `${prefix}.${err.path.replace(/^\//, '')}` })),
        e.message,
      );
    throw e;
  }
}

function contactTypeError(ctx: RequestContext, path: string): ValidationError {
  const text = message(ctx.app, 'entity.visit-report.check.contact_type');
  return new ValidationError(
    [{ path, code: 'entity.visit-report.check.contact_type', params: {}, message: text }],
    text,
  );
}

/**
 * Housing and report saved in one transaction (spec 02 §4, never half): the housing first (created
 * or changed), then the report on it; any refusal of the report rolls the housing back. The
 * housing's contact entity must be of the kind's type (spec 02 §5).
 */
async function save(ctx: RequestContext, body: unknown) {
  assertWriter(ctx);
  if (!isObject(body) || !isObject(body.housing) || !isObject(body.report)) {
    throw new ValidationError(
      [{ path: '', code: 'object', params: {}, message: message(ctx.app, 'visit-report.save_body') }],
      message(ctx.app, 'visit-report.save_body'),
    );
  }
  const kind = assertKind(ctx, body.kind);
  const housingInput = { ...body.housing };
  const reportInput = { ...body.report };
  const housingPk = housingInput.pk;
  const reportPk = reportInput.pk;
  delete housingInput.pk;
  delete reportInput.pk;
  const link = CONTACT_LINK_OF_KIND[kind];
  const other = link === 'contact' ? 'organization' : 'contact';
  // The contact entity the housing will have: what is sent, else what is stored.
  const stored = isRecordKey(housingPk) ? await findOne(ctx, 'housing', housingPk) : {};
  const effective = { ...stored, ...housingInput };
  if (!isRecordKey(effective[link]) || isRecordKey(effective[other])) throw contactTypeError(ctx, `housing.${link}`);

  return inTransaction(ctx, async (tctx) => {
    const housing: ApiRecord = await part('housing', () =>
      isRecordKey(housingPk) ? update(tctx, 'housing', housingPk, housingInput) : create(tctx, 'housing', housingInput),
    );
    const groups = Array.isArray(housing.groups) ? (housing.groups as number[]) : [];
    const input: Record<string, unknown> = { ...reportInput, kind, housing: housing.pk };
    if (!isRecordKey(input.group))
      input.group = ctx.user.group !== null && groups.includes(ctx.user.group) ? ctx.user.group : groups[0];
    const existing = await find(tctx, 'visit-report', { filters: { housing: String(housing.pk) }, perPage: 1 });
    const current = existing.records[0];
    // The report's advisor defaults to the signed-in advisor (issue 28 row 9); the hook checks that whoever
    // is named followed the household.
    if (!('advisor' in input) && !current?.advisor && SIGNING_USER_TYPES.includes(String(ctx.user.userType)))
      input.advisor = ctx.user.pk;
    if (isRecordKey(reportPk) ? current && current.pk !== reportPk : current) {
      const key = 'entity.visit-report.check.housing_has_report';
      throw new ValidationError(
        [{ path: 'report.housing', code: key, params: {}, message: message(tctx.app, key) }],
        message(tctx.app, 'validation.summary'),
      );
    }
    const report: ApiRecord = await part('report', () =>
      isRecordKey(reportPk) ? update(tctx, 'visit-report', reportPk, input) : create(tctx, 'visit-report', input),
    );
    return { housing, report, scenarios: scenarioTotals(report as never) };
  });
}

/** A contact's « first last » name, an organisation's name. */
function nameOf(record: ApiRecord): string {
  const parts = 'name' in record ? [record.name] : [record.firstName, record.lastName];
  return parts.filter((v) => typeof v === 'string' && v.trim()).join(' ');
}

/**
 * The recent files of the search screen (reference 10.8 `entities/`): the contacts or the
 * organisations of the 20 most recently changed housings the caller may see, newest first.
 */
async function recentFiles(ctx: RequestContext, type: unknown) {
  assertWriter(ctx);
  if (type !== 'contacts' && type !== 'organizations') {
    throw new ValidationError(
      [{ path: 'type', code: 'enum', params: {}, message: message(ctx.app, 'visit-report.search_type') }],
      message(ctx.app, 'visit-report.search_type'),
    );
  }
  const link = type === 'contacts' ? 'contact' : 'organization';
  const { records } = await find(ctx, 'housing', { sort: '-updatedAt', perPage: 20, page: 1 });
  const housings = records.filter((h) => isRecordKey(h[link]));
  const reports = housings.length
    ? (
        await Promise.all(
          housings.map((h) => find(ctx, 'visit-report', { filters: { housing: String(h.pk) }, perPage: 1 })),
        )
      ).map((r) => r.records[0]?.pk ?? null)
    : [];
  // The household's name for the search screen; a file the caller may not read shows no name.
  const names = await Promise.all(
    housings.map((h) =>
      findOne(ctx, link, h[link]).then(
        (r) => nameOf(r),
        () => '',
      ),
    ),
  );
  return {
    type,
    results: housings.map((h, i) => ({
      housing: h.pk,
      [link]: h[link],
      name: names[i],
      address: [h.address, h.postcode, h.city].filter((v) => typeof v === 'string' && v).join(' '),
      updatedAt: h.updatedAt,
      report: reports[i],
    })),
  };
}

function sendPdf(res: Response, pdf: Buffer): void {
  res
    .status(200)
    .type('application/pdf')
    .set('content-disposition', `attachment; filename="diagnostic-${fileDate(new Date())}.pdf"`)
    .set('cache-control', 'no-store')
    .send(pdf);
}

async function siteTitleOf(ctx: RequestContext, domain: unknown): Promise<string> {
  const info =
    (typeof domain === 'string' && domain ? await whiteLabelByDomain(ctx.app, domain.toLowerCase()) : null) ??
    ctx.whiteLabel;
  const title = info.record?.siteTitle;
  return typeof title === 'string' && title.trim() ? title.trim() : 'Rénovation énergétique';
}

/** `{data: {report: pk}}` (signed in, the report's view right) or `{data: {uuid}}` (the print page's entry). */
async function pdfData(ctx: RequestContext, body: unknown): Promise<PrintData> {
  const data = isObject(body) ? body.data : undefined;
  if (isObject(data) && isRecordKey(data.report)) {
    assertWriter(ctx);
    return printData(ctx, data.report);
  }
  if (isObject(data) && typeof data.uuid === 'string') {
    const entry = await readTempData(ctx, data.uuid);
    const stored = isObject(entry.data) ? entry.data.visitReport : undefined;
    if (!isObject(stored)) throw new HttpError(404, 'not_found', message(ctx.app, 'visit-report.print_missing'));
    return stored as unknown as PrintData;
  }
  throw new ValidationError(
    [{ path: '/data', code: 'required', params: {}, message: message(ctx.app, 'visit-report.pdf_body') }],
    message(ctx.app, 'visit-report.pdf_body'),
  );
}

/**
 * Visit reports and pre-recommendations (spec 02 §2, reference 10.8): the recent files, the
 * one-transaction save, the print data kept in the temporary store for the public print page,
 * and the PDF drawn on the server.
 */
export function visitReportRouter(app: AppContext): Router {
  const router = Router();
  router.get(
    `${BASE}/entities/`,
    asyncHandler(async (req, res) => {
      res.json(await recentFiles(req.ctx, req.query.type));
    }),
  );
  router.get(
    `${BASE}/advisors-for-housing/:pk/`,
    asyncHandler(async (req, res) => {
      assertWriter(req.ctx);
      // The housing through the generic read: its rights (403) and 404, then its structures' advisors.
      const housing = await findOne(req.ctx, 'housing', req.params.pk);
      res.json(await housingAdvisors(req.ctx.app.database.db, groupsOf(housing.groups)));
    }),
  );
  router.post(
    `${BASE}/save/`,
    asyncHandler(async (req, res) => {
      res.json(await save(req.ctx, req.body));
    }),
  );
  router.post(
    `${BASE}/report/print/`,
    asyncHandler(async (req, res) => {
      assertWriter(req.ctx);
      const body = req.body as unknown;
      const pk = isObject(body) ? body.report : undefined;
      if (!isRecordKey(pk))
        throw new ValidationError(
          [{ path: 'report', code: 'required', params: {}, message: message(req.ctx.app, 'visit-report.pdf_body') }],
          message(req.ctx.app, 'visit-report.pdf_body'),
        );
      const data = await printData(req.ctx, pk);
      res.status(201).json(await storeTempData(req.ctx, { visitReport: data }));
    }),
  );
  router.post(
    [`${BASE}/report/pdf`, `${BASE}/report/pdf/`],
    rateLimit({
      windowMs: 60_000,
      limit: Number(process.env.SIMULATORS_PDF_PER_MINUTE ?? 60),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, res) => {
        res.status(429).json({ error: 'too_many_requests', message: message(app, 'errors.429') });
      },
    }),
    asyncHandler(async (req, res) => {
      const data = await pdfData(req.ctx, req.body);
      const domain = isObject(req.body) ? (req.body as Record<string, unknown>).domain : undefined;
      // jsPDF is loaded with the first report, not at every server start.
      const { visitReportPdf } = await import('../pdf/visit-report-report');
      sendPdf(res, visitReportPdf({ siteTitle: await siteTitleOf(req.ctx, domain), data, date: new Date() }));
    }),
  );
  return router;
}
