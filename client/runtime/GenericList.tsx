import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { request, type ApiError } from '../api/http';
import { useEntityMeta } from './use-entity-meta';
import { entityPaths, useCurrentRoute } from './entity-routes';
import { DisplayValue } from './display-value';
import { isFileProperty, isFileRef } from '../../engine/files/file-ref';
import { FileDownloadButton } from './files/FileDownloadButton';
import { FileImage } from './files/FileImage';
import { filePaths } from './files/file-transfer';
import { useRelationLabels } from './use-relation-labels';
import { useOptions } from './use-options';
import { mainType } from '../../engine/schema/columns';
import type { PropertySchema } from '../../engine/schema/types';
import type { EntityMeta, RecordData } from './types';
import { relatedPath } from './entity-routes';
import { t } from '../lib/messages';
import { capitalise } from '../../engine/schema/registry';
import { canAccess } from '../../engine/access/can-access';
import { holds } from '../../engine/logic/logic';
import { parisDate } from '../../engine/time/paris-time';
import { filterIsFeminine } from './filter-gender';
import { GenericCalendar } from './GenericCalendar';
import { useCalendarView, type ScreenView } from './calendar/use-calendar-view';
import { ExportMenu } from './ExportMenu';
import { ImportDialog } from './ImportDialog';
import { ListActions } from './ListActions';
import { ListMarkers } from './ListMarkers';
import { useRememberedFilters } from './use-remembered-filters';
import { sortKeys } from '../../engine/schema/sort-keys';
import './generic-screens.css';
import { recordName } from './record-name';

// Leaflet and the map's styles load with the « Carte » view only.
const GenericMap = lazy(() => import('./map/GenericMap'));

export const PAGE_SIZES = [10, 20, 25, 50];

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

function FilterControl({
  meta,
  field,
  value,
  onChange,
}: {
  meta: EntityMeta;
  field: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const prop = meta.schema.properties[field] as PropertySchema | undefined;
  const rel = prop?.['x-relation'];
  const { options } = useOptions(rel?.entity, rel ? `${meta.name}.${field}` : undefined);
  if (!prop) return null;
  const id = `filter-${field}`;
  let choices: { value: string; label: string }[] = [];
  if (mainType(prop) === 'boolean')
    choices = [
      { value: 'true', label: t('ui.yes') },
      { value: 'false', label: t('ui.no') },
    ];
  else if (prop.enum)
    choices = prop.enum.map((v) => ({ value: String(v), label: prop['x-enum-labels']?.[String(v)] ?? String(v) }));
  else if (rel) choices = (options ?? []).map((o) => ({ value: String(o.value), label: o.label }));
  // The list API reads `me` on a relation to users as the caller (server/operations/find.ts).
  if (rel?.entity === 'user') choices = [{ value: 'me', label: t('ui.me') }, ...choices];
  return (
    <div className="filter">
      <label htmlFor={id}>{prop.title}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t(filterIsFeminine(meta, field) ? 'ui.all_feminine' : 'ui.all')}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A choice filter whose options are rules (x-entity.list.states: a reminder « En retard »). */
function StateControl({
  state,
  value,
  onChange,
}: {
  state: NonNullable<EntityMeta['list']['states']>[number];
  value: string;
  onChange: (v: string) => void;
}) {
  const id = `filter-${state.name}`;
  return (
    <div className="filter">
      <label htmlFor={id}>{state.label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('ui.all_feminine')}</option>
        {state.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A period on a date property (x-entity.list.ranges): « Date : du » and « Date : au », both included. */
function RangeControl({
  meta,
  field,
  from,
  to,
  onChange,
}: {
  meta: EntityMeta;
  field: string;
  from: string;
  to: string;
  onChange: (bound: 'From' | 'To', v: string) => void;
}) {
  const title = meta.schema.properties[field]?.title ?? field;
  return (
    <>
      {(['From', 'To'] as const).map((bound) => (
        <div className="filter" key={bound}>
          <label htmlFor={`filter-${field}${bound}`}>
            {t(bound === 'From' ? 'ui.range.from' : 'ui.range.to', { field: title })}
          </label>
          <input
            id={`filter-${field}${bound}`}
            type="date"
            value={bound === 'From' ? from : to}
            min={bound === 'To' ? from || undefined : undefined}
            max={bound === 'From' ? to || undefined : undefined}
            onChange={(e) => onChange(bound, e.target.value)}
          />
        </div>
      ))}
    </>
  );
}

/** Whether the row carries the list's highlight (an overdue reminder: not done, dated before today). */
function highlighted(meta: EntityMeta, record: RecordData): boolean {
  const rule = meta.list.highlight?.if;
  return rule !== undefined && holds(rule, { record, today: parisDate(Date.now()) });
}

export interface GenericListProps {
  /** This effective meta instead of the server's for the session (the form editor's preview of an overlay). */
  meta?: EntityMeta;
  /** Preview: the first rows only, without search, sort, pagination or links. */
  preview?: boolean;
}

/**
 * The generic list screen: columns, search, sort and filters from the entity's declaration,
 * paginated on the server (10 rows by default, 10 to 50), state kept in the address.
 */
export default function GenericList(props: GenericListProps = {}) {
  return props.meta ? <ListScreen meta={props.meta} metaError={null} preview={props.preview} /> : <FetchedList />;
}

/** The list with the entity's effective meta for this white label and user. */
function FetchedList() {
  const route = useCurrentRoute();
  const { meta, error } = useEntityMeta('entity' in route.screen ? route.screen.entity : '');
  return <ListScreen meta={meta} metaError={error} />;
}

const PREVIEW_ROWS = 5;

function ListScreen({
  meta,
  metaError,
  preview = false,
}: {
  meta: EntityMeta | null;
  metaError: ApiError | null;
  preview?: boolean;
}) {
  const route = useCurrentRoute();
  const entity = meta?.name ?? ('entity' in route.screen ? route.screen.entity : '');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const paths = entityPaths(entity);
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const perPage = preview
    ? PREVIEW_ROWS
    : PAGE_SIZES.includes(Number(params.get('perPage')))
      ? Number(params.get('perPage'))
      : (meta?.list.pageSize ?? 10);
  const sort = params.get('sort') ?? meta?.list.defaultSort ?? '';
  const [search, setSearch] = useState(params.get('q') ?? '');
  // x-entity.list.rememberFilters: the narrowing comes back from local storage on return.
  const remembered = useRememberedFilters(preview ? undefined : meta, params, setParams, setSearch);
  const q = useDebounced(search, 300);
  // Equality filters, choice filters (states) and periods (ranges), all kept in the address.
  const filters = useMemo(
    () =>
      Object.fromEntries(
        [
          ...(meta?.list.filters ?? []),
          ...(meta?.list.states ?? []).map((st) => st.name),
          ...(meta?.list.ranges ?? []).flatMap((f) => [`${f}From`, `${f}To`]),
        ].map((f) => [f, params.get(f) ?? meta?.screens?.filters?.[f] ?? '']),
      ),
    [meta, params],
  );
  const [data, setData] = useState<{ records: RecordData[]; total: number } | null>(null);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(false);
  const [importing, setImporting] = useState(false);
  const [reloads, setReloads] = useState(0);
  // An entity with a calendar block shows its records as a week or a day too (docs/calendar.md).
  const calendar = preview ? undefined : meta?.screens?.calendar;
  const calendarView = useCalendarView(entity, calendar, params, setParams);
  // An entity with a map block shows its located records on a map too (?map=1, docs/file-area.md).
  const showMap = !preview && meta?.list.map !== undefined && params.get('map') === '1';
  const showCalendar = calendar !== undefined && calendarView.view !== 'list' && !showMap;

  const update = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      // « Tous » on a filter the declaration presets stays in the address, or the preset would return.
      if (v === null || (v === '' && meta?.screens?.filters?.[k] === undefined)) next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if ((params.get('q') ?? '') !== q) update({ q, page: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  useEffect(() => {
    if (!meta?.apiPath || showCalendar || showMap) return;
    let live = true;
    setLoading(true);
    request<RecordData[]>(`/${meta.apiPath}/`, { query: { q: params.get('q') ?? '', sort, page, perPage, ...filters } })
      .then(({ data: records, headers }) => {
        if (!live) return;
        const total = Number(headers.get('x-total-count') ?? records.length);
        if (records.length === 0 && page > 1 && total > 0) update({ page: Math.ceil(total / perPage) });
        setData({ records, total });
        setLoadError(null);
      })
      .catch((e: ApiError) => live && setLoadError(e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [meta, page, perPage, sort, params.get('q'), JSON.stringify(filters), showCalendar, showMap, reloads]);

  const columnsList = meta?.list.columns ?? [];
  const labels = useRelationLabels(data?.records ?? [], meta?.schema.properties, columnsList);
  const sortable = new Set(meta?.list.sortable ?? []);
  // With several keys (a declared default order), the headers show the first one.
  const firstKey = sortKeys(sort)[0];
  const sortedColumn = firstKey?.property ?? '';
  const descending = firstKey?.desc ?? false;
  /**
   * Where a row leads: its form when the user may change this record; else its detail screen, or
   * (an entity without one, whose records the user changes elsewhere) the form, opened read-only.
   */
  const targetOf = (row: RecordData) => {
    if (preview || !meta) return undefined;
    if (!meta.can.change) return paths.detail(row.pk!);
    return canAccess(meta, 'change', row) ? paths.edit(row.pk!) : (paths.detail(row.pk!) ?? paths.edit(row.pk!));
  };

  const columns = useMemo<ColumnDef<RecordData>[]>(() => {
    if (!meta) return [];
    return columnsList
      .filter((c) => meta.schema.properties[c])
      .map((c, index) => {
        const prop = meta.schema.properties[c];
        return {
          id: c,
          header: prop.title,
          cell: ({ row }) => {
            const target = targetOf(row.original);
            const linked = index === 0 && target;
            const image = row.original[c];
            // An image file shows as a 60×60 thumbnail, read through the record's download (rights checked).
            if (
              isFileRef(image) &&
              image.contentType.startsWith('image/') &&
              meta.apiPath &&
              typeof row.original.pk === 'number'
            )
              return (
                <span className="list-thumb">
                  <FileImage
                    path={filePaths(meta.apiPath, c, row.original.pk).download!}
                    alt={`${prop.title} : ${recordName(meta, row.original)}`}
                  />
                </span>
              );
            const value = (
              <DisplayValue
                prop={prop}
                value={row.original[c]}
                labels={labels.get(prop['x-relation']?.entity ?? '')}
                links={!linked}
                file={{ apiPath: meta.apiPath, pk: row.original.pk, property: c }}
              />
            );
            const flag =
              index === 0 && (highlighted(meta, row.original) || meta.list.markers?.length) ? (
                <>
                  {highlighted(meta, row.original) && (
                    <>
                      {' '}
                      <span className="badge badge-warning">{meta.list.highlight!.label}</span>
                    </>
                  )}
                  <ListMarkers markers={meta.list.markers} record={row.original} />
                </>
              ) : null;
            if (linked)
              return (
                <>
                  <Link to={target}>{value}</Link>
                  {flag}
                </>
              );
            if (flag)
              return (
                <>
                  {value}
                  {flag}
                </>
              );
            const related = relatedPath(meta, c, row.original[c]);
            return related ? <Link to={related}>{value}</Link> : value;
          },
        };
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [meta, labels]);

  const table = useReactTable({
    data: data?.records ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    getRowId: (r) => String(r.pk),
  });
  // A sortable column's button sorts ascending, then toggles; the order is kept in the address
  // (?sort=-name), like the page, so that it survives a reload, a shared link and « Retour ».
  const sortBy = (column: string) =>
    update({ sort: sortedColumn === column && !descending ? `-${column}` : column, page: null });

  if (metaError)
    return (
      <div className="notice notice-error" role="alert">
        {metaError.message}
      </div>
    );
  if (!meta)
    return (
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    );

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  const searching = Boolean(params.get('q')) || Object.values(filters).some(Boolean);
  const multiKey = sortKeys(meta.list.defaultSort).length > 1;
  const sortChoices = preview
    ? []
    : [
        // A default order on several keys is one choice of its own (« Ordre par défaut »).
        ...(multiKey ? [{ value: meta.list.defaultSort!, label: t('ui.sort_default') }] : []),
        ...[...new Set([...sortable, ...(sortKeys(sort).length > 1 ? [] : [sortedColumn])])]
          .filter((c) => meta.schema.properties[c])
          .flatMap((c) => [
            { value: c, label: t('ui.sort_option_ascending', { column: meta.schema.properties[c].title }) },
            { value: `-${c}`, label: t('ui.sort_option_descending', { column: meta.schema.properties[c].title }) },
          ]),
      ];

  const views: { view: ScreenView; label: string }[] = [
    { view: 'list', label: t('ui.calendar.view_list') },
    { view: 'week', label: t('ui.calendar.view_week') },
    { view: 'day', label: t('ui.calendar.view_day') },
  ];
  const narrowing = Object.fromEntries(
    Object.entries({ q: params.get('q') ?? '', ...filters }).filter(([, v]) => v !== ''),
  );

  return (
    <div className="generic-list">
      {meta.list.map && !preview && (
        <div className="calendar-view-toggle list-view-toggle" role="group" aria-label={t('ui.map.views')}>
          <button type="button" className="button" aria-pressed={!showMap} onClick={() => update({ map: null })}>
            {t('ui.map.view_list')}
          </button>
          <button type="button" className="button" aria-pressed={showMap} onClick={() => update({ map: '1' })}>
            {t('ui.map.view_map')}
          </button>
        </div>
      )}
      {calendar && !showMap && (
        <div className="calendar-view-toggle" role="group" aria-label={t('ui.calendar.views')}>
          {views.map((v) => (
            <button
              key={v.view}
              type="button"
              className="button"
              aria-pressed={calendarView.view === v.view}
              onClick={() => calendarView.set({ view: v.view })}
            >
              {v.label}
            </button>
          ))}
        </div>
      )}
      {!preview && (
        <div className="list-toolbar">
          <div className="search">
            <label htmlFor="list-search" className="visually-hidden">
              {t('ui.search')}
            </label>
            <input
              id="list-search"
              type="search"
              placeholder={t('ui.search_placeholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          {(meta.list.filters ?? []).map((f) => (
            <FilterControl
              key={f}
              meta={meta}
              field={f}
              value={filters[f] ?? ''}
              onChange={(v) => update({ [f]: v, page: null })}
            />
          ))}
          {(meta.list.states ?? []).map((st) => (
            <StateControl
              key={st.name}
              state={st}
              value={filters[st.name] ?? ''}
              onChange={(v) => update({ [st.name]: v, page: null })}
            />
          ))}
          {(meta.list.ranges ?? []).map((f) => (
            <RangeControl
              key={f}
              meta={meta}
              field={f}
              from={filters[`${f}From`] ?? ''}
              to={filters[`${f}To`] ?? ''}
              onChange={(bound, v) => update({ [`${f}${bound}`]: v, page: null })}
            />
          ))}
          {meta.apiPath &&
            !showMap &&
            columnsList
              .filter((c) => isFileProperty(meta.schema.properties[c]))
              .map((c) => {
                const pks = (data?.records ?? [])
                  .filter((r) => isFileRef(r[c]) && typeof r.pk === 'number')
                  .map((r) => r.pk as number);
                // Several files of this page as one ZIP (each record checked by the server).
                return pks.length > 1 ? (
                  <FileDownloadButton
                    key={`zip-${c}`}
                    path={filePaths(meta.apiPath!, c).zip(pks)}
                    name={`${meta.labels.plural}.zip`}
                    label={`${t('ui.file.download_zip')} — ${meta.schema.properties[c].title}`}
                  />
                ) : null;
              })}
          {sortChoices.length > 0 && !showCalendar && !showMap && (
            // Narrow screens show rows as cards, without column headers: the order is chosen here.
            <div className="filter list-sort">
              <label htmlFor="list-sort">{t('ui.sort_by')}</label>
              <select id="list-sort" value={sort} onChange={(e) => update({ sort: e.target.value, page: null })}>
                {sortChoices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          {remembered.active && (
            <button type="button" className="button list-reset-filters" onClick={remembered.reset}>
              {t('ui.reset_filters')}
            </button>
          )}
          <ExportMenu meta={meta} query={{ ...narrowing, sort }} />
          {meta.import && (
            <button type="button" className="button" onClick={() => setImporting(true)}>
              {t('ui.import.button')}
            </button>
          )}
          {meta.can.create && paths.create && (
            <Link className="button button-primary" to={paths.create}>
              {meta.labels.new ?? `${t('ui.new')} ${meta.labels.singular}`}
            </Link>
          )}
        </div>
      )}
      {!preview && <ListActions meta={meta} onDone={() => setReloads((n) => n + 1)} />}
      {meta.import && !preview && (
        <ImportDialog
          meta={meta}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => setReloads((n) => n + 1)}
        />
      )}
      {showCalendar && (
        <GenericCalendar
          meta={meta}
          calendar={calendar}
          view={calendarView.view === 'day' ? 'day' : 'week'}
          day={calendarView.day}
          onNavigate={(next) => calendarView.set(next)}
          query={narrowing}
        />
      )}
      {showMap && (
        <Suspense
          fallback={
            <p className="loading" role="status">
              {t('ui.loading')}
            </p>
          }
        >
          <GenericMap meta={meta} query={narrowing} searching={searching} />
        </Suspense>
      )}
      {loadError && !showCalendar && !showMap && (
        <div className="notice notice-error" role="alert">
          {loadError.message}
        </div>
      )}
      {!showCalendar && !showMap && (
        <>
          <div
            className="table-wrap"
            aria-busy={loading}
            tabIndex={0}
            role="region"
            aria-label={t('ui.list_caption', { label: meta.labels.plural })}
          >
            <table className="data-table">
              <caption className="visually-hidden">{t('ui.list_caption', { label: meta.labels.plural })}</caption>
              <thead>
                {table.getHeaderGroups().map((hg) => (
                  <tr key={hg.id}>
                    {hg.headers.map((h) => {
                      // From the declaration, not TanStack's getCanSort (false without an accessor: the rows
                      // are sorted by the server, not in the browser).
                      const canSort = !preview && sortable.has(h.column.id);
                      const dir = sortedColumn === h.column.id ? (descending ? 'desc' : 'asc') : false;
                      return (
                        <th
                          key={h.id}
                          scope="col"
                          aria-sort={
                            !canSort ? undefined : dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'
                          }
                        >
                          {canSort ? (
                            <button type="button" className="sort-button" onClick={() => sortBy(h.column.id)}>
                              {flexRender(h.column.columnDef.header, h.getContext())}
                              <span aria-hidden="true" className="sort-indicator">
                                {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                              </span>
                              {dir && (
                                <span className="visually-hidden">
                                  , {dir === 'asc' ? t('ui.sort_ascending') : t('ui.sort_descending')}
                                </span>
                              )}
                            </button>
                          ) : (
                            flexRender(h.column.columnDef.header, h.getContext())
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => {
                  const target = targetOf(row.original);
                  return (
                    <tr
                      key={row.id}
                      className={target ? 'clickable' : undefined}
                      onClick={(e) => {
                        if (target && !(e.target as HTMLElement).closest('a,button')) navigate(target);
                      }}
                    >
                      {row.getVisibleCells().map((cell) => (
                        <td key={cell.id} data-label={String(cell.column.columnDef.header ?? '')}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {/* Announced by the range below (aria-live); shown here where the rows will be. */}
            {!data && loading && <p className="loading">{t('ui.loading')}</p>}
            {data && data.records.length === 0 && (
              <div className="empty-state">
                <p>{searching ? t('ui.empty_search') : `${capitalise(t('ui.empty_list'))}`}</p>
                {!searching && !preview && meta.can.create && paths.create && (
                  <Link className="button button-primary" to={paths.create}>
                    {meta.labels.new ?? t('ui.new')}
                  </Link>
                )}
              </div>
            )}
          </div>
          {!preview && (
            <div className="pagination">
              <div className="page-size">
                <label htmlFor="list-per-page">{t('ui.rows_per_page')}</label>
                <select
                  id="list-per-page"
                  value={perPage}
                  onChange={(e) => update({ perPage: e.target.value, page: null })}
                >
                  {PAGE_SIZES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
              <p className="range" aria-live="polite">
                {/* Before the first page arrives (a second on a national file) « 0–0 sur 0 » would read as
                    an empty list. */}
                {!data ? t('ui.loading') : total === 0 ? t('ui.no_result') : t('ui.range', { from, to, total })}
              </p>
              <div className="pager">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('ui.page_first')}
                  disabled={page <= 1}
                  onClick={() => update({ page: null })}
                >
                  «
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('ui.page_previous')}
                  disabled={page <= 1}
                  onClick={() => update({ page: page - 1 > 1 ? page - 1 : null })}
                >
                  ‹
                </button>
                <span className="page-number">
                  {page} / {pages}
                </span>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('ui.page_next')}
                  disabled={page >= pages}
                  onClick={() => update({ page: page + 1 })}
                >
                  ›
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('ui.page_last')}
                  disabled={page >= pages}
                  onClick={() => update({ page: pages })}
                >
                  »
                </button>
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}
