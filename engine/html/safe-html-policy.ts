// The one allow-list of HTML that users may store (white-label header and footer, `format: html`
// fields, global messages). The server cleans with sanitize-html and the form's preview with
// DOMPurify, both configured from this file, so that the preview shows what will be stored.

export const SAFE_HTML_POLICY = {
  /** Elements kept (others are dropped, their text kept, unless listed in `dropWithContent`). */
  tags: [
    'address',
    'article',
    'aside',
    'footer',
    'header',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hgroup',
    'main',
    'nav',
    'section',
    'blockquote',
    'dd',
    'div',
    'dl',
    'dt',
    'figcaption',
    'figure',
    'hr',
    'li',
    'menu',
    'ol',
    'p',
    'pre',
    'ul',
    'a',
    'abbr',
    'b',
    'bdi',
    'bdo',
    'br',
    'cite',
    'code',
    'data',
    'dfn',
    'em',
    'i',
    'kbd',
    'mark',
    'q',
    'rb',
    'rp',
    'rt',
    'rtc',
    'ruby',
    's',
    'samp',
    'small',
    'span',
    'strong',
    'sub',
    'sup',
    'time',
    'u',
    'var',
    'wbr',
    'caption',
    'col',
    'colgroup',
    'table',
    'tbody',
    'td',
    'tfoot',
    'th',
    'thead',
    'tr',
    'img',
  ],
  /** Attributes any kept element may carry. */
  globalAttributes: ['class', 'id', 'title', 'lang', 'aria-label', 'role'],
  /** Attributes of particular elements. */
  attributesByTag: {
    a: ['href', 'name', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
  } as Record<string, string[]>,
  /** Attributes holding a URL, whose scheme must be allowed (a relative URL has none and passes). */
  urlAttributes: ['href', 'src', 'cite'],
  schemes: ['http', 'https', 'mailto', 'tel'],
  schemesByTag: { img: ['http', 'https', 'data'] } as Record<string, string[]>,
  /**
   * Elements dropped with everything inside: scripts and styles, and the elements whose content a
   * browser does not read as HTML (raw text, foreign content), where a server-side parser and the
   * browser would otherwise disagree on what the text is.
   */
  dropWithContent: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'noembed',
    'noframes',
    'xmp',
    'title',
    'template',
    'svg',
    'math',
    'object',
  ],
};

/**
 * Whether a URL attribute's value may stay on this element: the rule sanitize-html applies
 * (control characters and spaces ignored, HTML comments removed, then the scheme, if any, must be
 * allowed for the element).
 */
export function urlAllowed(tag: string, value: string): boolean {
  let url = value.replace(/[\x00-\x20]+/g, '');
  for (;;) {
    const start = url.indexOf('<!--');
    const end = start === -1 ? -1 : url.indexOf('-->', start + 4);
    if (end === -1) break;
    url = url.slice(0, start) + url.slice(end + 3);
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return true;
  return (SAFE_HTML_POLICY.schemesByTag[tag] ?? SAFE_HTML_POLICY.schemes).includes(scheme);
}

/** Whether an attribute may stay on an element (its value checked by urlAllowed where it is a URL). */
export function attributeAllowed(tag: string, name: string, value: string): boolean {
  const { globalAttributes, attributesByTag } = SAFE_HTML_POLICY;
  const listed = globalAttributes.includes(name) || (attributesByTag[tag] ?? []).includes(name);
  return listed && (!SAFE_HTML_POLICY.urlAttributes.includes(name) || urlAllowed(tag, value));
}
