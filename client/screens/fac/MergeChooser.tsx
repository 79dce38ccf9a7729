import { useEffect, useState } from 'react';
import { api, type ApiError } from '../../api/http';
import { t } from '../../lib/messages';

type Kind = 'contact' | 'organization';
type Side = 'kept' | 'merged';

interface MergePreview {
  kept: { pk: number; name: string };
  merged: { pk: number; name: string };
  fields: { name: string; label: string; kept: string; merged: string; proposed: Side }[];
  moves: string[];
}

/**
 * The merge of two records: per field (reference §8.4), a radio between the kept record's value and
 * the merged one's — the kept one's proposed, the other's when the kept one is empty — then the
 * merge (one call, one transaction on the server).
 */
export function MergeChooser({
  kind,
  kept,
  merged,
  onDone,
  onCancel,
}: {
  kind: Kind;
  kept: Record<string, unknown>;
  merged: Record<string, unknown>;
  onDone: (history: number) => void;
  onCancel: () => void;
}) {
  const [preview, setPreview] = useState<MergePreview | null>(null);
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api<MergePreview>(`/fac/merge/${kind}/${String(kept.pk)}/${String(merged.pk)}/`).then(
      (p) => {
        setPreview(p);
        setChoices(Object.fromEntries(p.fields.map((f) => [f.name, f.proposed])));
      },
      (e: ApiError) => setError(e.message),
    );
  }, [kind, kept.pk, merged.pk]);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ history: number }>('/fac/merge/', {
        method: 'POST',
        body: { kind, kept: kept.pk, merged: merged.pk, choices },
      });
      onDone(res.history);
    } catch (e) {
      setError((e as ApiError).message);
      setBusy(false);
    }
  };
  const shown = (v: string) => v || t('ui.fac_duplicates.empty');
  return (
    <section className="panel merge-chooser" aria-labelledby="merge-title">
      <h2 id="merge-title">
        {preview
          ? t('ui.fac_duplicates.merge_title', { merged: preview.merged.name, kept: preview.kept.name })
          : t('ui.loading')}
      </h2>
      <p>{t('ui.fac_duplicates.merge_help')}</p>
      {error && (
        <div className="notice notice-error" role="alert">
          {error}
        </div>
      )}
      {preview && (
        <>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('ui.fac_duplicates.field')}</th>
                <th scope="col">{t('ui.fac_duplicates.kept_record', { name: preview.kept.name })}</th>
                <th scope="col">{t('ui.fac_duplicates.merged_record', { name: preview.merged.name })}</th>
              </tr>
            </thead>
            <tbody>
              {preview.fields.map((f) => (
                <tr key={f.name}>
                  <th scope="row">{f.label}</th>
                  {(['kept', 'merged'] as const).map((side) => (
                    <td key={side}>
                      <label>
                        <input
                          type="radio"
                          name={`merge-${f.name}`}
                          value={side}
                          checked={choices[f.name] === side}
                          onChange={() => setChoices((c) => ({ ...c, [f.name]: side }))}
                          aria-label={t('ui.fac_duplicates.choice_label', { field: f.label, value: shown(f[side]) })}
                        />{' '}
                        <span className={f[side] ? undefined : 'muted'}>{shown(f[side])}</span>
                      </label>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            {preview.moves.length
              ? t('ui.fac_duplicates.moves', { moves: preview.moves.join(', ') })
              : t('ui.fac_duplicates.no_moves')}
          </p>
        </>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!preview || busy}
          onClick={() => void submit()}
        >
          {t('ui.fac_duplicates.confirm_merge')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onCancel}>
          {t('ui.fac_duplicates.cancel')}
        </button>
      </div>
    </section>
  );
}
