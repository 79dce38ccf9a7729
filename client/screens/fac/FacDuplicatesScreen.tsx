import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api, type ApiError } from '../../api/http';
import { entityPaths } from '../../runtime/entity-routes';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/messages';
import { MergeChooser } from './MergeChooser';

type Kind = 'contact' | 'organization';
type Rec = Record<string, unknown>;

interface DuplicateGroup {
  pk: number;
  kind: Kind;
  contacts: number[];
  organizations: number[];
  status: string;
}

interface MergeHistory {
  pk: number;
  kind: Kind;
  summary: string;
  createdAt: string;
  undoneAt: string | null;
}

const API: Record<Kind, string> = { contact: '/fac/contact/', organization: '/fac/organization/' };
const nameOf = (kind: Kind, r: Rec) =>
  kind === 'contact'
    ? [r.firstName, r.lastName].filter(Boolean).join(' ') || String(r.email ?? '')
    : String(r.name ?? '');

/** One group to review: its records, which one is kept, merge or « distinct ». */
function GroupPanel({
  group,
  kind,
  onMerge,
  onDistinct,
  target = false,
}: {
  group: DuplicateGroup;
  kind: Kind;
  onMerge: (kept: Rec, merged: Rec) => void;
  onDistinct: (group: DuplicateGroup) => void;
  /** The group the address names (?group=, from a record's « Doublons »): shown first and focused. */
  target?: boolean;
}) {
  const [records, setRecords] = useState<Rec[]>([]);
  const [kept, setKept] = useState<number | null>(null);
  const members = kind === 'contact' ? group.contacts : group.organizations;
  useEffect(() => {
    // A member the caller may no longer read (deleted since) is left out.
    void Promise.all(members.map((pk) => api<Rec>(`${API[kind]}${pk}/`).catch(() => null))).then((rows) => {
      const found = rows.filter((r): r is Rec => r !== null);
      setRecords(found);
      setKept((found[0]?.pk as number) ?? null);
    });
  }, [kind, members.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps
  const paths = entityPaths(kind);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = records.length >= 2;
  useEffect(() => {
    // Reached from a record's « Doublons »: the group comes into view with the focus on its title.
    if (target && shown) {
      headingRef.current?.scrollIntoView({ block: 'start' });
      headingRef.current?.focus();
    }
  }, [target, shown]);
  // A group whose other records were deleted since has nothing left to review.
  if (!shown) return null;
  const keptRecord = records.find((r) => r.pk === kept);
  const heading = `duplicate-group-${group.pk}`;
  return (
    <section
      className={target ? 'panel duplicate-group duplicate-group-target' : 'panel duplicate-group'}
      aria-labelledby={heading}
    >
      <h3 id={heading} ref={headingRef} tabIndex={-1}>
        {t('ui.fac_duplicates.group', { pk: group.pk })}
      </h3>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('ui.fac_duplicates.keep')}</th>
            <th scope="col">{t('ui.fac_duplicates.name')}</th>
            <th scope="col">{t('ui.fac_duplicates.email')}</th>
            <th scope="col">{t('ui.fac_duplicates.phone')}</th>
            <th scope="col">{t('ui.fac_duplicates.town')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('ui.fac_duplicates.merge_into')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => {
            const name = nameOf(kind, r);
            return (
              <tr key={String(r.pk)}>
                <td>
                  <input
                    type="radio"
                    name={`kept-${group.pk}`}
                    checked={kept === r.pk}
                    onChange={() => setKept(r.pk as number)}
                    aria-label={t('ui.fac_duplicates.keep_label', { name })}
                  />
                </td>
                <td>
                  <Link to={paths.edit(r.pk as number) ?? '#'}>{name}</Link>
                </td>
                <td>{String(r.email ?? '')}</td>
                <td>{String(r.phone || r.mobilePhone || '')}</td>
                <td>{[r.zipcode, r.town].filter(Boolean).join(' ')}</td>
                <td>
                  {keptRecord && kept !== r.pk && (
                    <button
                      type="button"
                      className="button"
                      onClick={() => onMerge(keptRecord, r)}
                      aria-label={t('ui.fac_duplicates.merge_into_label', { name })}
                    >
                      {t('ui.fac_duplicates.merge_into')}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => onDistinct(group)}>
          {t('ui.fac_duplicates.distinct')}
        </button>
      </div>
    </section>
  );
}

/**
 * /fac/doublons (spec 02 §2; reference §8.3, §8.4, §12): the duplicate groups of the caller's
 * structure, contacts or structures; « Marquer comme distincts » closes a group for good; a merge
 * chooses the kept value field by field (MergeChooser), and the recent merges can be undone.
 */
export default function FacDuplicatesScreen() {
  // ?kind=organization&group=3 (a record's « Doublons »): that kind, that group first.
  const [params] = useSearchParams();
  const [kind, setKind] = useState<Kind>(params.get('kind') === 'organization' ? 'organization' : 'contact');
  const targetGroup = Number(params.get('group')) || null;
  const [groups, setGroups] = useState<DuplicateGroup[] | null>(null);
  const [history, setHistory] = useState<MergeHistory[]>([]);
  const [merging, setMerging] = useState<{ kept: Rec; merged: Rec } | null>(null);
  const [notice, setNotice] = useState<{ text: string; undo?: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setError(null);
    try {
      const [g, h] = await Promise.all([
        // Lists answer one page: the largest for the groups to review, the latest ten merges.
        api<DuplicateGroup[]>('/fac/duplicate/', { query: { kind, status: 'to_review', perPage: 200 } }),
        api<MergeHistory[]>('/fac/merge-history/', { query: { kind, perPage: 10 } }),
      ]);
      setGroups(g.filter((x) => (kind === 'contact' ? x.contacts : x.organizations).length >= 2));
      setHistory(h.slice(0, 10));
    } catch (e) {
      setError((e as ApiError).message);
    }
  }, [kind]);
  useEffect(() => {
    void load();
  }, [load]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  const detect = () =>
    run(async () => {
      const res = await api<{ changed: number }>('/fac/duplicate/detect/', { method: 'POST', body: {} });
      setNotice({ text: t('ui.fac_duplicates.detected', { count: res.changed }) });
      await load();
    });
  const distinct = (group: DuplicateGroup) =>
    run(async () => {
      await api(`/fac/duplicate/${group.pk}/`, { method: 'PATCH', body: { status: 'distinct' } });
      setNotice({ text: t('ui.fac_duplicates.distinct_done') });
      await load();
    });
  const undo = (pk: number) =>
    run(async () => {
      await api(`/fac/merge-history/${pk}/undo/`, { method: 'POST', body: {} });
      setNotice({ text: t('ui.fac_duplicates.undone') });
      await load();
    });
  const merged = async (historyPk: number) => {
    setMerging(null);
    const entry = await api<MergeHistory>(`/fac/merge-history/${historyPk}/`);
    setNotice({ text: t('ui.fac_duplicates.merged', { summary: entry.summary }), undo: historyPk });
    await load();
  };

  if (merging)
    return (
      <MergeChooser
        kind={kind}
        kept={merging.kept}
        merged={merging.merged}
        onDone={(pk) => void merged(pk)}
        onCancel={() => setMerging(null)}
      />
    );

  return (
    <div className="fac-duplicates">
      <div className="toolbar">
        <label htmlFor="duplicates-kind">{t('ui.fac_duplicates.kind')}</label>{' '}
        <select id="duplicates-kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          <option value="contact">{t('ui.fac_duplicates.contacts')}</option>
          <option value="organization">{t('ui.fac_duplicates.organizations')}</option>
        </select>{' '}
        <button type="button" className="button" disabled={busy} onClick={() => void detect()}>
          {t('ui.fac_duplicates.detect')}
        </button>
      </div>
      <div aria-live="polite">
        {notice && (
          <div className="notice notice-success" role="status">
            {notice.text}{' '}
            {notice.undo !== undefined && (
              <button type="button" className="button" disabled={busy} onClick={() => void undo(notice.undo!)}>
                {t('ui.fac_duplicates.undo')}
              </button>
            )}
          </div>
        )}
      </div>
      {error && (
        <div className="notice notice-error" role="alert">
          {error}
        </div>
      )}
      {groups === null ? (
        <p className="loading" role="status">
          {t('ui.loading')}
        </p>
      ) : groups.length === 0 ? (
        <p className="muted">{t('ui.fac_duplicates.none')}</p>
      ) : (
        [...groups.filter((g) => g.pk === targetGroup), ...groups.filter((g) => g.pk !== targetGroup)].map((g) => (
          <GroupPanel
            key={g.pk}
            group={g}
            kind={kind}
            target={g.pk === targetGroup}
            onMerge={(kept, other) => {
              setNotice(null);
              setMerging({ kept, merged: other });
            }}
            onDistinct={(group) => void distinct(group)}
          />
        ))
      )}
      <section className="panel" aria-labelledby="merge-history">
        <h2 id="merge-history">{t('ui.fac_duplicates.history')}</h2>
        {history.length === 0 ? (
          <p className="muted">{t('ui.fac_duplicates.history_none')}</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('ui.fac_duplicates.history_date')}</th>
                <th scope="col">{t('ui.fac_duplicates.history_summary')}</th>
                <th scope="col">{t('ui.fac_duplicates.history_state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('ui.fac_duplicates.undo')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.pk}>
                  <td>{formatDateTime(h.createdAt)}</td>
                  <td>{h.summary}</td>
                  <td>
                    {h.undoneAt
                      ? t('ui.fac_duplicates.history_undone', { date: formatDateTime(h.undoneAt) })
                      : t('ui.fac_duplicates.history_done')}
                  </td>
                  <td>
                    {!h.undoneAt && (
                      <button
                        type="button"
                        className="button"
                        disabled={busy}
                        onClick={() => void undo(h.pk)}
                        aria-label={t('ui.fac_duplicates.undo_label', { summary: h.summary })}
                      >
                        {t('ui.fac_duplicates.undo')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
