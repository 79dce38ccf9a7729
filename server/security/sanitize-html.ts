import { parseFragment, serialize } from 'parse5';
import sanitizeHtml from 'sanitize-html';
import { SAFE_HTML_POLICY as P } from '../../engine/html/safe-html-policy';

/**
 * Header and footer are white-label HTML shown to everyone: only safe markup goes out. The
 * allow-list is shared with the form's preview (engine/html/safe-html-policy.ts).
 */
export const SAFE_HTML: sanitizeHtml.IOptions = {
  allowedTags: P.tags,
  allowedAttributes: { ...P.attributesByTag, '*': P.globalAttributes },
  allowedSchemes: P.schemes,
  allowedSchemesByTag: P.schemesByTag,
  allowedSchemesAppliedToAttributes: P.urlAttributes,
  allowProtocolRelative: true,
  nonTextTags: P.dropWithContent,
};

/**
 * The HTML read the way a browser reads it (parse5 follows the HTML standard: mis-nested and
 * unclosed tags are repaired as in the preview and on the page), then cleaned by the allow-list;
 * sanitize-html's own parser would repair them differently. Scripting off, as in the DOMParser
 * DOMPurify reads with, so that <noscript> content is read the same way on both sides.
 */
export function cleanHtml(html: unknown): string {
  if (typeof html !== 'string') return '';
  return sanitizeHtml(serialize(parseFragment(html, { scriptingEnabled: false })), SAFE_HTML);
}

export function sanitizeWhiteLabelHtml(record: Record<string, unknown>): Record<string, unknown> {
  return { ...record, header: cleanHtml(record.header), footer: cleanHtml(record.footer) };
}

/**
 * Every `format: html` value of a record, whatever put it there (input, default, hook, import):
 * what is stored as HTML is always clean, because it may later be shown on public pages.
 */
export function cleanHtmlFields(
  properties: Record<string, { format?: string }>,
  record: Record<string, unknown>,
): void {
  for (const [name, p] of Object.entries(properties)) {
    if (p.format === 'html' && typeof record[name] === 'string') record[name] = cleanHtml(record[name]);
  }
}
