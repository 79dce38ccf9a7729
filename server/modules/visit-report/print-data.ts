import type { RequestContext } from '../../context';
import { HttpError } from '../../http/http-error';
import type { ApiRecord } from '../../db/row-mapper';
import { findOne } from '../../operations/find-one';
import { getEntity } from '../../../engine/schema/registry';
import type { PropertySchema } from '../../../engine/schema/types';
import { computeEcorenoverAnswer } from '../simulators/compute';
import { assembleAppendices, type Appendix } from '../../../engine/visit-report/appendices';
import { scenarioTotals, type ScenarioTotals } from '../../../engine/visit-report/scenario-totals';

/** French labels of every enum of the report and the housing, by dotted path (`faces.nature`). */
export type LabelMaps = Record<string, Record<string, string>>;

/**
 * Everything the report's PDF and its public print page show, as plain JSON: stored in the
 * temporary store as is (reference 10.8), so a print page opened later needs no rights and no
 * database reads beyond that entry.
 */
export interface PrintData {
  report: ApiRecord;
  housing: ApiRecord;
  /** The household (contact) or the organisation the housing belongs to. */
  contactName: string;
  group: { name: string; fullName: string; address: string; phone: string; email: string; website: string };
  advisor: { name: string; email: string; phone: string; title: string } | null;
  scenarios: ScenarioTotals[];
  appendices: Appendix[];
  labels: LabelMaps;
}

function collectLabels(props: Record<string, PropertySchema>, prefix: string, out: LabelMaps): void {
  for (const [name, p] of Object.entries(props)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (p['x-enum-labels']) out[path] = p['x-enum-labels'];
    if (p.properties) collectLabels(p.properties, path, out);
    const items = p.items as PropertySchema | undefined;
    if (items?.properties) collectLabels(items.properties, path, out);
  }
}

/** The labels the schemas declare: the PDF and the screen name natures the same way. */
export function labelMaps(ctx: RequestContext): LabelMaps {
  const out: LabelMaps = {};
  collectLabels(getEntity(ctx.app.registry, 'visit-report').schema.properties, '', out);
  const housing: LabelMaps = {};
  collectLabels(getEntity(ctx.app.registry, 'housing').schema.properties, '', housing);
  for (const [k, v] of Object.entries(housing)) out[`housing.${k}`] = v;
  return out;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

async function row(ctx: RequestContext, entity: string, pk: unknown): Promise<Record<string, unknown> | undefined> {
  if (typeof pk !== 'number') return undefined;
  const table = getEntity(ctx.app.registry, entity).schema['x-entity'].table;
  return (await ctx.app.database.db
    .selectFrom(table as never)
    .selectAll()
    .where('pk' as never, '=', pk as never)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
}

/**
 * The print data of a report the caller may see (403 otherwise, as the report's own GET). The
 * household's name, the signing structure and the advisor are read without their own rights: who
 * may read the report reads whom it is about and who signs it.
 */
export async function printData(ctx: RequestContext, reportPk: unknown): Promise<PrintData> {
  const report = await findOne(ctx, 'visit-report', reportPk);
  const housing = await findOne(ctx, 'housing', report.housing);
  const contact = await row(ctx, 'contact', housing.contact);
  const organization = await row(ctx, 'organization', housing.organization);
  const contactName = contact
    ? [str(contact.civility).replace(/^-$/, ''), str(contact.first_name), str(contact.last_name)]
        .filter(Boolean)
        .join(' ')
    : str(organization?.name);
  const g = await row(ctx, 'group', report.group);
  const a = await row(ctx, 'user', report.advisor);
  let simulation: { description: string; result: ReturnType<typeof computeEcorenoverAnswer>['result'] | null } | null =
    null;
  if (report.appendixEcorenover === true && typeof report.ecorenoverSimulation === 'number') {
    const saved = await findOne(ctx, 'ecorenover-simulation', report.ecorenoverSimulation).catch((e: unknown) => {
      if (e instanceof HttpError && (e.status === 403 || e.status === 404)) return null;
      throw e;
    });
    if (saved) {
      let result = null;
      try {
        result = computeEcorenoverAnswer(ctx, saved.savedInputs).result;
      } catch (e) {
        // Saved inputs the simulator no longer accepts: the appendix says so instead of failing the report.
        if (!(e instanceof HttpError) || e.status !== 400) throw e;
      }
      simulation = { description: str(saved.description), result };
    }
  }
  return {
    report,
    housing,
    contactName,
    group: {
      name: str(g?.name),
      fullName: str(g?.full_name),
      address: str(g?.address),
      phone: str(g?.phone),
      email: str(g?.email),
      website: str(g?.website),
    },
    advisor: a
      ? {
          name: [str(a.first_name), str(a.last_name)].filter(Boolean).join(' '),
          email: str(a.email),
          phone: str(a.phone),
          title: str(a.title),
        }
      : null,
    scenarios: scenarioTotals(report as never),
    appendices: assembleAppendices(report as never, simulation),
    labels: labelMaps(ctx),
  };
}
