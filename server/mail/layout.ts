/** The generic mail layout (reference 4.3): header with the site name, message, footer; inline CSS only. */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface MailContent {
  siteName: string;
  /** Plain paragraphs (escaped here). */
  paragraphs: string[];
  /** A call to action: the link is also written out in full for clients that hide buttons. */
  action?: { label: string; url: string };
  /** Paragraphs after the action. */
  after?: string[];
  signature: string;
  footer: string;
}

const P = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#1c2733;';
const BUTTON =
  'display:inline-block;padding:12px 20px;background:#1f5c99;color:#ffffff;text-decoration:none;border-radius:6px;' +
  'font-weight:bold;';
const HEADER =
  'padding:16px 24px;background:#12385e;color:#ffffff;font-size:20px;font-weight:bold;border-radius:6px 6px 0 0;';

export function renderMailHtml(c: MailContent): string {
  const paragraphs = (list: string[]) => list.map((p) => `<p style="${P}">${escapeHtml(p)}</p>`).join('\n');
  const url = c.action ? escapeHtml(c.action.url) : '';
  const action = c.action
    ? `<p style="margin:24px 0;"><a href="${url}" style="${BUTTON}">${escapeHtml(c.action.label)}</a></p>
<p style="${P}word-break:break-all;"><a href="${url}" style="color:#1f5c99;">${url}</a></p>`
    : '';
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(c.siteName)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;">
<div style="max-width:600px;margin:0 auto;padding:24px;">
<div style="${HEADER}">${escapeHtml(c.siteName)}</div>
<div style="padding:24px;background:#ffffff;border:1px solid #c9d1db;border-top:0;border-radius:0 0 6px 6px;">
${paragraphs(c.paragraphs)}
${action}
${paragraphs(c.after ?? [])}
<p style="${P}">${escapeHtml(c.signature)}</p>
</div>
<p style="margin:16px 0 0;font-size:13px;color:#55606d;">${escapeHtml(c.footer)}</p>
</div>
</body></html>
`;
}

/** The plain-text alternative, written from the same content (not scraped from the HTML). */
export function renderMailText(c: MailContent): string {
  const parts = [...c.paragraphs];
  if (c.action) parts.push(c.action.url);
  parts.push(...(c.after ?? []), c.signature, '--', c.footer);
  return `${parts.join('\n\n')}\n`;
}

/**
 * The same layout around a message that is already HTML (a notification written in the rich-text
 * editor, tokens replaced and values escaped): header with the site name, the message, footer.
 */
export function renderMailHtmlBody(c: { siteName: string; bodyHtml: string; footer: string }): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(c.siteName)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;">
<div style="max-width:600px;margin:0 auto;padding:24px;">
<div style="${HEADER}">${escapeHtml(c.siteName)}</div>
<div style="padding:24px;background:#ffffff;border:1px solid #c9d1db;border-top:0;border-radius:0 0 6px 6px;
font-size:16px;line-height:1.5;color:#1c2733;">
${c.bodyHtml}
</div>
<p style="margin:16px 0 0;font-size:13px;color:#55606d;">${escapeHtml(c.footer)}</p>
</div>
</body></html>
`;
}
