import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { PDF_FONT, registerPdfFont } from './fonts';
import { pdfText } from './pdf-text';

/** Text on white above 4.5:1, as on screen; the blue is the demo theme's primary colour. */
export const COLORS = {
  text: '#1c2733',
  muted: '#4f5b66',
  primary: '#1f5c99',
  rule: '#c3ccd6',
  zebra: '#f1f4f7',
  headerFill: '#e3ebf3',
};

/** mm per typographic point. */
const PT = 0.3528;
const LINE_FACTOR = 1.3;

export interface Column {
  title: string;
  /** Relative width; the columns share the text width. */
  width: number;
  align?: 'left' | 'right';
}

export interface LayoutMeta {
  /** Document title (PDF properties) and page footer text. */
  title: string;
  footer: string;
}

/**
 * A4 portrait pages written top to bottom with jsPDF's own primitives: headings, paragraphs,
 * label/value lists, and tables (jspdf-autotable) that continue on the next page under their header
 * row. The text is in an embedded Unicode font (fonts.ts).
 */
export class PdfLayout {
  readonly doc: jsPDF;
  readonly margin = 16;
  readonly pageWidth: number;
  readonly pageHeight: number;
  readonly width: number;
  y: number;
  private readonly bottom: number;

  constructor(private readonly meta: LayoutMeta) {
    this.doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
    registerPdfFont(this.doc);
    this.pageWidth = this.doc.internal.pageSize.getWidth();
    this.pageHeight = this.doc.internal.pageSize.getHeight();
    this.width = this.pageWidth - 2 * this.margin;
    this.bottom = this.pageHeight - this.margin - 8;
    this.y = this.margin;
    this.doc.setProperties({ title: pdfText(meta.title), subject: pdfText(meta.title), creator: pdfText(meta.footer) });
    this.doc.setLineHeightFactor(LINE_FACTOR);
  }

  lineHeight(size: number): number {
    return size * PT * LINE_FACTOR;
  }

  /** Room left on the page, in mm. */
  get room(): number {
    return this.bottom - this.y;
  }

  /** Starts a new page when `height` mm do not fit; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = this.margin;
  }

  space(mm: number): void {
    this.y += mm;
  }

  font(size: number, style: 'normal' | 'bold' | 'italic' = 'normal', color = COLORS.text): void {
    this.doc.setFont(PDF_FONT, style === 'bold' ? 'bold' : 'normal');
    this.doc.setFontSize(size);
    this.doc.setTextColor(color);
  }

  /** Text at a position (no flow); top-aligned. */
  textAt(
    text: string,
    x: number,
    y: number,
    options: {
      size?: number;
      style?: 'normal' | 'bold' | 'italic';
      color?: string;
      align?: 'left' | 'right' | 'center';
    } = {},
  ): void {
    this.font(options.size ?? 9, options.style ?? 'normal', options.color ?? COLORS.text);
    this.doc.text(pdfText(text), x, y, { baseline: 'top', align: options.align ?? 'left' });
  }

  /** Lines of `text` wrapped to `width` mm at the current font. */
  wrap(text: string, width: number): string[] {
    return this.doc.splitTextToSize(pdfText(text), width) as string[];
  }

  documentTitle(title: string, subtitle: string, detail: string): void {
    this.doc.setFillColor(COLORS.primary);
    this.doc.rect(0, 0, this.pageWidth, 3, 'F');
    this.space(2);
    this.paragraph(title, { size: 20, style: 'bold', color: COLORS.primary });
    this.paragraph(subtitle, { size: 13, style: 'bold' });
    this.paragraph(detail, { size: 9.5, color: COLORS.muted });
    this.space(2);
    this.rule();
    this.space(4);
  }

  rule(): void {
    this.doc.setDrawColor(COLORS.rule);
    this.doc.setLineWidth(0.3);
    this.doc.line(this.margin, this.y, this.margin + this.width, this.y);
  }

  /** A heading kept with at least `keep` mm of what follows (no heading alone at a page foot). */
  heading(text: string, level: 1 | 2 | 3 = 1, keep = 25): void {
    const size = level === 1 ? 15 : level === 2 ? 12 : 10.5;
    const before = level === 1 ? 5 : level === 2 ? 3.5 : 2;
    if (!this.ensure(before + this.lineHeight(size) + keep)) this.space(before);
    this.paragraph(text, { size, style: 'bold', color: level === 3 ? COLORS.text : COLORS.primary });
    if (level === 1) {
      this.rule();
      this.space(2.5);
    } else {
      this.space(1);
    }
  }

  paragraph(
    text: string,
    options: { size?: number; style?: 'normal' | 'bold' | 'italic'; color?: string; indent?: number } = {},
  ): void {
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    this.font(size, options.style ?? 'normal', options.color ?? COLORS.text);
    const lh = this.lineHeight(size);
    for (const line of this.wrap(text, this.width - indent)) {
      this.ensure(lh);
      this.font(size, options.style ?? 'normal', options.color ?? COLORS.text);
      this.doc.text(line, this.margin + indent, this.y, { baseline: 'top' });
      this.y += lh;
    }
  }

  bullets(items: string[], options: { size?: number; indent?: number } = {}): void {
    const size = options.size ?? 9;
    const indent = options.indent ?? 3;
    for (const item of items) {
      this.font(size);
      const lines = this.wrap(item, this.width - indent - 4);
      const lh = this.lineHeight(size);
      lines.forEach((line, i) => {
        this.ensure(lh);
        this.font(size);
        if (i === 0) this.doc.text('•', this.margin + indent, this.y, { baseline: 'top' });
        this.doc.text(line, this.margin + indent + 4, this.y, { baseline: 'top' });
        this.y += lh;
      });
    }
  }

  /** Two columns: label, value (values right after the labels, aligned). */
  keyValues(rows: [string, string][], options: { labelWidth?: number; size?: number } = {}): void {
    const size = options.size ?? 9.5;
    const labelWidth = options.labelWidth ?? 75;
    const lh = this.lineHeight(size);
    for (const [label, value] of rows) {
      this.font(size);
      const labels = this.wrap(label, labelWidth - 3);
      const values = this.wrap(value, this.width - labelWidth);
      const height = Math.max(labels.length, values.length) * lh + 1;
      this.ensure(height);
      this.font(size, 'normal', COLORS.muted);
      labels.forEach((line, i) => this.doc.text(line, this.margin, this.y + i * lh, { baseline: 'top' }));
      this.font(size, 'bold');
      values.forEach((line, i) => this.doc.text(line, this.margin + labelWidth, this.y + i * lh, { baseline: 'top' }));
      this.y += height;
    }
  }

  /** A table (jspdf-autotable); rows that do not fit go to the next page under a repeated header row. */
  table(columns: Column[], rows: string[][], options: { size?: number; firstColumnBold?: boolean } = {}): void {
    const size = options.size ?? 8.5;
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const lh = this.lineHeight(size);
    // A header row and two body rows at least on this page, as before.
    this.ensure(3 * lh + 6);
    autoTable(this.doc, {
      startY: this.y,
      margin: { left: this.margin, right: this.margin, top: this.margin, bottom: this.pageHeight - this.bottom },
      head: [columns.map((c) => pdfText(c.title))],
      body: rows.map((row) => row.map(pdfText)),
      theme: 'plain',
      rowPageBreak: 'avoid',
      styles: {
        font: PDF_FONT,
        fontSize: size,
        cellPadding: 1.4,
        textColor: COLORS.text,
        lineColor: COLORS.rule,
        overflow: 'linebreak',
        valign: 'top',
      },
      headStyles: { fontStyle: 'bold', fillColor: COLORS.headerFill, fontSize: size - 0.5 },
      alternateRowStyles: { fillColor: COLORS.zebra },
      columnStyles: Object.fromEntries(
        columns.map((c, i) => [
          i,
          {
            cellWidth: (c.width / total) * this.width,
            halign: c.align === 'right' ? 'right' : 'left',
            ...(options.firstColumnBold && i === 0 ? { fontStyle: 'bold' as const } : {}),
          },
        ]),
      ),
      // Header cells take their column's alignment (autotable applies columnStyles to the body only).
      didParseCell: (data) => {
        if (data.section === 'head' && columns[data.column.index]?.align === 'right') data.cell.styles.halign = 'right';
      },
      // A rule under every row, as the report's other lists have.
      didDrawCell: (data) => {
        if (data.column.index !== 0) return;
        this.doc.setDrawColor(COLORS.rule);
        this.doc.setLineWidth(0.2);
        this.doc.line(
          this.margin,
          data.cell.y + data.cell.height,
          this.margin + this.width,
          data.cell.y + data.cell.height,
        );
      },
    });
    const finalY = (this.doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY;
    this.y = (finalY ?? this.y) + 2;
  }

  /** Footer on every page, then the file's bytes. */
  finish(): Buffer {
    const pages = this.doc.getNumberOfPages();
    for (let page = 1; page <= pages; page++) {
      this.doc.setPage(page);
      const y = this.pageHeight - this.margin + 2;
      this.doc.setDrawColor(COLORS.rule);
      this.doc.setLineWidth(0.2);
      this.doc.line(this.margin, y - 2, this.margin + this.width, y - 2);
      this.textAt(this.meta.footer, this.margin, y, { size: 8, color: COLORS.muted });
      this.textAt(`Page ${page} / ${pages}`, this.margin + this.width, y, {
        size: 8,
        color: COLORS.muted,
        align: 'right',
      });
    }
    return Buffer.from(this.doc.output('arraybuffer'));
  }
}
