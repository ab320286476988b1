import { artifact } from './pdf-structure.ts';
import { fitted, label, useStyle, type TextStyle } from './pdf-text-style.ts';
import { colors, contentWidth, fonts, page } from './pdf-theme.ts';

const running: TextStyle = { font: fonts.regular, size: 8, color: colors.mutedText, lineGap: 0 };
const brand: TextStyle = { font: fonts.semibold, size: 8, color: colors.primary, lineGap: 0 };
/** Between a running text and what stands at the other end of its line. */
const runningGap = 16;

/**
 * A running text cut to leave room for what stands at its line's other end (issue 14: a typed name
 * too long for the line never runs into the page number or past the paper's edge).
 */
export function runningText(doc: PDFKit.PDFDocument, text: string, style: TextStyle, otherEnd: string, otherEndStyle: TextStyle): string {
  useStyle(doc, otherEndStyle);
  return fitted(doc, text, style, contentWidth - doc.widthOfString(otherEnd) - runningGap);
}

/**
 * The running header (report title, product name) and footer (the person's name, "Page N of M")
 * on every page but the cover, written once all pages exist so M is known. They are pagination
 * artifacts: screen readers skip them.
 */
export function drawPageFurniture(doc: PDFKit.PDFDocument, reportTitle: string, personName: string): void {
  const range = doc.bufferedPageRange();
  const total = range.count;
  const left = page.margins.left;
  const right = left + contentWidth;
  for (let index = 1; index < total; index++) {
    doc.switchToPage(range.start + index);
    artifact(
      doc,
      () => {
        label(doc, runningText(doc, reportTitle, running, 'Compass', brand), left, page.headerY, running);
        label(doc, 'Compass', right, page.headerY, brand, 'right');
        doc.rect(left, page.headerY + 14, contentWidth, 0.6).fill(colors.border);
        doc.rect(left, page.footerY - 8, contentWidth, 0.6).fill(colors.border);
        const pageNumber = `Page ${index + 1} of ${total}`;
        label(doc, runningText(doc, personName, running, pageNumber, running), left, page.footerY, running);
        label(doc, pageNumber, right, page.footerY, running, 'right');
      },
      'Pagination',
    );
  }
}
