import sanitizeHtml from 'sanitize-html';

/** Header and footer are white-label HTML shown to everyone: only safe markup goes out. */
export const SAFE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'header', 'footer', 'nav', 'section'],
  allowedAttributes: { ...sanitizeHtml.defaults.allowedAttributes, '*': ['class', 'id', 'title', 'lang', 'aria-label', 'role'], img: ['src', 'alt', 'width', 'height', 'loading'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
};

export function cleanHtml(html: unknown): string {
  return typeof html === 'string' ? sanitizeHtml(html, SAFE_HTML) : '';
}

export function sanitizeWhiteLabelHtml(record: Record<string, unknown>): Record<string, unknown> {
  return { ...record, header: cleanHtml(record.header), footer: cleanHtml(record.footer) };
}

/**
 * Every `format: html` value of a record, whatever put it there (input, default, hook, import):
 * what is stored as HTML is always clean, because it may later be shown on public pages.
 */
export function cleanHtmlFields(properties: Record<string, { format?: string }>, record: Record<string, unknown>): void {
  for (const [name, p] of Object.entries(properties)) {
    if (p.format === 'html' && typeof record[name] === 'string') record[name] = cleanHtml(record[name]);
  }
}
