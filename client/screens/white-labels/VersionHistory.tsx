import { useEffect, useState } from 'react';
import type { OverlayOp } from '../../../engine/schema/overlay-types';
import type { ApiError } from '../../api/http';
import { formatDateTime } from '../../lib/format';
import { authorNames, loadVersion, type OverlayVersionInfo } from './api';
import { wt } from './i18n';

interface Props {
  whiteLabel: number;
  target: string;
  versions: OverlayVersionInfo[];
  /** Lines describing the changes from one list of operations to another. */
  describe: (before: OverlayOp[], after: OverlayOp[]) => string[];
  onRevert: (version: number) => void;
  busy: boolean;
}

/**
 * The versions of an overlay (date, author, comment) with « Comparer » (a French description of
 * what changed between two versions; version 0 is the base declaration) and « Revenir à cette
 * version » (a new version with the old operations: history is never rewritten).
 */
export function VersionHistory({ whiteLabel, target, versions, describe, onRevert, busy }: Props) {
  const [authors, setAuthors] = useState<Map<number, string>>(new Map());
  const latest = versions[0]?.version ?? 0;
  const [before, setBefore] = useState(Math.max(0, latest - 1));
  const [after, setAfter] = useState(latest);
  const [diff, setDiff] = useState<{ before: number; after: number; lines: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const ids = [...new Set(versions.map((v) => v.author).filter((a): a is number => typeof a === 'number'))];
    authorNames(ids).then(setAuthors, () => setAuthors(new Map()));
  }, [versions]);

  // A new version (saved, restored or back to the base) makes a comparison on screen stale.
  useEffect(() => {
    setBefore(Math.max(0, latest - 1));
    setAfter(latest);
    setDiff(null);
    setError(null);
  }, [latest]);

  const opsOf = async (version: number): Promise<OverlayOp[]> =>
    version === 0 ? [] : (await loadVersion(whiteLabel, target, version)).ops;

  const compare = async (a: number, b: number) => {
    setBefore(a);
    setAfter(b);
    setError(null);
    try {
      const [opsA, opsB] = await Promise.all([opsOf(a), opsOf(b)]);
      setDiff({ before: a, after: b, lines: describe(opsA, opsB) });
    } catch (e) {
      setError((e as ApiError).message);
    }
  };

  const name = (v: number) =>
    v === 0 ? wt('white-labels.versions.base') : wt('white-labels.versions.version', { version: v });

  if (versions.length === 0) return <p className="muted">{wt('white-labels.versions.none')}</p>;
  return (
    <div className="wl-versions">
      <table className="data-table">
        <caption className="visually-hidden">{wt('white-labels.versions.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{wt('white-labels.versions.number')}</th>
            <th scope="col">{wt('white-labels.versions.date')}</th>
            <th scope="col">{wt('white-labels.versions.author')}</th>
            <th scope="col">{wt('white-labels.versions.comment')}</th>
            <th scope="col">
              <span className="visually-hidden">{wt('white-labels.versions.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.version}>
              <td>
                {v.version}
                {v.version === latest && (
                  <span className="badge badge-yes wl-badge">{wt('white-labels.versions.current')}</span>
                )}
              </td>
              <td>{formatDateTime(v.createdAt)}</td>
              <td>{v.author === null ? '—' : (authors.get(v.author) ?? `#${v.author}`)}</td>
              <td>{v.comment || <span className="muted">—</span>}</td>
              <td>
                <div className="wl-version-actions">
                  <button
                    type="button"
                    className="button"
                    onClick={() => void compare(v.version - 1, v.version)}
                    aria-label={wt('white-labels.versions.compare_previous_label', { version: v.version })}
                  >
                    {wt('white-labels.versions.compare')}
                  </button>
                  {v.version !== latest && (
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() => onRevert(v.version)}
                      aria-label={wt('white-labels.versions.revert_label', { version: v.version })}
                    >
                      {wt('white-labels.versions.revert')}
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        className="wl-compare"
        onSubmit={(e) => {
          e.preventDefault();
          void compare(before, after);
        }}
      >
        <label>
          {wt('white-labels.versions.from')}
          <select value={before} onChange={(e) => setBefore(Number(e.target.value))}>
            {[...versions.map((v) => v.version), 0].map((n) => (
              <option key={n} value={n}>
                {name(n)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {wt('white-labels.versions.to')}
          <select value={after} onChange={(e) => setAfter(Number(e.target.value))}>
            {[...versions.map((v) => v.version), 0].map((n) => (
              <option key={n} value={n}>
                {name(n)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          {wt('white-labels.versions.compare')}
        </button>
      </form>
      <div className="wl-diff" aria-live="polite">
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        {diff && (
          <>
            <h3>{wt('white-labels.versions.diff_title', { before: name(diff.before), after: name(diff.after) })}</h3>
            {diff.lines.length === 0 ? (
              <p>{wt('white-labels.versions.no_difference')}</p>
            ) : (
              <ul>
                {diff.lines.map((l, i) => (
                  <li key={i}>{l}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
