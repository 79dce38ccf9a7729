import { useEffect, useState } from 'react';

type Cleaner = (html: string) => string;
let cleaner: Promise<Cleaner> | null = null;

/** DOMPurify and the allow-list load with the first HTML shown or previewed, not with every screen. */
export function loadCleaner(): Promise<Cleaner> {
  cleaner ??= import('./widgets/html-preview')
    .then((m) => m.previewCleaner(window))
    .catch((e: unknown) => {
      cleaner = null;
      throw e;
    });
  return cleaner;
}

/**
 * Stored rich text shown as formatted text. The server already keeps only the allow-list's markup
 * (server/security/sanitize-html.ts); the browser cleans it again with the same allow-list, so a
 * value written before that rule, or by hand in the database, cannot run script either. Until the
 * cleaner is loaded (or if it fails), the plain text is shown.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const [clean, setClean] = useState<Cleaner | null>(null);
  useEffect(() => {
    let live = true;
    loadCleaner().then(
      (c) => live && setClean(() => c),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!clean) return <div className={className}>{plainText(html)}</div>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean(html) }} />;
}

export function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
