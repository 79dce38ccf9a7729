import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useSearchParams } from 'react-router-dom';
import { api, type ApiError } from '../../api/http';
import { profileAtom, ruleUserAtom } from '../../state/session';
import { SafeHtml } from '../../runtime/SafeHtml';
import { t } from '../../lib/messages';

interface Explanation {
  pk: number;
  owningGroup: number;
  startingAProject: string;
  usefulDocs: string;
}

type Page = 'startingAProject' | 'usefulDocs';

/**
 * « Lancer un projet » or « Documents utiles » of a structure (reference 12.2 Explanation): rich
 * text each structure writes once, read by anyone. Which structure: `?structure=<pk>` (a link a
 * structure shares), else the signed-in user's, else the first one that wrote its pages. Staff of
 * that structure get the link to the generic edit (or creation) screen; the server checks again.
 */
function ExperienceExplanationScreen({ page }: { page: Page }) {
  const [params] = useSearchParams();
  const profile = useAtomValue(profileAtom);
  const user = useAtomValue(ruleUserAtom);
  const [found, setFound] = useState<Explanation | null | undefined>(undefined);
  const [error, setError] = useState<ApiError | null>(null);
  const asked = Number(params.get('structure')) || profile?.group?.pk || null;
  useEffect(() => {
    setFound(undefined);
    setError(null);
    const query: Record<string, string> = {};
    if (asked) query.owningGroup = String(asked);
    api<Explanation[]>('/experiences/explanation/', { query }).then((rows) => setFound(rows[0] ?? null), setError);
  }, [asked]);
  const mayWrite =
    user.roles.includes('administrator') ||
    (user.roles.includes('advisor') && (found ? user.scopeGroups.includes(found.owningGroup) : asked === user.group));
  if (error)
    return (
      <div className="notice notice-error" role="alert">
        {error.message}
      </div>
    );
  if (found === undefined)
    return (
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    );
  const text = found?.[page] ?? '';
  return (
    <div className="experience-explanation">
      {text ? (
        <SafeHtml className="panel rich-text" html={text} />
      ) : (
        <p className="notice">
          {t(found || asked ? 'ui.experiences.explanation_empty' : 'ui.experiences.no_structure')}
        </p>
      )}
      {mayWrite && (
        <p>
          <Link className="button" to={found ? `/references/pages/edition/${found.pk}` : '/references/pages/creation/'}>
            {t(found ? 'ui.experiences.explanation_edit' : 'ui.experiences.explanation_write')}
          </Link>
        </p>
      )}
    </div>
  );
}

export function ExperienceStartingAProjectScreen() {
  return <ExperienceExplanationScreen page="startingAProject" />;
}

export function ExperienceUsefulDocsScreen() {
  return <ExperienceExplanationScreen page="usefulDocs" />;
}
