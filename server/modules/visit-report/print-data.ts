import type { RequestContext } from '../../context';
import { HttpError } from '../../http/http-error';
import type { ApiRecord } from '../../db/row-mapper';
import { findOne } from '../../operations/find-one';
import { getEntity } from '../../../engine/schema/registry';
import type { PropertySchema } from '../../../engine/schema/types';
import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { fileStorage } from '../../storage';
import { computeEcorenoverAnswer, computeThermix, computeTherminix } from '../simulators/compute';
import { imageKind, mediaFile } from '../accounts/profile-picture';
import {
  assembleAppendices,
  type Appendix,
  type AppendixSources,
  type ProfessionalCard,
} from '../../../engine/visit-report/appendices';
import { thermixFigures, therminixFigures, type HeatingFigures } from '../../../engine/visit-report/heating-figures';
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
  /** The structure's logo for the cover, embedded (a data URL), or null: the cover then shows its name only. */
  logo: { dataUrl: string; format: 'PNG' | 'JPEG' } | null;
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

/** A saved record the caller may see, or null (gone, or of a structure the caller does not belong to). */
async function visible(ctx: RequestContext, entity: string, pk: unknown): Promise<ApiRecord | null> {
  if (typeof pk !== 'number') return null;
  return findOne(ctx, entity, pk).catch((e: unknown) => {
    if (e instanceof HttpError && (e.status === 403 || e.status === 404)) return null;
    throw e;
  });
}

/** Runs a simulator on saved inputs; inputs it no longer accepts give null (the appendix says so). */
async function orNull<T>(run: () => T | Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof HttpError && e.status === 400) return null;
    throw e;
  }
}

async function savedLoan(ctx: RequestContext, pk: unknown): Promise<AppendixSources['ecorenover']> {
  const saved = await visible(ctx, 'ecorenover-simulation', pk);
  if (!saved) return null;
  const result = await orNull(() => computeEcorenoverAnswer(ctx, saved.savedInputs).result);
  return { description: str(saved.description), result };
}

async function savedHeating(ctx: RequestContext, pk: unknown): Promise<AppendixSources['heating']> {
  const saved = await visible(ctx, 'heating-simulation', pk);
  if (!saved) return null;
  const figures: HeatingFigures | null =
    saved.simulator === 'therminix'
      ? await orNull(async () => therminixFigures(await computeTherminix(ctx, saved.savedInputs)))
      : await orNull(async () => thermixFigures((await computeThermix(ctx, saved.savedInputs)).response));
  return { description: str(saved.description), figures };
}

/**
 * The chosen directory sheets that are still valid and published (a sheet unpublished since it was
 * chosen is left out), in the order chosen. Published sheets are public: no right to check.
 */
async function professionals(ctx: RequestContext, pks: unknown): Promise<ProfessionalCard[]> {
  const out: ProfessionalCard[] = [];
  for (const pk of Array.isArray(pks) ? pks : []) {
    const p = await row(ctx, 'listepro-professional', pk);
    if (!p || !(p.pro_is_valid === true || p.pro_is_valid === 1) || p.transition_state !== 'published') continue;
    const job = await row(ctx, 'listepro-job', p.job);
    out.push({
      name: str(p.name),
      job: str(job?.name),
      email: str(p.email),
      phone: str(p.phone_number),
      website: str(p.url),
      address: str(p.address),
      postcode: str(p.postcode),
      town: str(p.town),
    });
  }
  return out;
}

/** The bytes of a stored `format: file` reference (the structure's uploaded logo), or null. */
async function storedBytes(ctx: RequestContext, value: unknown): Promise<Buffer | null> {
  let ref: unknown = value;
  if (typeof value === 'string') {
    try {
      ref = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const key = ref && typeof ref === 'object' ? (ref as { key?: unknown }).key : undefined;
  if (typeof key !== 'string') return null;
  return fileStorage(ctx.app)
    .get(key)
    .then((stream) => buffer(stream))
    .catch(() => null);
}

/**
 * The structure's logo (PNG or JPEG, the formats a PDF embeds as they are), or null: the logo
 * uploaded on the structure's form first, else the picture the reference platform kept.
 */
async function logoOf(ctx: RequestContext, uploaded: unknown, pictureUrl: unknown): Promise<PrintData['logo']> {
  let bytes = await storedBytes(ctx, uploaded);
  if (!bytes) {
    const file = mediaFile(ctx.app, typeof pictureUrl === 'string' ? pictureUrl : null);
    bytes = file ? await readFile(file).catch(() => null) : null;
  }
  const kind = bytes ? imageKind(bytes) : null;
  if (!bytes || (kind !== 'png' && kind !== 'jpg')) return null;
  const format = kind === 'png' ? 'PNG' : 'JPEG';
  return { dataUrl: `data:image/${kind === 'png' ? 'png' : 'jpeg'};base64,${bytes.toString('base64')}`, format };
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
  const sources: AppendixSources = {
    ecorenover: report.appendixEcorenover === true ? await savedLoan(ctx, report.ecorenoverSimulation) : null,
    heating: report.appendixHeating === true ? await savedHeating(ctx, report.heatingSimulation) : null,
    professionals: report.appendixProfessionals === true ? await professionals(ctx, report.professionals) : [],
  };
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
    logo: await logoOf(ctx, g?.logo, g?.profile_pic),
    scenarios: scenarioTotals(report as never),
    appendices: assembleAppendices(report as never, sources),
    labels: labelMaps(ctx),
  };
}
