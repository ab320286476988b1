import { artifact } from './pdf-structure.ts';
import { label, type TextStyle } from './pdf-text-style.ts';
import { colors, contentWidth, fonts, page } from './pdf-theme.ts';

const running: TextStyle = { font: fonts.regular, size: 8, color: colors.mutedText, lineGap: 0 };
const brand: TextStyle = { font: fonts.semibold, size: 8, color: colors.primary, lineGap: 0 };

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
        label(doc, reportTitle, left, page.headerY, running);
        label(doc, 'Compass', right, page.headerY, brand, 'right');
        doc.rect(left, page.headerY + 14, contentWidth, 0.6).fill(colors.border);
        doc.rect(left, page.footerY - 8, contentWidth, 0.6).fill(colors.border);
        label(doc, personName, left, page.footerY, running);
        label(doc, `Page ${index + 1} of ${total}`, right, page.footerY, running, 'right');
      },
      'Pagination',
    );
  }
}
