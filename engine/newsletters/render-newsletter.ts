/**
 * A newsletter issue's HTML, drawn from its content blocks: one function for the editor's live
 * preview, the public page and the mail (where the server inlines the stylesheet with juice), so
 * that what is previewed is what is published and sent. No I/O: what the blocks point to (pictures,
 * events) is resolved by the caller, and rich text is cleaned by the caller's cleaner (DOMPurify in
 * the browser, sanitize-html on the server: both read engine/html/safe-html-policy.ts).
 */

export type NewsletterBlock =
  | { type: 'title'; text: string }
  | { type: 'text'; html: string }
  | { type: 'image'; image: number; alt: string; link?: string }
  | { type: 'columns'; left: string; right: string }
  | { type: 'button'; label: string; url: string }
  | { type: 'separator' }
  | { type: 'event'; event: number };

export interface NewsletterCharter {
  primaryColor: string;
  textColor: string;
  backgroundColor: string;
  buttonTextColor: string;
}

export const DEFAULT_CHARTER: NewsletterCharter = {
  primaryColor: '#9a258f',
  textColor: '#333333',
  backgroundColor: '#ffffff',
  buttonTextColor: '#ffffff',
};

/** What an event block shows, resolved by the caller (French date already written). */
export interface EventCard {
  title: string;
  when: string;
  where: string;
  url: string;
}

export interface BlockResolver {
  /** Cleans stored rich text once more before it is shown (stored text is already clean). */
  clean: (html: string) => string;
  /** The public address of a picture of the structure, or null when it has none. */
  imageUrl: (pk: number) => string | null;
  event: (pk: number) => EventCard | null;
}

export function escapeHtml(text: string): string {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Only web and mail links: a `javascript:` address typed into a button never reaches a page or a mail. */
export function safeUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const u = url.trim();
  if (/^(https?:\/\/|mailto:)/i.test(u) || u.startsWith('/')) return u;
  return null;
}

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The charter with any value that is not a plain colour replaced by the default (it goes into CSS). */
export function safeCharter(charter: Partial<Record<keyof NewsletterCharter, unknown>>): NewsletterCharter {
  const out = { ...DEFAULT_CHARTER };
  for (const key of Object.keys(DEFAULT_CHARTER) as (keyof NewsletterCharter)[]) {
    const v = charter[key];
    if (typeof v === 'string' && COLOR.test(v)) out[key] = v;
  }
  return out;
}

/**
 * The stylesheet of an issue, scoped to `.nl` so that the public page's own styles are untouched;
 * juice copies it into style attributes for mail clients that drop <style>.
 */
export function newsletterCss(charter: NewsletterCharter): string {
  const c = charter;
  return [
    `.nl { background-color: ${c.backgroundColor}; color: ${c.textColor}; font-family: Arial, Helvetica, sans-serif;` +
      ' font-size: 16px; line-height: 1.5; }',
    '.nl-inner { max-width: 640px; margin: 0 auto; padding: 16px; }',
    '.nl-logo { display: block; max-width: 240px; height: auto; margin: 0 0 16px; }',
    `.nl-heading { color: ${c.primaryColor}; font-size: 24px; line-height: 1.25; margin: 0 0 16px; }`,
    `.nl-title { color: ${c.primaryColor}; font-size: 20px; line-height: 1.3; margin: 24px 0 8px; }`,
    '.nl-text { margin: 0 0 16px; }',
    `.nl a { color: ${c.primaryColor}; }`,
    '.nl-image { display: block; max-width: 100%; height: auto; margin: 0 0 16px; border: 0; }',
    '.nl-columns { width: 100%; border-collapse: collapse; margin: 0 0 16px; }',
    '.nl-column { width: 50%; vertical-align: top; padding: 0 8px 0 0; }',
    `.nl-button-wrap { margin: 8px 0 24px; }`,
    `.nl a.nl-button { display: inline-block; background-color: ${c.primaryColor}; color: ${c.buttonTextColor};` +
      ' padding: 12px 20px; text-decoration: none; font-weight: bold; border-radius: 6px; }',
    `.nl-separator { border: 0; border-top: 2px solid ${c.primaryColor}; margin: 24px 0; }`,
    `.nl-event { border: 1px solid ${c.primaryColor}; border-radius: 6px; padding: 12px 16px; margin: 0 0 16px; }`,
    `.nl-event-title { color: ${c.primaryColor}; font-size: 18px; margin: 0 0 4px; }`,
    '.nl-event p { margin: 0 0 4px; }',
    '.nl-footer { font-size: 13px; margin: 32px 0 0; }',
  ].join('\n');
}

/** One block's HTML; an unknown kind or a block pointing to nothing draws nothing. */
export function renderBlock(block: NewsletterBlock, r: BlockResolver): string {
  switch (block.type) {
    case 'title':
      return `<h2 class="nl-title">${escapeHtml(block.text ?? '')}</h2>`;
    case 'text':
      return `<div class="nl-text">${r.clean(block.html ?? '')}</div>`;
    case 'image': {
      const src = r.imageUrl(block.image);
      if (!src) return '';
      const img = `<img class="nl-image" src="${escapeHtml(src)}" alt="${escapeHtml(block.alt ?? '')}">`;
      const link = safeUrl(block.link);
      return link ? `<a href="${escapeHtml(link)}">${img}</a>` : img;
    }
    case 'columns':
      return (
        '<table class="nl-columns" role="presentation"><tr>' +
        `<td class="nl-column">${r.clean(block.left ?? '')}</td>` +
        `<td class="nl-column">${r.clean(block.right ?? '')}</td>` +
        '</tr></table>'
      );
    case 'button': {
      const url = safeUrl(block.url);
      if (!url) return '';
      const label = escapeHtml(block.label ?? '');
      return `<p class="nl-button-wrap"><a class="nl-button" href="${escapeHtml(url)}">${label}</a></p>`;
    }
    case 'separator':
      return '<hr class="nl-separator">';
    case 'event': {
      const e = r.event(block.event);
      if (!e) return '';
      const url = safeUrl(e.url);
      return (
        '<div class="nl-event">' +
        `<h3 class="nl-event-title">${escapeHtml(e.title)}</h3>` +
        `<p>${escapeHtml(e.when)}</p>` +
        (e.where ? `<p>${escapeHtml(e.where)}</p>` : '') +
        (url ? `<p><a href="${escapeHtml(url)}">S’inscrire à l’événement « ${escapeHtml(e.title)} »</a></p>` : '') +
        '</div>'
      );
    }
    default:
      return '';
  }
}

export interface NewsletterView {
  title: string;
  blocks: NewsletterBlock[];
  charter: NewsletterCharter;
  logoUrl?: string | null;
  logoAlt?: string;
  /** Trusted HTML put after the blocks (the mail's unsubscribe paragraph). */
  footerHtml?: string;
}

/** The issue's body (`<div class="nl">…`), for the preview and the public page, which add `newsletterCss`. */
export function renderNewsletterBody(view: NewsletterView, r: BlockResolver): string {
  const logo = view.logoUrl
    ? `<img class="nl-logo" src="${escapeHtml(view.logoUrl)}" alt="${escapeHtml(view.logoAlt ?? '')}">`
    : '';
  const blocks = (Array.isArray(view.blocks) ? view.blocks : []).map((b) => renderBlock(b, r)).join('\n');
  const footer = view.footerHtml ? `<div class="nl-footer">${view.footerHtml}</div>` : '';
  return (
    `<div class="nl"><div class="nl-inner">${logo}` +
    `<h1 class="nl-heading">${escapeHtml(view.title)}</h1>\n${blocks}${footer}</div></div>`
  );
}

/** A whole HTML document for a mail: the body with its stylesheet in the head (juice inlines it). */
export function renderNewsletterDocument(view: NewsletterView, r: BlockResolver): string {
  return (
    '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(view.title)}</title><style>${newsletterCss(view.charter)}</style></head>` +
    `<body style="margin:0">${renderNewsletterBody(view, r)}</body></html>`
  );
}

/**
 * Whether an issue is published at `now` (reference 11.1 `isPublished`, with the end date read as
 * intended — no end date, or now before it — rather than the reference's inverted test).
 */
export function isPublished(
  gon: { isActive: boolean; isPublic: boolean },
  issue: {
    isActive: boolean;
    isPublic: boolean;
    publicationStartDate: string | null;
    publicationEndDate: string | null;
  },
  now: Date,
): boolean {
  if (!gon.isActive || !gon.isPublic || !issue.isActive || !issue.isPublic) return false;
  const t = now.getTime();
  if (issue.publicationStartDate && new Date(issue.publicationStartDate).getTime() > t) return false;
  if (issue.publicationEndDate && new Date(issue.publicationEndDate).getTime() <= t) return false;
  return true;
}
