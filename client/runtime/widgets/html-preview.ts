import createDOMPurify, { type WindowLike } from 'dompurify';
import { SAFE_HTML_POLICY as P, attributeAllowed } from '../../../engine/html/safe-html-policy';

// DOMPurify with the server's allow-list: the preview of an HTML field shows what the server will
// store (server/security/sanitize-html.ts reads the same policy). This module is loaded when a
// preview is first opened, not with the form.

const ALL_ATTRIBUTES = [...new Set([...P.globalAttributes, ...Object.values(P.attributesByTag).flat()])];
// Any scheme-less URL passes here; the per-element scheme rule is the hook's (urlAllowed).
const SCHEMES = [...new Set([...P.schemes, ...Object.values(P.schemesByTag).flat()])].join('|');
const ANY_SCHEME_LISTED = new RegExp(`^(?:(?:${SCHEMES}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`, 'i');

/** A cleaner bound to a window (the page's, or a test's jsdom window). */
export function previewCleaner(win: WindowLike): (html: string) => string {
  const purify = createDOMPurify(win);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    if (!attributeAllowed(node.nodeName.toLowerCase(), data.attrName, data.attrValue)) data.keepAttr = false;
  });
  const config = {
    ALLOWED_TAGS: P.tags,
    ALLOWED_ATTR: ALL_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: ANY_SCHEME_LISTED,
    FORBID_CONTENTS: P.dropWithContent,
    KEEP_CONTENT: true,
    // DOMPurify's clobbering guard drops ids such as "title" that the server keeps: the preview
    // must show what is stored (the stored HTML is shown on the site either way).
    SANITIZE_DOM: false,
  };
  return (html) => purify.sanitize(html, config);
}
