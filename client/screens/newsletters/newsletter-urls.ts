/** The public API of newsletters (server/modules/newsletters/newsletter-view.ts NEWSLETTERS_PUBLIC). */
export const NEWSLETTERS_PUBLIC_API = '/infolettres/public';

/** The public address of a stored newsletter picture (its file key is the unguessable part). */
export function publicImageUrl(origin: string, key: string): string {
  return `${origin}/api/v1${NEWSLETTERS_PUBLIC_API}/image/${key}/`;
}
