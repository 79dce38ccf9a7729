import { escapeHtmlText } from './escape-html';
import type { AppointmentTemplateContext } from './appointment-template-context';
import { formatAppointmentDate } from './format-appointment-date';
import { htmlToPlainText } from './html-to-plain-text';

/** `html`: a mail body (values escaped, HTML values kept); `text`: an SMS or a subject. */
export type TemplateMode = 'html' | 'text';

/** A value a token stands for: plain text, or HTML the platform already sanitised. */
type TokenValue = { text: string } | { html: string };

export const TEMPLATE_TOKENS = [
  'contact',
  'date_rdv',
  'conseiller',
  'structure',
  'lieu',
  'tel_structure',
  'tel_lieu',
  'texte_lieu',
  'texte_motif',
  'texte_creneau',
  'jitsi',
] as const;

export type TemplateToken = (typeof TEMPLATE_TOKENS)[number];

function placeLabel(place: NonNullable<AppointmentTemplateContext['place']>): string {
  const details: string[] = [];
  const address = (place.address ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' - ');
  if (address) details.push(`adresse: ${address}`);
  if (place.phone?.trim()) details.push(`téléphone: ${place.phone.trim()}`);
  return details.length ? `${place.name} (${details.join(' / ')})` : place.name;
}

/** The meet.jit.si room of the contact: named after the e-mail, `@` replaced by `-`. */
export function jitsiUrl(email: string | null | undefined): string {
  if (!email) return '';
  return `https://meet.jit.si/${encodeURIComponent(email.trim().replace(/@/g, '-'))}`;
}

export function tokenValues(ctx: AppointmentTemplateContext): Record<TemplateToken, TokenValue> {
  const jitsi = jitsiUrl(ctx.contact?.email);
  return {
    contact: { text: ctx.contact?.fullName ?? '' },
    date_rdv: { text: formatAppointmentDate(ctx.start, ctx.end, ctx.now) },
    conseiller: { text: ctx.advisor?.fullName ?? '' },
    structure: { text: ctx.group.name },
    lieu: { text: ctx.place ? placeLabel(ctx.place) : '' },
    tel_structure: { text: ctx.group.phone ?? '' },
    tel_lieu: { text: ctx.place?.phone ?? '' },
    texte_lieu: { html: ctx.place?.presentationHtml ?? '' },
    texte_motif: { html: ctx.reasonDescriptionHtml ?? '' },
    texte_creneau: { text: ctx.slotPublicDescription ?? '' },
    jitsi: jitsi ? { html: `<a href="${escapeHtmlText(jitsi)}">${escapeHtmlText(jitsi)}</a>` } : { text: '' },
  };
}

const TOKEN = new RegExp(`\\{(${TEMPLATE_TOKENS.join('|')})\\}`, 'g');

/**
 * Replaces the §5.5 tokens of a notification template; unknown braces stay as written. In HTML
 * mode text values are escaped (a contact named `<b>` stays text); in text mode HTML values are
 * turned into text. The result is trimmed, as in the reference.
 */
export function renderTemplate(template: string, ctx: AppointmentTemplateContext, mode: TemplateMode): string {
  const values = tokenValues(ctx);
  return template
    .replace(TOKEN, (_m, name: TemplateToken) => {
      const v = values[name];
      if ('text' in v) return mode === 'html' ? escapeHtmlText(v.text) : v.text;
      if (mode === 'html') return v.html;
      // The jitsi link reads as its bare address in an SMS.
      return name === 'jitsi' ? jitsiUrl(ctx.contact?.email) : htmlToPlainText(v.html);
    })
    .trim();
}

/** A subject is one line whatever the tokens held. */
export function renderSubject(template: string, ctx: AppointmentTemplateContext): string {
  return renderTemplate(template, ctx, 'text').replace(/\s*[\r\n]+\s*/g, ' ');
}
