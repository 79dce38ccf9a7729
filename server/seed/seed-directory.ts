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
    // The directory's news page (issue 28 row 3): written by directory administrators in place.
    name: 'actualites',
    title: 'Actualités de l\u2019annuaire',
    helpText:
      '<h3>Bienvenue dans l\u2019annuaire</h3><p>Les professionnels de la rénovation référencés par ' +
      'l\u2019espace conseil sont présentés ici. Les actualités de l\u2019annuaire (nouveaux professionnels, ' +
      'rencontres, évolutions) sont publiées sur cette page par l\u2019équipe de l\u2019annuaire.</p>',
  },
  {
    name: 'aide-utilisateur',
    title: 'Comment utiliser l\u2019annuaire',
    helpText:
      '<p>Choisissez votre type de bâtiment, puis le type de mission, puis la mission recherchée : ' +
      'l\u2019annuaire montre les professionnels validés qui la proposent, dans un ordre aléatoire.</p>',
  },
];

/**
 * Spellings of the reference data corrected since databases were first seeded (issue 26 item 8: « Maitrise
 * d'œuvre », « energétique », lower-case activities as shown to the public): table, pk, former name, new name. A
 * row still holding the former name is renamed at start; one a directory administrator renamed is left alone.
 */
export const REFERENCE_RENAMES: [string, number, string, string][] = [
  ['listepro_activity', 1, 'maison', 'Maison'],
  ['listepro_activity', 2, 'petit collectif', 'Petit collectif'],
  ['listepro_activity', 3, 'copropriété', 'Copropriété'],
  ['listepro_activity', 4, 'tertiaire', 'Tertiaire'],
  ['listepro_mission', 4, "Maitrise d'œuvre", "Maîtrise d'œuvre"],
  ['listepro_sub_mission', 1, 'audit énergétique', 'Audit énergétique'],
  ['listepro_sub_mission', 2, 'accompagnateur copropriété', 'Accompagnateur copropriété'],
  ['listepro_sub_mission', 3, 'constructeur maison', 'Constructeur maison'],
  [
    'listepro_sub_mission',
    4,
    'audit global (architectural et energétique)',
    'Audit global (architectural et énergétique)',
  ],
  ['listepro_sub_mission', 5, 'diagnostic technique global (DTG)', 'Diagnostic technique global (DTG)'],
  ['listepro_sub_mission', 7, 'santé dans le bâtiment', 'Santé dans le bâtiment'],
  ['listepro_sub_mission', 8, 'calcul thermique réglementaire', 'Calcul thermique réglementaire'],
  ['listepro_sub_mission', 9, 'offre globale (CVC et bâti)', 'Offre globale (CVC et bâti)'],
  ['listepro_sub_mission', 10, 'chauffage/ventilation/climatisation', 'Chauffage/ventilation/climatisation'],
  ['listepro_sub_mission', 11, 'bâti et architecture', 'Bâti et architecture'],
  ['listepro_sub_mission', 13, 'syndic', 'Syndic'],
  ['listepro_sub_mission', 14, 'ingéniérie financière', 'Ingénierie financière'],
  ['listepro_sub_mission', 15, 'banques', 'Banques'],
  ['listepro_sub_mission', 16, 'banques prêt copropriété', 'Banques prêt copropriété'],
  ['listepro_sub_mission', 17, 'surélévation', 'Surélévation'],
  ['listepro_sub_mission', 18, 'offre globale travaux', 'Offre globale travaux'],
  ['listepro_sub_mission', 20, 'habitat participatif', 'Habitat participatif'],
  ['listepro_sub_mission', 21, 'assistance maîtrise d’usage', 'Assistance maîtrise d’usage'],
  [
    'listepro_sub_mission',
    22,
    'negociation contrat exploitation fourniture',
    'Négociation contrat exploitation fourniture',
  ],
  ['listepro_job', 3, 'Economistes', 'Économistes'],
  ['listepro_job', 4, "Maître d'oeuvre", "Maître d'œuvre"],
  ['listepro_key_word', 23, 'bois energie', 'bois énergie'],
  ['listepro_key_word', 33, 'contrat de performance énergétiq', 'contrat de perf. énergétique'],
  ['listepro_key_word', 49, 'isolation thermique extérieur', 'isolation thermique extérieure'],
  ['listepro_key_word', 50, 'isolation thermique intérieur', 'isolation thermique intérieure'],
  ['listepro_key_word', 62, "etanchéité à l'air", "étanchéité à l'air"],
  ['listepro_key_word', 64, 'animation de reunion', 'animation de réunion'],
  ['listepro_key_word', 84, 'Energies Renouvelables', 'Énergies renouvelables'],
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
  for (const [table, pk, from, to] of REFERENCE_RENAMES)
    await db
      .updateTable(table as never)
      .set({ name: to } as never)
      .where('pk' as never, '=', pk as never)
      .where('name' as never, '=', from as never)
      .execute();
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
