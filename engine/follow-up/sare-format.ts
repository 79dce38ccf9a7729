import iconv from 'iconv-lite';
import { plainTextOf } from '../html/plain-text';
import { actId, PLATFORM_SHORT_NAME, type ExportAct } from './national-platform';

/**
 * The national platform's own `sare` file (reference file area 9.5): Windows-1252, fields
 * separated by `|;|`, lines ended by CRLF, several values of one field joined by `_/_`, no
 * header line, 39 columns in the reference's order. Server only (iconv-lite needs Buffer).
 */

export const SARE_FIELD_SEPARATOR = '|;|';
export const SARE_LIST_SEPARATOR = '_/_';
export const SARE_LINE_END = '\r\n';

/** The columns, in order (reference 9.5 numbers them 1 to 39). */
export const SARE_COLUMNS = [
  "Identifiant unique de l'acte",
  'Structure',
  'Conseiller',
  'Type Acte',
  'Date Acte',
  'Durée Acte',
  'Unité Durée Acte',
  'Type de public',
  'Nom',
  'Prénom',
  'Raison sociale',
  "SIRET de l'entreprise",
  'Eligibilité aux aides Anah',
  'E-mail',
  'Téléphone',
  'Type de logement',
  'Nombre de logement',
  'Code Postal',
  'Commune',
  'Adresse',
  "Statut d'occupation",
  "Type de l'information",
  "Nature de l'information",
  "Nature de l'information technique",
  'Question (posée par le demandeur)',
  'Réponse (apportée par le conseiller)',
  'Poursuite de service envisagée',
  "Rapport d'Audit / DTG remis au demandeur",
  'Visa conseiller',
  'Date de démarrage des travaux',
  'Date du bilan de fin de travaux',
  "Date abandon de l'accompagnement",
  'Date de 1ere visite',
  'Date du 1er devis',
  'Date du Bilan de consommation',
  "Date du test d'étanchéité à l'air",
  'Date de Prise en main finale',
  'Date mise à jour Technique',
  'Code Insee',
] as const;

/** An exported act with what the sare columns add: custom-form answers and the INSEE code. */
export interface SareAct extends ExportAct {
  /** The action's custom-form answers (field id → value). */
  actionAnswers: Record<string, unknown>;
  /** The answers of the folder's contact, else organisation (« linked object » of 9.5). */
  linkedAnswers: Record<string, unknown>;
  inseeCode: string;
}

/** A cell: one value, or several (joined by `_/_`). */
export type SareCell = string | string[];

/** Upper case without accents, typographic apostrophe as a plain one: the platform's code words. */
export function sareWord(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘]/g, "'")
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .trim()
    .toUpperCase();
}

const key = (v: string) => sareWord(v).replace(/[^A-Z0-9]/g, '');

/**
 * A choice column: the reference's table for the values it names (compared without case, accents
 * or punctuation), the platform's code word of any other value (an administrator may add a
 * choice: it is written, not refused). `order` lists the codes in the reference's order, which
 * several values keep.
 */
function choice(table: Record<string, string>, order?: readonly string[]) {
  const byKey = new Map(Object.entries(table).map(([k, v]) => [key(k), v]));
  const convert = (v: string) => byKey.get(key(v)) ?? sareWord(v);
  return (raw: unknown): SareCell => {
    const values = answerList(raw).map(convert);
    const rank = (v: string) => (order?.includes(v) ? order.indexOf(v) : (order?.length ?? 0));
    if (order) values.sort((a, b) => rank(a) - rank(b));
    return values.length > 1 ? values : (values[0] ?? '');
  };
}

/** An answer as its values: a list (multi-select), one value, or nothing. */
function answerList(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : raw === null || raw === undefined || raw === '' ? [] : [raw];
  return list.map((v) => String(v).trim()).filter((v) => v !== '');
}

const text = (raw: unknown): string => answerList(raw).join(' ');
const cut = (value: string, max: number) => value.slice(0, max);

const PUBLIC_TYPE = choice({
  'PO ou PB membre d’une SCI': 'PO OU PB MEMBRE SCI',
  'Occupant à titre gratuit': 'OCCUPANT TITRE GRATUIT',
  'Syndic de copropriétés': 'SYNDIC DE COPROPRIETE',
});
const HOUSING_TYPE = choice({
  'Logement individuel': 'LI',
  'Logement en copropriété': 'LC',
  Copropriété: 'CO',
});
const INFORMATION_TYPE = choice({}, [
  'INFORMATION TECHNIQUE',
  'INFORMATION FINANCIERE',
  'INFORMATION JURIDIQUE',
  'INFORMATION SOCIALE',
]);
const INFORMATION_NATURE = choice({
  'Offres à 1€': 'OFFRE 1 EURO',
  "Eco-gestes (économie d'eau, d'énergie...)": 'ECOGESTES',
  'Eco-gestes': 'ECOGESTES',
  'Demande à caractère économique et financier': 'DEMANDE ECONOMIQUE ET FINANCIER',
  'Réglementation/Législation': 'REGLEMENTATION ET LEGISLATION',
  "Compréhension des factures d'énergie": 'COMPREHENSION FACTURES ENERGIE',
});
const TECHNICAL_NATURE = choice({});
const FOLLOW_UP = choice({
  'Accompagnement à la réalisation des travaux': 'ACCOMPAGNEMENT REALISATION DE TRAVAUX',
  'Action usage': 'ACTION USAGES',
});

/** oui/non (or a boolean) → Oui/Non. */
function yesNo(raw: unknown): string {
  if (raw === true) return 'Oui';
  if (raw === false) return 'Non';
  const v = key(text(raw));
  return v === 'OUI' ? 'Oui' : v === 'NON' ? 'Non' : '';
}

/** A date answer as YYYY-MM-DD; anything that is not a date gives an empty cell (as the reference). */
function day(raw: unknown): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(text(raw));
  return m && !Number.isNaN(Date.parse(m[1])) ? m[1] : '';
}

/** Rich text (question, answer): plain text on one line, 1,000 characters. */
const longText = (raw: unknown): string => cut(plainTextOf(text(raw), Number.MAX_SAFE_INTEGER), 1000);

/**
 * The name of the custom field holding a reference field (7.1): added fields are named
 * `x` + capital (schemas/meta/overlay.meta.json), so `d_034` is `xD034`, `publicType` is
 * `xPublicType`.
 */
export function customFieldName(referenceId: string): string {
  const camel = referenceId.replace(/_([a-z0-9])/gi, (_m, c: string) => c.toUpperCase());
  return `x${camel[0].toUpperCase()}${camel.slice(1)}`;
}

/** The first answer given among reference field ids, under our name or the reference's own. */
function first(answers: Record<string, unknown>, ...ids: string[]): unknown {
  for (const id of ids)
    for (const name of [customFieldName(id), id]) if (answerList(answers[name]).length) return answers[name];
  return null;
}

/**
 * The 39 cells of an act (reference 9.5). The action's custom fields are read by the ids of the
 * reference's forms (7.1), named here as customFieldName says: `d_034` … `d_067` on the action,
 * `publicType`, `d_012`, `d_015`, `d_029`, `d_074` on the folder's contact or organisation. The
 * SIRET (`d_069`) is read on the action as the reference says, else on the organisation, where
 * the 7.1 forms ask it.
 */
export function sareRow(act: SareAct, platform = PLATFORM_SHORT_NAME): SareCell[] {
  const a = act.actionAnswers;
  const o = act.linkedAnswers;
  return [
    actId(act.pk, platform),
    cut(act.structure, 100),
    cut(act.advisor, 100),
    act.actType,
    act.date,
    act.duration === null ? '' : String(Math.floor(act.duration * 60)),
    'M',
    PUBLIC_TYPE(first(o, 'publicType')),
    cut(act.lastName, 100),
    cut(act.firstName, 100),
    cut(act.organization, 100),
    cut(text(first(a, 'd_069') ?? first(o, 'd_069')), 14),
    choice({})(first(o, 'd_012')),
    cut(act.email, 100),
    cut(act.phone, 20),
    HOUSING_TYPE(first(o, 'd_015')),
    text(first(o, 'd_029')),
    cut(act.zipcode, 5),
    cut(act.town, 100),
    cut(act.address, 100),
    choice({})(first(o, 'd_074')),
    INFORMATION_TYPE(first(a, 'd_034')),
    INFORMATION_NATURE(first(a, 'd_035')),
    TECHNICAL_NATURE(first(a, 'd_085')),
    longText(first(a, 'd_036', 'd_080')),
    longText(first(a, 'd_037', 'd_081')),
    FOLLOW_UP(first(a, 'd_043', 'd_087')),
    yesNo(first(a, 'd_044b')),
    yesNo(first(a, 'd_046')),
    day(first(a, 'd_049')),
    day(first(a, 'd_050')),
    day(first(a, 'd_052')),
    day(first(a, 'd_058')),
    day(first(a, 'd_060')),
    day(first(a, 'd_063')),
    day(first(a, 'd_065')),
    day(first(a, 'd_067')),
    act.updatedAt.slice(0, 10),
    cut(act.inseeCode, 5),
  ];
}

/**
 * One value made safe for the file: a line break (CR, LF, or both) becomes a space, and the
 * field separator `|;|` becomes `--` as in the reference; inside a multi-value cell the list
 * separator `_/_` becomes `--` too, so that a value never splits a line, a field or a list.
 */
function neutralise(value: string, inList: boolean): string {
  let v = value.replace(/\r\n|\r|\n/g, ' ').replaceAll(SARE_FIELD_SEPARATOR, '--');
  if (inList) v = v.replaceAll(SARE_LIST_SEPARATOR, '--');
  return v;
}

/** The file's text: one line per row, CRLF after each, no header. */
export function sareText(rows: SareCell[][]): string {
  return rows
    .map(
      (row) =>
        row
          .map((cell) =>
            Array.isArray(cell)
              ? cell.map((v) => neutralise(v, true)).join(SARE_LIST_SEPARATOR)
              : neutralise(cell, false),
          )
          .join(SARE_FIELD_SEPARATOR) + SARE_LINE_END,
    )
    .join('');
}

/**
 * The file's bytes in Windows-1252 (iconv-lite). A character Windows-1252 lacks (an emoji, most
 * letters outside Western Europe) is written `?`, iconv-lite's replacement: the platform reads
 * nothing else.
 */
export function sareFile(rows: SareCell[][]): Buffer {
  // NFC first: an accent typed as a combining mark is one Windows-1252 letter, not « e? ».
  // Astral characters (emoji) as one `?`, not one per UTF-16 half.
  const text = Array.from(sareText(rows).normalize('NFC'), (c) => (c.length > 1 ? '?' : c)).join('');
  return iconv.encode(text, 'win1252');
}
