import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ApiError } from '../../api/http';
import { usePageTitle } from '../../shell/page-title';
import { SafeHtml } from '../../runtime/SafeHtml';
import { formatDate } from '../../lib/format';
import { NewslettersPublicFrame } from './NewslettersPublicFrame';
import { newslettersPublicApi, type PublicIssue } from './newsletters-public-api';

/**
 * `/newsletters-public/:groupSlug/:gonSlug/:slug/:pk`: one published issue, as the server drew it
 * from its blocks (the mail's own renderer), cleaned again by DOMPurify before it is shown; its
 * stylesheet only styles `.nl`, so the page around it is untouched.
 */
export default function NewsletterPublicScreen() {
  const { groupSlug = '', gonSlug = '', slug = '', pk = '' } = useParams();
  const [issue, setIssue] = useState<PublicIssue | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    let live = true;
    setIssue(null);
    setError(null);
    newslettersPublicApi.issue(groupSlug, gonSlug, slug, pk).then(
      (i) => live && setIssue(i),
      (e: ApiError) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [groupSlug, gonSlug, slug, pk]);
  usePageTitle(issue?.title ?? 'Newsletter');
  return (
    <NewslettersPublicFrame>
      <nav aria-label="Fil d’Ariane" className="newsletters-public-back">
        <Link to={`/newsletters-public/${encodeURIComponent(groupSlug)}`}>
          Toutes les newsletters{issue ? ` de ${issue.groupName}` : ''}
        </Link>
      </nav>
      {error ? (
        <>
          <h1>Newsletter introuvable</h1>
          <p className="notice notice-error" role="alert">
            {error.status === 404 ? 'Cette newsletter n’existe pas ou n’est plus publiée.' : error.message}
          </p>
        </>
      ) : !issue ? (
        <p className="muted" role="status">
          Chargement…
        </p>
      ) : (
        <article className="newsletter-public-issue">
          <p className="muted">
            {issue.newsletterTitle} — publiée le {formatDate(issue.publicationStartDate)}
          </p>
          <style>{issue.css}</style>
          <SafeHtml html={issue.html} />
        </article>
      )}
    </NewslettersPublicFrame>
  );
}
