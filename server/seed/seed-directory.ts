import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../db/tables';

export const DIRECTORY_DATA_FILE = resolve(
  import.meta.dirname,
  '../../fixtures/reference/directory-reference-data.json',
);

type Row = Record<string, unknown> & { id: number };
/** The directory's reference data as the file gives it (ids of the reference platform). */
export interface DirectoryReferenceData {
  segments: Row[];
  activities: Row[];
  missions: Row[];
  subMissions: Row[];
  segmentActivitySubMissionLinks: Row[];
  jobs: Row[];
  keyWordCategories: Row[];
  keyWords: Row[];
  calculationMethods: Row[];
  consumptionUsages: Row[];
}

export function readDirectoryFixture(file = DIRECTORY_DATA_FILE): DirectoryReferenceData {
  return JSON.parse(readFileSync(file, 'utf8')) as DirectoryReferenceData;
}

/** The file's collections, in dependency order: entity, table, file key, fields copied. */
const COLLECTIONS: [string, string, keyof DirectoryReferenceData, string[]][] = [
  ['listepro-segment', 'listepro_segment', 'segments', ['order', 'name', 'icon']],
  ['listepro-activity', 'listepro_activity', 'activities', ['order', 'name', 'icon']],
  ['listepro-mission', 'listepro_mission', 'missions', ['order', 'name', 'helpText']],
  ['listepro-sub-mission', 'listepro_sub_mission', 'subMissions', ['order', 'mission', 'name', 'helpText']],
  ['listepro-link', 'listepro_link', 'segmentActivitySubMissionLinks', ['segment', 'activity', 'subMission']],
  ['listepro-job', 'listepro_job', 'jobs', ['order', 'name']],
  ['listepro-key-word-category', 'listepro_key_word_category', 'keyWordCategories', ['order', 'name']],
  ['listepro-key-word', 'listepro_key_word', 'keyWords', ['order', 'name', 'category']],
  ['listepro-calculation-method', 'listepro_calculation_method', 'calculationMethods', ['order', 'name']],
  ['listepro-consumption-usage', 'listepro_consumption_usage', 'consumptionUsages', ['order', 'name']],
];

/**
 * The two help texts the product reads by key (spec 03 §3 Helper): the reference has none, so the
 * platform brings a first French text that directory administrators then rewrite.
 */
const HELPERS = [
  {
    name: 'acces-professionnel',
    title: 'Être référencé dans l\u2019annuaire',
    helpText:
      '<p>Vous êtes un professionnel de la rénovation et souhaitez apparaître dans l\u2019annuaire ? ' +
      'Contactez l\u2019espace conseil : un conseiller crée votre compte, puis vous remplissez votre fiche, ' +
      'que l\u2019équipe de l\u2019annuaire valide avant sa publication.</p>',
  },
  {
    name: 'aide-utilisateur',
    title: 'Comment utiliser l\u2019annuaire',
    helpText:
      '<p>Choisissez votre type de bâtiment, puis le type de mission, puis la mission recherchée : ' +
      'l\u2019annuaire montre les professionnels validés qui la proposent, dans un ordre aléatoire.</p>',
  },
];

/** The job named « Banques » has bank offers instead of references (spec 03 §3, formType). */
function jobFormType(name: unknown): string {
  return typeof name === 'string' && /^banque/i.test(name) ? 'bank' : 'generic';
}

/**
 * Adds the directory's reference rows the database lacks, keeping the file's ids (the search
 * tree's links and saved sheets refer to them), through `add` (validated batch inserts). Rows
 * already there are left alone: an administrator's correction survives restarts.
 */
export async function insertDirectoryReference(
  db: Kysely<AppDatabase>,
  existingPks: (table: string) => Promise<Set<number>>,
  add: (entity: string, records: Record<string, unknown>[]) => Promise<void>,
  data: DirectoryReferenceData = readDirectoryFixture(),
): Promise<void> {
  for (const [entity, table, key, fields] of COLLECTIONS) {
    const pks = await existingPks(table);
    await add(
      entity,
      data[key]
        .filter((r) => !pks.has(r.id))
        .map((r) => {
          const record: Record<string, unknown> = { pk: r.id };
          for (const f of fields) if (r[f] !== undefined) record[f] = r[f];
          if (entity === 'listepro-job') record.formType = jobFormType(r.name);
          return record;
        }),
    );
  }
  const names = new Set(
    (
      (await db
        .selectFrom('listepro_helper' as never)
        .select('name' as never)
        .execute()) as { name: string }[]
    ).map((r) => r.name),
  );
  await add(
    'listepro-helper',
    HELPERS.filter((h) => !names.has(h.name)),
  );
}
