import { useEffect, useState } from 'react';
import { api, type ApiError } from '../../api/http';
import GenericEdit from '../../runtime/GenericEdit';
import { useEntityMeta } from '../../runtime/use-entity-meta';
import { useCurrentRoute } from '../../runtime/entity-routes';
import { t } from '../../lib/messages';

/**
 * One record per structure (e-mail account, SMS account) or per person (a professional's
 * membership of the projects exchange): the first record of the entity's list — which its view
 * rule narrows to the caller's own — opened, or the creation form when there is none yet. The
 * entity comes from the route's params.
 */
export default function GroupAccountScreen() {
  const route = useCurrentRoute();
  const entity = route.params?.entity ?? '';
  const { meta, error } = useEntityMeta(entity);
  const [existing, setExisting] = useState<number | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!meta?.apiPath) return;
    api<{ pk: number }[]>(`/${meta.apiPath}/`).then((list) => setExisting(list[0]?.pk ?? null), setLoadError);
  }, [meta]);
  if (error || loadError)
    return (
      <div className="notice notice-error" role="alert">
        {(error ?? loadError)!.message}
      </div>
    );
  if (existing === undefined)
    return (
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    );
  return existing === null ? (
    <GenericEdit
      key="create"
      entity={entity}
      returnTo={route.path}
      stayAfterSave
      create
      onSaved={(saved) => setExisting(typeof saved.pk === 'number' ? saved.pk : null)}
    />
  ) : (
    <GenericEdit key={existing} entity={entity} pk={existing} stayAfterSave />
  );
}
