import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ApiError } from '../../api/http';
import { usePageTitle } from '../../shell/page-title';
import { formatDate } from '../../lib/format';
import { NewslettersPublicFrame } from './NewslettersPublicFrame';
import { issuePath, newslettersPublicApi, type PublicGroupPage } from './newsletters-public-api';

/** `/newsletters-public/:groupSlug`: a structure's published issues, newest first, by newsletter. */
export default function NewslettersPublicScreen() {
  const { groupSlug = '' } = useParams();
  const [page, setPage] = useState<PublicGroupPage | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    let live = true;
    setPage(null);
    setError(null);
    newslettersPublicApi.group(groupSlug).then(
      (p) => live && setPage(p),
      (e: ApiError) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [groupSlug]);
  const title = page ? `Les newsletters de ${page.group.name}` : 'Newsletters';
  usePageTitle(title);
  return (
    <NewslettersPublicFrame>
      <h1>{title}</h1>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error.status === 404 ? 'Cette page de newsletters n’existe pas ou n’est pas publique.' : error.message}
        </p>
      ) : !page ? (
        <p className="muted" role="status">
          Chargement…
        </p>
      ) : page.groups.length === 0 ? (
        <p>Aucune newsletter publiée pour l’instant.</p>
      ) : (
        page.groups.map((g) => (
          <section key={g.pk} className="newsletters-public-group" aria-labelledby={`gon-${g.pk}`}>
            <h2 id={`gon-${g.pk}`}>{g.title}</h2>
            {g.description && <p>{g.description}</p>}
            <ul className="newsletters-public-issues">
              {g.newsletters.map((n) => (
                <li key={n.pk}>
                  <Link to={issuePath(groupSlug, g.slug, n.slug, n.pk)}>{n.title}</Link>
                  <span className="muted"> — publiée le {formatDate(n.publicationStartDate)}</span>
                  {n.description && <p className="newsletters-public-summary">{n.description}</p>}
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </NewslettersPublicFrame>
  );
}
