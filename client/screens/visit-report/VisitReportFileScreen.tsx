import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { api, ApiError } from '../../api/http';
import GenericEdit, { type RelationLimit } from '../../runtime/GenericEdit';
import { useCurrentRoute } from '../../runtime/entity-routes';
import { useEntityMeta } from '../../runtime/use-entity-meta';
import type { EntityMeta, RecordData } from '../../runtime/types';
import { ruleUserAtom } from '../../state/session';
import { usePageTitle } from '../../shell/page-title';
import { t } from '../../lib/messages';
import { parisDate } from '../../../engine/time/paris-time';
import type { FieldError } from '../../../engine/validation/field-error';
import { KINDS, householdName, kindOf, type KindSettings, type ReportKind } from './report-kind';
import { ScenarioComparison } from './ScenarioComparison';
import { AppendixSummary } from './AppendixSummary';
import './visit-report.css';

interface HousingFile {
  household: RecordData & { pk: number };
  housings: RecordData[];
  /** The housing shown, null for a new one. */
  housingPk: number | null;
  reportPk: number | null;
}

type Loaded = { file: HousingFile } | { wrongKind: true } | { error: string };

const NO_ERRORS: FieldError[] = [];

const WRONG_KIND_HELP: Record<ReportKind, string> = {
  visit:
    'Le compte rendu d’entretien porte sur le logement d’un contact ; ' +
    'pour une structure, rédigez une pré-recommandation.',
  preco:
    'La pré-recommandation porte sur le logement d’une structure ; ' +
    'pour un contact, rédigez un compte rendu d’entretien.',
};

/** Spec 02 §5: each report takes one kind of household. */
class WrongKind extends Error {}

async function reportOf(housingPk: number | null): Promise<number | null> {
  if (housingPk === null) return null;
  const found = await api<RecordData[]>('/visit-report/report/', { query: { housing: housingPk, perPage: 1 } });
  return typeof found[0]?.pk === 'number' ? found[0].pk : null;
}

/** The file of a route: the household (from its own route or from the report's housing), its housings, the report. */
async function loadFile(
  settings: KindSettings,
  kind: ReportKind,
  params: Record<string, string | undefined>,
): Promise<HousingFile> {
  let householdPk: number;
  let housingPk: number | null = null;
  if (params.reportPk) {
    const report = await api<RecordData>(`/visit-report/report/${encodeURIComponent(params.reportPk)}/`);
    if (report.kind !== kind) throw new WrongKind();
    const housing = await api<RecordData>(`/visit-report/housing/${String(report.housing)}/`);
    if (typeof housing[settings.contactType] !== 'number') throw new WrongKind();
    householdPk = housing[settings.contactType] as number;
    housingPk = housing.pk as number;
  } else {
    if (params.contactType !== settings.contactType) throw new WrongKind();
    householdPk = Number(params.contactEntityPk);
  }
  const [household, housings] = await Promise.all([
    api<RecordData & { pk: number }>(`${settings.searchPath}${householdPk}/`),
    api<RecordData[]>('/visit-report/housing/', {
      query: { [settings.contactType]: householdPk, sort: '-updatedAt', perPage: 50 },
    }),
  ]);
  housingPk ??= ((housings.find((h) => h.isMainAddress) ?? housings[0])?.pk as number | undefined) ?? null;
  return { household, housings, housingPk, reportPk: await reportOf(housingPk) };
}

/** The writable values of the housing form, as its own save would send them. */
function housingPayload(meta: EntityMeta | null, data: RecordData): RecordData {
  const out: RecordData = {};
  for (const [name, value] of Object.entries(data)) {
    const property = meta?.schema.properties[name];
    if (meta ? property && !property.readOnly : !['pk', 'createdAt', 'updatedAt'].includes(name)) out[name] = value;
  }
  return out;
}

/** The errors of one part of the save's answer (`housing.area` → `area`). */
function partOf(errors: FieldError[], prefix: string): FieldError[] {
  return errors
    .filter((e) => e.path.startsWith(`${prefix}.`))
    .map((e) => ({ ...e, path: e.path.slice(prefix.length + 1) }));
}

/** The appendix fields choosing a saved simulation, and the entity API each one reads. */
const SIMULATION_APIS: Record<string, string> = {
  ecorenoverSimulation: '/fac/ecorenover-simulation/',
  heatingSimulation: '/fac/heating-simulation/',
};

const NO_SIMULATION = 'Aucune simulation enregistrée pour ce ménage.';

/**
 * The household's own saved simulations, per appendix field: the server refuses another
 * household's, so the choice offers only these (null until read: the server's list meanwhile).
 */
function useHouseholdSimulations(
  contactType: KindSettings['contactType'],
  household: number | undefined,
): Record<string, RelationLimit> {
  const [values, setValues] = useState<Record<string, number[] | null>>({});
  useEffect(() => {
    if (household === undefined) return;
    let live = true;
    setValues({});
    for (const [field, path] of Object.entries(SIMULATION_APIS)) {
      api<RecordData[]>(path, { query: { [contactType]: household, perPage: 200 } }).then(
        (rows) => live && setValues((v) => ({ ...v, [field]: rows.map((r) => r.pk as number) })),
        // Unreadable (no right, module off): the server's choices stay, its check still applies.
        () => live && setValues((v) => ({ ...v, [field]: null })),
      );
    }
    return () => {
      live = false;
    };
  }, [contactType, household]);
  return useMemo(
    () =>
      Object.fromEntries(
        Object.keys(SIMULATION_APIS).map((field) => [field, { values: values[field] ?? null, none: NO_SIMULATION }]),
      ),
    [values],
  );
}

const NO_ADVISOR = 'Aucun conseiller actif dans les structures attachées à ce logement.';

/**
 * The report's advisor is chosen among those who followed the household (issue 28 row 9): the advisors of the
 * housing's structures (GET /visit-report/advisors-for-housing/:pk/). A new housing has none yet: no narrowing,
 * the server's check applies on save.
 */
function useHousingAdvisors(housing: number | null | undefined): RelationLimit {
  const [values, setValues] = useState<number[] | null>(null);
  useEffect(() => {
    setValues(null);
    if (!housing) return;
    let live = true;
    api<{ pk: number }[]>(`/visit-report/advisors-for-housing/${housing}/`).then(
      (rows) => live && setValues(rows.map((r) => r.pk)),
      () => live && setValues(null),
    );
    return () => {
      live = false;
    };
  }, [housing]);
  return useMemo(() => ({ values, none: NO_ADVISOR }), [values]);
}

function addressOf(h: RecordData): string {
  const text = [h.address, h.postcode, h.city].filter((v) => typeof v === 'string' && v).join(' ');
  return text || `Logement n° ${String(h.pk)}`;
}

/**
 * /compte-rendu-entretien/:contactType/:pk, …/rapport/:reportPk and their /preco-immo twins: the
 * housing of a household and its report, two generic forms saved together in one transaction
 * (POST /visit-report/save/), with the scenario comparison computed live from the report.
 */
export default function VisitReportFileScreen() {
  const kind = kindOf(useCurrentRoute().params?.kind);
  const settings = KINDS[kind];
  const params = useParams();
  const user = useAtomValue(ruleUserAtom);
  const { meta: housingMeta } = useEntityMeta('housing');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // Bumped after a save: both forms are read again from what the server stored.
  const [version, setVersion] = useState(0);
  const housingData = useRef<RecordData>({});
  const savedHousing = useRef<RecordData | null>(null);
  const [housingErrors, setHousingErrors] = useState<FieldError[]>(NO_ERRORS);

  useEffect(() => {
    let live = true;
    setLoaded(null);
    loadFile(settings, kind, params).then(
      (file) => live && setLoaded({ file }),
      (e: unknown) =>
        live && setLoaded(e instanceof WrongKind ? { wrongKind: true } : { error: (e as ApiError).message }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, params.contactType, params.contactEntityPk, params.reportPk]);

  const file = loaded && 'file' in loaded ? loaded.file : null;
  const simulations = useHouseholdSimulations(settings.contactType, file?.household.pk);
  const advisors = useHousingAdvisors(file?.housingPk);
  const relationLimits = useMemo(() => ({ ...simulations, advisor: advisors }), [simulations, advisors]);
  usePageTitle(file ? `${file.reportPk ? '' : 'Nouveau compte rendu : '}${householdName(file.household)}` : null);

  const onHousingData = useCallback((data: RecordData) => {
    housingData.current = data;
  }, []);

  const chooseHousing = async (value: string) => {
    if (!file) return;
    const housingPk = value === 'new' ? null : Number(value);
    setHousingErrors(NO_ERRORS);
    setLoaded({ file: { ...file, housingPk, reportPk: await reportOf(housingPk) } });
    setVersion((v) => v + 1);
  };

  const saveWith = async (report: RecordData): Promise<RecordData> => {
    if (!file) throw new Error('no file');
    const housing = { ...housingPayload(housingMeta, housingData.current), pk: file.housingPk ?? undefined };
    try {
      const saved = await api<{ housing: RecordData; report: RecordData }>('/visit-report/save/', {
        method: 'POST',
        body: { kind, housing, report: { ...report, pk: file.reportPk ?? undefined } },
      });
      setHousingErrors(NO_ERRORS);
      savedHousing.current = saved.housing;
      return saved.report;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const ofHousing = partOf(e.errors, 'housing');
      setHousingErrors(ofHousing.length ? ofHousing : NO_ERRORS);
      const rest = e.errors.filter((x) => !x.path.startsWith('housing.') && !x.path.startsWith('report.'));
      const note = ofHousing.map((x) => ({
        ...x,
        path: '',
        message: `Logement : ${housingMeta?.schema.properties[x.path]?.title ?? x.path} : ${x.message}`,
      }));
      throw new ApiError(e.status, e.code, e.message, [...partOf(e.errors, 'report'), ...rest, ...note], e.data);
    }
  };

  const onSaved = (report: RecordData) => {
    if (!file || !savedHousing.current) return;
    const housing = savedHousing.current;
    const housings = [housing, ...file.housings.filter((h) => h.pk !== housing.pk)];
    setLoaded({ file: { ...file, housings, housingPk: housing.pk as number, reportPk: report.pk as number } });
    setVersion((v) => v + 1);
  };

  const housingPrefill = useMemo(
    () => (file ? { [settings.contactType]: file.household.pk, groups: user.group === null ? [] : [user.group] } : {}),
    [file, settings.contactType, user.group],
  );
  const reportPrefill = useMemo(
    () => ({
      kind,
      housing: file?.housingPk ?? undefined,
      group: user.group ?? undefined,
      advisor: user.roles.includes('advisor') ? user.pk : null,
      visitDate: parisDate(Date.now()),
    }),
    [kind, file?.housingPk, user],
  );

  if (!loaded)
    return (
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    );
  if ('wrongKind' in loaded)
    return (
      <div className="notice notice-error" role="alert">
        <p>
          <strong>{t('entity.visit-report.check.contact_type')}.</strong> {WRONG_KIND_HELP[kind]}
        </p>
        <p>
          <Link to={`${settings.base}/recherche-dossier`}>Rechercher un dossier logement</Link>
        </p>
      </div>
    );
  if ('error' in loaded)
    return (
      <div className="notice notice-error" role="alert">
        {loaded.error}
      </div>
    );

  const current = loaded.file;
  const key = `${current.housingPk ?? 'new'}-${current.reportPk ?? 'new'}-${version}`;
  return (
    <div className="visit-report-file">
      <p className="visit-report-household">
        {kind === 'visit' ? 'Contact' : 'Structure'} : <strong>{householdName(current.household)}</strong> ·{' '}
        <Link to={`${settings.base}/recherche-dossier`}>Changer de dossier</Link>
      </p>
      <section className="panel visit-report-housing" aria-labelledby="visit-report-housing">
        <h2 id="visit-report-housing">Logement</h2>
        {current.housings.length > 0 && (
          <p className="visit-report-housing-choice">
            <label htmlFor="visit-report-housing-choice">Logement du dossier</label>
            <select
              id="visit-report-housing-choice"
              value={current.housingPk ?? 'new'}
              onChange={(e) => void chooseHousing(e.target.value)}
            >
              {current.housings.map((h) => (
                <option key={String(h.pk)} value={String(h.pk)}>
                  {addressOf(h)}
                </option>
              ))}
              <option value="new">Nouveau logement</option>
            </select>
          </p>
        )}
        <GenericEdit
          key={`housing-${key}`}
          entity="housing"
          {...(current.housingPk === null ? { create: true } : { pk: current.housingPk })}
          prefill={housingPrefill}
          lockedFields={['contact', 'organization']}
          idPrefix="housing"
          embedded
          onDataChange={onHousingData}
          partErrors={housingErrors}
        />
      </section>
      <section className="visit-report-report" aria-labelledby="visit-report-report">
        <h2 id="visit-report-report">{kind === 'visit' ? 'Compte rendu d’entretien' : 'Pré-recommandation'}</h2>
        <p className="muted small">Le logement et le compte rendu sont enregistrés ensemble.</p>
        <GenericEdit
          key={`report-${key}`}
          entity="visit-report"
          {...(current.reportPk === null ? { create: true } : { pk: current.reportPk })}
          prefill={reportPrefill}
          lockedFields={['kind', 'housing']}
          filledOnSave={['housing']}
          idPrefix="report"
          stayAfterSave
          keepPageTitle
          returnTo={`${settings.base}/recherche-dossier`}
          saveWith={saveWith}
          onSaved={onSaved}
          relationLimits={relationLimits}
          aside={(data) => (
            <>
              <ScenarioComparison report={data} />
              <AppendixSummary report={data} />
            </>
          )}
        />
      </section>
    </div>
  );
}
