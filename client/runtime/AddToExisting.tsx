import { useEffect, useState } from 'react';
import { request, type ApiError } from '../api/http';
import { canAccess } from '../../engine/access/can-access';
import { Dialog } from '../shell/Dialog';
import { notify } from '../shell/notifications';
import { t } from '../lib/messages';
import { capitalise } from '../../engine/schema/registry';
import type { EntityMeta, RecordData, RelatedList } from './types';
import { recordNameOrNumber } from './record-name';

/** The most related records offered (the list API's largest page). */
const MAX_CHOICES = 200;

const holds = (row: RecordData, link: string, pk: number) => Array.isArray(row[link]) && row[link].includes(pk);

/**
 * « Ajouter à une liste » (x-entity.related[].addExisting): choose an existing related record
 * that the user may change and that does not hold this record yet, then add this record to its
 * link list. The record is read again just before the change, so that a recipient added
 * meanwhile by someone else is kept; the server checks the rights and the relation again.
 */
export function AddToExisting({
  meta,
  related,
  parentPk,
  parentLabel,
  onClose,
  onAdded,
}: {
  meta: EntityMeta;
  related: RelatedList;
  parentPk: number;
  parentLabel: string;
  onClose: () => void;
  onAdded: () => void;
}) {
  const [choices, setChoices] = useState<RecordData[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const link = related.link;
  const selectId = `add-existing-${meta.name}-${link}`;

  useEffect(() => {
    let live = true;
    request<RecordData[]>(`/${meta.apiPath}/`, {
      query: { sort: meta.list.defaultSort ?? '', page: 1, perPage: MAX_CHOICES },
    })
      .then(({ data }) => {
        if (live) setChoices(data.filter((row) => !holds(row, link, parentPk) && canAccess(meta, 'change', row)));
      })
      .catch((e: ApiError) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [meta, link, parentPk]);

  const labelOf = (row: RecordData) => recordNameOrNumber(meta, row);
  const submit = async () => {
    if (!chosen) {
      setError(t('ui.related.existing_required'));
      return;
    }
    setSaving(true);
    try {
      const { data: current } = await request<RecordData>(`/${meta.apiPath}/${chosen}/`);
      const list = Array.isArray(current[link]) ? (current[link] as number[]) : [];
      if (!list.includes(parentPk))
        await request(`/${meta.apiPath}/${chosen}/`, { method: 'PATCH', body: { [link]: [...list, parentPk] } });
      notify(t('ui.related.existing_added', { label: parentLabel, target: labelOf(current) }), 'success');
      onAdded();
      onClose();
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      title={t('ui.related.existing_title', { action: related.addExisting?.label ?? '', label: parentLabel })}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('ui.cancel')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={saving || !choices?.length}
            onClick={() => void submit()}
          >
            {t('ui.related.existing_confirm')}
          </button>
        </>
      }
    >
      {error && (
        <div className="notice notice-error" role="alert">
          {error}
        </div>
      )}
      {choices === null && !error && (
        <p className="loading" role="status">
          {t('ui.loading')}
        </p>
      )}
      {choices && choices.length === 0 && (
        <p>
          {t(meta.labels.feminine ? 'ui.related.existing_none_feminine' : 'ui.related.existing_none', {
            plural: meta.labels.plural,
          })}
        </p>
      )}
      {choices && choices.length > 0 && (
        <div className="field">
          <label htmlFor={selectId}>{capitalise(meta.labels.singular)}</label>
          <select
            id={selectId}
            value={chosen}
            aria-invalid={error !== null && !chosen}
            onChange={(e) => {
              setChosen(e.target.value);
              setError(null);
            }}
          >
            <option value="">{t('ui.related.existing_placeholder')}</option>
            {choices.map((row) => (
              <option key={String(row.pk)} value={String(row.pk)}>
                {labelOf(row)}
              </option>
            ))}
          </select>
        </div>
      )}
    </Dialog>
  );
}
