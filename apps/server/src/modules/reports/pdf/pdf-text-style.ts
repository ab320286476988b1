import { bodyLineGap, colors, fonts, fontSizes } from './pdf-theme.ts';
import { BoundedMap } from '../../../lib/bounded-map.ts';
import { afterEllipsis } from '../../../lib/pdf/pdf-text-runs.ts';

export interface TextStyle {
  font: string;
  size: number;
  color: string;
  lineGap: number;
}

export const textStyles = {
  body: { font: fonts.regular, size: fontSizes.body, color: colors.text, lineGap: bodyLineGap },
  bodyStrong: { font: fonts.semibold, size: fontSizes.body, color: colors.text, lineGap: bodyLineGap },
  small: { font: fonts.regular, size: fontSizes.small, color: colors.mutedText, lineGap: 2 },
  caption: { font: fonts.semibold, size: fontSizes.caption, color: colors.mutedText, lineGap: 2 },
  blockTitle: { font: fonts.semibold, size: fontSizes.blockTitle, color: colors.text, lineGap: 2 },
  subsection: { font: fonts.semibold, size: fontSizes.subsection, color: colors.primary, lineGap: 2 },
  section: { font: fonts.bold, size: fontSizes.section, color: colors.text, lineGap: 3 },
} satisfies Record<string, TextStyle>;

export function useStyle(doc: PDFKit.PDFDocument, style: TextStyle): void {
  doc.font(style.font).fontSize(style.size).fillColor(style.color);
}

// Heights measured before, by style, width and text: the layout that keeps blocks together asks for
// the same paragraphs again, and reports share most of their texts (the interpretation files), so
// a process remembers them instead of wrapping each text twice; the oldest are forgotten first.
const measuredHeights = new BoundedMap<string, number>(20_000);

/** Height of `text` wrapped to `width` in `style` (selects the style as a side effect). */
export function heightOf(doc: PDFKit.PDFDocument, text: string, style: TextStyle, width: number): number {
  useStyle(doc, style);
  const key = `${style.font}\u0000${style.size}\u0000${style.lineGap}\u0000${width}\u0000${text}`;
  const known = measuredHeights.get(key);
  if (known !== undefined) return known;
  const height = doc.heightOfString(text, { width, lineGap: style.lineGap });
  measuredHeights.set(key, height);
  return height;
}

/** Height of one line of `style`. */
export function lineHeightOf(doc: PDFKit.PDFDocument, style: TextStyle): number {
  useStyle(doc, style);
  return doc.currentLineHeight(true) + style.lineGap;
}

/**
 * Writes wrapped text at (x, y); the cursor ends below it. Text that reaches the foot of the page
 * continues on a new one, unless `fixed` (text placed on purpose outside the content box).
 */
export function write(doc: PDFKit.PDFDocument, text: string, x: number, y: number, style: TextStyle, width: number, align: 'left' | 'center' | 'right' = 'left', fixed = false): void {
  useStyle(doc, style);
  doc.text(text, x, y, { width, lineGap: style.lineGap, align, ...(fixed ? { height: doc.page.height } : {}) });
}

/** Writes one unwrapped line at (x, y) that never starts a new page (labels in charts, footers). */
export function label(doc: PDFKit.PDFDocument, text: string, x: number, y: number, style: TextStyle, align: 'left' | 'center' | 'right' = 'left'): void {
  useStyle(doc, style);
  const width = doc.widthOfString(text);
  const left = align === 'left' ? x : align === 'center' ? x - width / 2 : x - width;
  doc.text(text, left, y, { lineBreak: false });
}

/**
 * `text` cut to fit `width` on one line in `style`, with an ellipsis where it was cut: a typed name
 * in a running header or footer, which never wraps, must not run into the page number or past the
 * paper's edge (issue 14). Right-to-left text keeps the ellipsis at the end it was cut at.
 */
export function fitted(doc: PDFKit.PDFDocument, text: string, style: TextStyle, width: number): string {
  useStyle(doc, style);
  if (doc.widthOfString(text) <= width) return text;
  const characters = [...text];
  const cut = (length: number) => {
    const start = characters.slice(0, length).join('').trimEnd();
    return `${start}…${afterEllipsis(start)}`;
  };
  let low = 0;
  let high = characters.length;
  // The longest start of the text that still fits with the ellipsis.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(cut(middle)) <= width) low = middle;
    else high = middle - 1;
  }
  return cut(low);
}
