import PDFDocument from 'pdfkit';
import bidiFactory from 'bidi-js';
import type { QuoteView } from './views';
import { formatDate, formatMoney, formatNumber, isRtl, wordsFor } from './locale-text';

/**
 * The quote's PDF, made with pdfkit (fonts embedded and shaped by fontkit, pure JavaScript, no
 * binaries). One font for every script: DejaVu Sans from the `dejavu-fonts-ttf` package (Latin,
 * Greek, Cyrillic and Arabic with its joining forms). Right-to-left text (Arabic) is laid out by
 * the Unicode Bidirectional Algorithm (`bidi-js`): a line is split into runs of one direction,
 * placed in visual order from the right; fontkit shapes each right-to-left run (initial, medial,
 * final forms, lam-alef) and orders its glyphs. The pieces are written to the page in logical
 * order (word by word inside a right-to-left run), so a text extractor reads them as they were
 * written, not mirrored.
 */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const bidi = bidiFactory();

export interface PdfBrand {
  primary: string;
  text: string;
  contact: string[];
  /** PNG or JPEG bytes of the logo; null without one (or when it is SVG, WebP…) */
  logo: Buffer | null;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const RIGHT = PAGE.width - PAGE.margin;
const INNER = RIGHT - PAGE.margin;

interface Run {
  text: string;
  level: number;
}

/** The runs of one direction of a line, in logical order, and the order to place them in (visual, left to right). */
function bidiRuns(text: string, rtl: boolean): { runs: Run[]; order: number[] } {
  const { levels } = bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr');
  const runs: Run[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[i]) last.text += text[i];
    else runs.push({ text: text[i], level: levels[i] });
  }
  // rule L2 at the granularity of runs: from the highest level down to the lowest odd one, reverse every sequence at or above it
  const order = runs.map((_, i) => i);
  const highest = Math.max(0, ...runs.map((r) => r.level));
  const lowestOdd = Math.min(highest + 1, ...runs.map((r) => r.level).filter((l) => l % 2 === 1));
  for (let level = highest; level >= Math.max(1, lowestOdd); level--) {
    for (let i = 0; i < order.length;) {
      if (runs[order[i]].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && runs[order[j]].level >= level) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  return { runs, order };
}

class Page {
  y = PAGE.margin;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly rtl: boolean,
  ) {}

  /** Writes one line of text in [x, x + width], aligned at the start (right for RTL) unless `align` says otherwise. */
  put(text: string, x: number, width: number, o: { size?: number; bold?: boolean; align?: 'start' | 'end'; color?: string; y?: number } = {}): void {
    const doc = this.doc;
    doc
      .font(o.bold ? 'bold' : 'main')
      .fontSize(o.size ?? 10)
      .fillColor(o.color ?? '#222222');
    const y = o.y ?? this.y;
    const { runs, order } = bidiRuns(text, this.rtl);
    const widths = runs.map((r) => doc.widthOfString(r.text));
    const total = widths.reduce((a, b) => a + b, 0);
    const toRight = (o.align === 'end') !== this.rtl;
    let cursor = toRight ? x + width - total : x;
    const starts: number[] = [];
    for (const i of order) {
      starts[i] = cursor;
      cursor += widths[i];
    }
    const space = doc.widthOfString(' ');
    runs.forEach((run, i) => {
      if (run.level % 2 === 0) {
        doc.text(run.text, starts[i], y, { lineBreak: false });
        return;
      }
      // a right-to-left run word by word, in logical order, each word placed from the run's right end
      let right = starts[i] + widths[i];
      for (const word of run.text.split(' ')) {
        if (word) {
          const w = doc.widthOfString(word);
          doc.text(word, right - w, y, { lineBreak: false });
          right -= w;
        }
        right -= space;
      }
    });
  }

  /** `text` cut to fit `width` at the current font, with an ellipsis when it was cut. */
  fit(text: string, width: number, size = 10): string {
    this.doc.font('main').fontSize(size);
    if (this.doc.widthOfString(text) <= width) return text;
    const chars = [...text];
    while (chars.length && this.doc.widthOfString(`${chars.join('')}…`) > width) chars.pop();
    return `${chars.join('').trimEnd()}…`;
  }

  /** The lines of a longer text, wrapped at words to `width`. */
  wrap(text: string, width: number, size = 10): string[] {
    this.doc.font('main').fontSize(size);
    const lines: string[] = [];
    for (const para of text.split(/\r?\n/)) {
      let line = '';
      for (const word of para.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (line && this.doc.widthOfString(next) > width) {
          lines.push(line);
          line = word;
        } else line = next;
      }
      lines.push(line);
    }
    return lines;
  }

  /** x of a column given from the start side (mirrored for RTL) */
  col(start: number, width: number): number {
    return this.rtl ? RIGHT - start - width : PAGE.margin + start;
  }

  down(by: number): void {
    this.y += by;
    if (this.y > PAGE.height - PAGE.margin - 20) {
      this.doc.addPage();
      this.y = PAGE.margin;
    }
  }

  rule(color: string): void {
    this.doc.moveTo(PAGE.margin, this.y).lineTo(RIGHT, this.y).lineWidth(0.7).strokeColor(color).stroke();
    this.down(6);
  }
}

/** Columns of the line table: item, quantity, unit price, total (from the start side). */
const COLS = { item: [0, 255], qty: [260, 60], unit: [325, 85], total: [415, INNER - 415] } as const;

export function renderQuotePdf(q: QuoteView, brand: PdfBrand): Promise<Buffer> {
  const w = wordsFor(q.locale);
  const rtl = isRtl(q.locale);
  const money = (n: number) => formatMoney(n, q.currency_code, q.locale);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    font: FONT,
    info: { Title: `${w.quote} ${q.number}`, Subject: `${w.quote} ${q.number}`, Creator: 'svc-platform quotes' },
    lang: q.locale,
  } as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('main', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const p = new Page(doc, rtl);

  // header: the logo on the start side, the store's contact on the end side
  let headerHeight = 0;
  if (brand.logo) {
    try {
      doc.image(brand.logo, rtl ? RIGHT - 120 : PAGE.margin, p.y, { fit: [120, 50] });
      headerHeight = 50;
    } catch {
      // bytes pdfkit cannot read as PNG or JPEG: the quote goes out without the logo
    }
  }
  brand.contact.forEach((line, i) => p.put(line, PAGE.margin, INNER, { size: 8, align: 'end', color: '#555555', y: p.y + i * 11 }));
  p.down(Math.max(headerHeight, brand.contact.length * 11) + 16);

  p.put(`${w.quote} ${q.number}`, PAGE.margin, INNER, { size: 20, bold: true, color: brand.primary });
  p.down(30);
  p.put(`${w.date}: ${formatDate(new Date(q.created_at), q.locale)}`, PAGE.margin, INNER);
  p.down(14);
  p.put(`${w.validUntil}: ${formatDate(q.valid_until, q.locale)}`, PAGE.margin, INNER);
  p.down(22);

  p.put(w.customer, PAGE.margin, INNER, { bold: true, size: 11 });
  p.down(15);
  for (const line of [q.name, q.company, q.email, q.phone].filter((l): l is string => !!l)) {
    p.put(line, PAGE.margin, INNER);
    p.down(13);
  }
  p.down(10);

  const header = () => {
    p.put(w.item, p.col(...COLS.item), COLS.item[1], { bold: true });
    p.put(w.quantity, p.col(...COLS.qty), COLS.qty[1], { bold: true, align: 'end' });
    p.put(w.unitPrice, p.col(...COLS.unit), COLS.unit[1], { bold: true, align: 'end' });
    p.put(w.total, p.col(...COLS.total), COLS.total[1], { bold: true, align: 'end' });
    p.down(14);
    p.rule(brand.primary);
  };
  const row = (item: string, qty: string, unit: number, total: number) => {
    p.put(p.fit(item, COLS.item[1] - 6), p.col(...COLS.item), COLS.item[1]);
    p.put(qty, p.col(...COLS.qty), COLS.qty[1], { align: 'end' });
    p.put(money(unit), p.col(...COLS.unit), COLS.unit[1], { align: 'end' });
    p.put(money(total), p.col(...COLS.total), COLS.total[1], { align: 'end' });
    p.down(15);
  };
  if (q.products.length) {
    p.put(w.products, PAGE.margin, INNER, { bold: true, size: 11 });
    p.down(16);
    header();
    for (const l of q.products) row(l.sku ? `${l.title} (${l.sku})` : l.title, formatNumber(l.quantity, q.locale), l.unit_price, l.total);
    p.down(8);
  }
  if (q.services.length) {
    p.put(w.services, PAGE.margin, INNER, { bold: true, size: 11 });
    p.down(16);
    header();
    for (const l of q.services) row(`${l.name} · ${l.location_name}`, `${formatNumber(l.quantity, q.locale)} ${l.unit}`, l.unit_price, l.total);
    p.down(8);
  }
  p.rule(brand.primary);
  p.put(w.estimate, p.col(0, 300), 300, { bold: true, size: 12 });
  p.put(money(q.estimate), p.col(300, INNER - 300), INNER - 300, { bold: true, size: 12, align: 'end' });
  p.down(18);
  p.put(w.estimateNote, PAGE.margin, INNER, { size: 8, color: '#555555' });
  p.down(22);

  if (q.fields.length) {
    p.put(w.details, PAGE.margin, INNER, { bold: true, size: 11 });
    p.down(16);
    for (const f of q.fields) {
      const value =
        f.type === 'boolean'
          ? f.value === 'true'
            ? '✓'
            : '✗'
          : f.type === 'number'
            ? formatNumber(Number(f.value), q.locale)
            : f.type === 'date'
              ? formatDate(f.value, q.locale)
              : f.value;
      p.put(`${f.label}: ${value}`, PAGE.margin, INNER);
      p.down(13);
    }
    p.down(10);
  }
  if (q.message) {
    p.put(w.message, PAGE.margin, INNER, { bold: true, size: 11 });
    p.down(16);
    for (const line of p.wrap(q.message, INNER)) {
      p.put(line, PAGE.margin, INNER);
      p.down(13);
    }
  }
  doc.end();
  return done;
}
