import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { request, type ApiError } from '../api/http';
import { useEntityMeta } from './use-entity-meta';
import { entityPaths, relatedPath } from './entity-routes';
import { DisplayValue } from './display-value';
import { ListMarkers } from './ListMarkers';
import { useRelationLabels } from './use-relation-labels';
import { canAccess, couldAccessWith } from '../../engine/access/can-access';
import { Dialog } from '../shell/Dialog';
import { confirmAction } from '../shell/confirm';
import { t } from '../lib/messages';
import type { EntityMeta, RecordData, RelatedList } from './types';
import { RecordActions } from './RecordActions';
import { mayShowAction } from './may-show-action';
import { useAtomValue } from 'jotai';
import { ruleUserAtom } from '../state/session';
import { ruleWhiteLabelAtom } from '../state/white-label';
import { AddToExisting } from './AddToExisting';
import { recordNameOrNumber } from './record-name';

/** What the creation form of a related record is given (GenericEdit's props of the same names). */
export interface CreateFormProps {
  entity: string;
  create: true;
  prefill: RecordData;
  lockedFields: string[];
  idPrefix: string;
  onClose: () => void;
  onSaved: (record: RecordData) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The related lists of a record (x-entity.related): for each, a panel of the related entity's
 * records whose link points at this record, read through its list API (its rights, module flag
 * and soft delete apply), with « Ajouter » opening its creation form with the link set and locked.
 */
export function RelatedPanels({
  meta,
  record,
  createForm,
}: {
  meta: EntityMeta;
  record: RecordData;
  /** The generic form (GenericEdit), given by its caller rather than imported: it shows these panels. */
  createForm: ComponentType<CreateFormProps>;
}) {
  const pk = record.pk;
  if (!meta.related?.length || typeof pk !== 'number') return null;
  const parentLabel = recordNameOrNumber(meta, record) || `n° ${pk}`;
  return (
    <div className="related-panels">
      {meta.related.map((r) => (
        <RelatedPanel
          key={`${r.entity}.${r.link}`}
          related={r}
          parentPk={pk}
          parentLabel={parentLabel}
          createForm={createForm}
        />
      ))}
    </div>
  );
}

interface PanelProps {
  related: RelatedList;
  parentPk: number;
  parentLabel: string;
  createForm: ComponentType<CreateFormProps>;
}

function RelatedPanel(props: PanelProps) {
  const { related } = props;
  const { meta, error } = useEntityMeta(related.entity);
  // The server left out panels this caller cannot read; a meta refused since (module switched
  // off meanwhile) hides the panel rather than showing an error beside a form that works.
  if (error || (meta && !meta.can.view)) return null;
  return meta ? (
    <RelatedTable {...props} meta={meta} />
  ) : (
    <section className="panel related-panel" aria-busy="true">
      <h2>{related.title}</h2>
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    </section>
  );
}

function RelatedTable({
  related,
  meta,
  parentPk,
  parentLabel,
  createForm: CreateForm,
}: PanelProps & { meta: EntityMeta }) {
  const navigate = useNavigate();
  const paths = entityPaths(meta.name);
  const perPage = related.perPage;
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ records: RecordData[]; total: number } | null>(null);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const [picking, setPicking] = useState(false);
  const pickButton = useRef<HTMLButtonElement>(null);
  const headingId = `related-${meta.name}-${related.link}`;
  // The link as the new record holds it: this record's pk, or a list holding it.
  const preset = useMemo<RecordData>(
    () => ({ [related.link]: related.linkIsList ? [parentPk] : parentPk }),
    [related.link, related.linkIsList, parentPk],
  );

  useEffect(() => {
    if (!meta.apiPath) return;
    let live = true;
    setLoading(true);
    const query = { [related.link]: parentPk, sort: related.sort ?? '', page, perPage };
    request<RecordData[]>(`/${meta.apiPath}/`, { query })
      .then(({ data: records, headers }) => {
        if (!live) return;
        const total = Number(headers.get('x-total-count') ?? records.length);
        // Rows removed since: the last page that still has some.
        if (records.length === 0 && page > 1 && total > 0) setPage(Math.ceil(total / perPage));
        setData({ records, total });
        setLoadError(null);
      })
      .catch((e: ApiError) => live && setLoadError(e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [meta, related, parentPk, page, perPage, reloads]);

  const columnNames = useMemo(
    () =>
      (related.columns ?? meta.list.columns.filter((c) => c !== related.link)).filter((c) => meta.schema.properties[c]),
    [meta, related],
  );
  const labels = useRelationLabels(data?.records ?? [], meta.schema.properties, columnNames);
  // A record opened from this panel comes back here once saved or left (an action to its folder),
  // not to the list of every record of its entity.
  const here = useLocation();
  const back = { returnTo: `${here.pathname}${here.search}` };
  /** Its form when the user may change it, else its detail screen (as in the entity's own list). */
  const targetOf = (row: RecordData) => {
    if (typeof row.pk !== 'number') return undefined;
    const mayChange = meta.can.change && canAccess(meta, 'change', row);
    return mayChange ? (paths.edit(row.pk) ?? paths.detail(row.pk)) : (paths.detail(row.pk) ?? paths.edit(row.pk));
  };
  // `rowActions`: the related entity's record actions on each row (« Partager le contact »); the
  // panel is read again once one changed its row on the server.
  const user = useAtomValue(ruleUserAtom);
  const whiteLabel = useAtomValue(ruleWhiteLabelAtom);
  // Only when some row may show one: a professional reading their interest gets no empty column.
  const withActions =
    Boolean(related.rowActions) &&
    (data?.records ?? []).some((r) =>
      (meta.recordActions ?? []).some((a) => mayShowAction(a, r, { user, whiteLabel })),
    );
  const columns = useMemo<ColumnDef<RecordData>[]>(
    () => [
      ...columnNames.map((c, index): ColumnDef<RecordData> => {
        const prop = meta.schema.properties[c];
        return {
          id: c,
          header: prop.title,
          cell: ({ row }) => {
            const target = targetOf(row.original);
            const linked = index === 0 && target;
            const value = (
              <DisplayValue
                prop={prop}
                value={row.original[c]}
                labels={labels.get(prop['x-relation']?.entity ?? '')}
                links={!linked}
                file={{ apiPath: meta.apiPath, pk: row.original.pk, property: c }}
              />
            );
            // The related entity's list markers (a pinned note's pin) go with its first column.
            const markers = index === 0 ? <ListMarkers markers={meta.list.markers} record={row.original} /> : null;
            if (linked)
              return (
                <>
                  <Link to={target} state={back}>
                    {value}
                  </Link>
                  {markers}
                </>
              );
            if (markers)
              return (
                <>
                  {value}
                  {markers}
                </>
              );
            // A relation the entity's list links (a feedback line's folder) is a link here too.
            const related = relatedPath(meta, c, row.original[c]);
            return related ? <Link to={related}>{value}</Link> : value;
          },
        };
      }),
      ...(withActions
        ? [
            {
              id: '_actions',
              header: t('ui.actions'),
              cell: ({ row }) => (
                <div className="row-actions">
                  <RecordActions meta={meta} record={row.original} onDone={() => setReloads((n) => n + 1)} />
                </div>
              ),
            } satisfies ColumnDef<RecordData>,
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [meta, columnNames, labels, withActions],
  );
  const table = useReactTable({
    data: data?.records ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    getRowId: (r) => String(r.pk),
  });

  const mayAdd =
    Boolean(related.inlineCreate) &&
    meta.can.create &&
    Boolean(meta.apiPath) &&
    couldAccessWith(meta, 'create', preset);
  // « Ajouter à une liste »: the record joins an existing one (its link is a list of pks).
  const mayPick = Boolean(related.addExisting) && related.linkIsList && meta.can.change && Boolean(meta.apiPath);
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const closeDialog = () => setAdding(false);
  // Escape and « × » close the dialog like « Annuler »: typed values are not dropped unasked.
  const unsaved = useRef(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    unsaved.current = dirty;
  }, []);
  const dismissDialog = async () => {
    if (
      unsaved.current &&
      !(await confirmAction(t('ui.unsaved_changes'), {
        confirm: t('ui.leave_without_saving'),
        cancel: t('ui.keep_editing'),
      }))
    )
      return;
    closeDialog();
  };
  // Back to the button that opened the dialog, once it is gone: a modal dialog removed from the
  // page leaves the focus nowhere, and while it is open the button cannot take it (inert).
  const wasAdding = useRef(false);
  useEffect(() => {
    if (wasAdding.current && !adding) addButton.current?.focus();
    wasAdding.current = adding;
  }, [adding]);
  const wasPicking = useRef(false);
  useEffect(() => {
    if (wasPicking.current && !picking) pickButton.current?.focus();
    wasPicking.current = picking;
  }, [picking]);

  return (
    <section className="panel related-panel" aria-labelledby={headingId}>
      <div className="related-header">
        <h2 id={headingId}>
          {related.title}
          {data && <span className="related-count"> ({total})</span>}
        </h2>
        {(mayAdd || mayPick) && (
          <div className="related-actions">
            {mayPick && (
              <button ref={pickButton} type="button" className="button" onClick={() => setPicking(true)}>
                {related.addExisting!.label}
              </button>
            )}
            {mayAdd && (
              <button ref={addButton} type="button" className="button" onClick={() => setAdding(true)}>
                {t('ui.related.add')}
                <span className="visually-hidden"> — {related.title}</span>
              </button>
            )}
          </div>
        )}
      </div>
      {mayPick && picking && (
        <AddToExisting
          meta={meta}
          related={related}
          parentPk={parentPk}
          parentLabel={parentLabel}
          onClose={() => setPicking(false)}
          onAdded={() => {
            setPage(1);
            setReloads((n) => n + 1);
          }}
        />
      )}
      {loadError && (
        <div className="notice notice-error" role="alert">
          {loadError.message}
        </div>
      )}
      {data && data.records.length === 0 && !loadError && (
        <p className="muted">{related.empty ?? t('ui.related.empty')}</p>
      )}
      {data && data.records.length > 0 && (
        // Focusable so that a table wider than its panel scrolls from the keyboard too.
        <div
          className="table-wrap"
          aria-busy={loading}
          tabIndex={0}
          role="region"
          aria-label={t('ui.related.table', { title: related.title })}
        >
          <table className="data-table">
            <caption className="visually-hidden">
              {t('ui.related.caption', { title: related.title, label: parentLabel })}
            </caption>
            <thead>
              {table.getHeaderGroups().map((hg) => (
                <tr key={hg.id}>
                  {hg.headers.map((h) => (
                    <th key={h.id} scope="col">
                      {flexRender(h.column.columnDef.header, h.getContext())}
                    </th>
                  ))}
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
                      if (target && !(e.target as HTMLElement).closest('a,button')) navigate(target, { state: back });
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
        </div>
      )}
      {pages > 1 && (
        <nav className="pagination related-pagination" aria-label={t('ui.related.pages', { title: related.title })}>
          <p className="range" aria-live="polite">
            {t('ui.range', { from: (page - 1) * perPage + 1, to: Math.min(total, page * perPage), total })}
          </p>
          <div className="pager">
            <button
              type="button"
              className="icon-button"
              aria-label={t('ui.page_previous')}
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
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
              onClick={() => setPage(page + 1)}
            >
              ›
            </button>
          </div>
        </nav>
      )}
      {mayAdd && adding && (
        <Dialog
          open
          title={meta.labels.new ?? `${t('ui.new')} ${meta.labels.singular}`}
          onClose={() => void dismissDialog()}
          wide
        >
          <CreateForm
            entity={meta.name}
            create
            prefill={preset}
            lockedFields={[related.link]}
            idPrefix={`related-${meta.name}`}
            onClose={closeDialog}
            onDirtyChange={onDirtyChange}
            onSaved={() => {
              // The new row may sort onto any page: the first page is where the count is checked.
              setPage(1);
              setReloads((n) => n + 1);
            }}
          />
        </Dialog>
      )}
    </section>
  );
}
