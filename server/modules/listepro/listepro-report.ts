import { COLORS, PdfLayout } from '../pdf/pdf-layout';
import type { PublicCard } from './public-search';

export interface DirectoryReportInput {
  /** The white label's site title and the directory's name there. */
  siteTitle: string;
  toolName: string;
  /** « maison › Audit › audit global », or « Mon Accompagnateur Rénov' ». */
  search: string;
  /** « Tous les professionnels » or « Votre sélection ». */
  scope: string;
  comment: string;
  near: { name: string; postcode: string } | null;
  professionals: (PublicCard & { distanceKm: number | null })[];
  /** Logos by sheet pk, PNG or JPEG bytes already read from the storage. */
  logos: Map<number, { data: Buffer; type: 'PNG' | 'JPEG' }>;
  date: Date;
  /** The white label's main colour (its theme's `primary`), for the cover and the names. */
  primary?: unknown;
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The white label's colour when it is a #rrggbb that white text reads on (contrast ≥ 4.5:1, as on
 * screen), else the platform's blue: a pale brand colour must not make the cover unreadable.
 */
export function reportColour(primary: unknown): string {
  if (typeof primary !== 'string' || !/^#[0-9a-f]{6}$/i.test(primary)) return COLORS.primary;
  return 1.05 / (luminance(primary) + 0.05) >= 4.5 ? primary.toLowerCase() : COLORS.primary;
}

const dateFr = (d: Date) =>
  new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(
    d,
  );
const km = (n: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(n)} km`;

/**
 * The directory's PDF (spec 03 §4 « PDF download flow »): a cover with the white label, the
 * search, the visitor's comment; then one block per professional — logo, name, job, contacts,
 * key words, address and commune (with the distance when the visitor gave theirs) — kept whole
 * on a page; « Page n / total » at the foot of each page (PdfLayout.finish).
 */
export function directoryReport(input: DirectoryReportInput): Buffer {
  const twice = input.siteTitle.trim().toLowerCase() === input.toolName.trim().toLowerCase();
  const title = twice ? input.toolName : `${input.toolName} — ${input.siteTitle}`;
  const layout = new PdfLayout({ title, footer: input.siteTitle });
  const { doc } = layout;
  const primary = reportColour(input.primary);

  // Cover, in the white label's colour (issue 26 item 8: not the platform's blue on a green site);
  // the site's title above the directory's name only when they differ (no title twice).
  doc.setFillColor(primary);
  doc.rect(0, 0, layout.pageWidth, 40, 'F');
  if (!twice) layout.textAt(input.siteTitle, layout.margin, 10, { size: 13, color: '#ffffff' });
  layout.textAt(input.toolName, layout.margin, twice ? 15 : 20, { size: 24, style: 'bold', color: '#ffffff' });
  layout.y = 50;
  layout.paragraph('Votre recherche', { size: 11, style: 'bold', color: COLORS.muted });
  layout.paragraph(input.search, { size: 15, style: 'bold' });
  layout.space(2);
  layout.keyValues(
    [
      ['Professionnels', `${input.scope} (${input.professionals.length})`],
      ...(input.near
        ? ([
            ['Distances depuis', input.near.postcode ? `${input.near.name} (${input.near.postcode})` : input.near.name],
          ] as [string, string][])
        : []),
      ['Date', dateFr(input.date)],
    ],
    { labelWidth: 45 },
  );
  if (input.comment.trim()) {
    layout.space(4);
    layout.paragraph('Votre commentaire', { size: 11, style: 'bold', color: COLORS.muted });
    for (const para of input.comment.split(/\r?\n/)) layout.paragraph(para || ' ', { size: 10.5 });
  }
  layout.space(6);
  layout.paragraph(
    input.near
      ? 'Les professionnels sont présentés du plus proche au plus éloigné.'
      : 'Les professionnels sont présentés dans un ordre aléatoire.',
    { size: 9, color: COLORS.muted },
  );
  if (!input.professionals.length)
    layout.paragraph('Aucun professionnel ne correspond à cette recherche.', { size: 11, style: 'bold' });

  // One block per professional, never split across pages; the first ones on the cover's page
  // (issue 26 item 8: the first page was almost empty).
  layout.space(4);
  layout.rule();
  layout.space(3);
  const logoSize = 22;
  for (const p of input.professionals) {
    const textX = layout.margin + logoSize + 5;
    const textWidth = layout.width - logoSize - 5;
    const lines: { text: string; size: number; style: 'normal' | 'bold'; color: string }[] = [];
    const add = (text: string, size = 9, style: 'normal' | 'bold' = 'normal', color = COLORS.text) => {
      layout.font(size, style);
      for (const line of layout.wrap(text, textWidth)) lines.push({ text: line, size, style, color });
    };
    add(p.name, 12, 'bold', primary);
    if (p.job) add(p.job, 9.5, 'bold');
    if (p.isMonAccompagnateurRenov) add("Mon Accompagnateur Rénov'", 8.5, 'normal', COLORS.muted);
    const address = [p.address, [p.postcode, p.town].filter(Boolean).join(' ')].filter(Boolean).join(', ');
    if (address) add(`Adresse : ${address}`);
    if (p.town)
      add(`Commune : ${p.town}${p.distanceKm !== null ? ` — à ${km(p.distanceKm)} de ${input.near?.name ?? ''}` : ''}`);
    if (p.phoneNumber) add(`Téléphone : ${p.phoneNumber}`);
    if (p.email) add(`Courriel : ${p.email}`);
    if (p.url) add(`Site internet : ${p.url}`);
    if (p.keyWords.length) add(`Mots clés : ${p.keyWords.join(', ')}`, 9, 'normal', COLORS.muted);
    const height =
      Math.max(
        logoSize,
        lines.reduce((h, l) => h + layout.lineHeight(l.size), 0),
      ) + 6;
    layout.ensure(height);
    const top = layout.y;
    const logo = input.logos.get(p.pk);
    if (logo) {
      doc.addImage(logo.data, logo.type, layout.margin, top, logoSize, logoSize, `logo-${p.pk}`, 'FAST');
    } else {
      // The initial on a tinted square: each block keeps its shape, with or without a logo.
      doc.setFillColor(COLORS.headerFill);
      doc.rect(layout.margin, top, logoSize, logoSize, 'F');
      layout.textAt((p.name.trim()[0] ?? '?').toUpperCase(), layout.margin + logoSize / 2, top + 6, {
        size: 18,
        style: 'bold',
        color: primary,
        align: 'center',
      });
    }
    let y = top;
    for (const l of lines) {
      layout.font(l.size, l.style, l.color);
      doc.text(l.text, textX, y, { baseline: 'top' });
      y += layout.lineHeight(l.size);
    }
    layout.y = top + height - 3;
    layout.rule();
    layout.space(3);
  }
  return layout.finish();
}
