import { contentBottom, page } from './pdf-theme.ts';

// The vertical flow of the report's pages: blocks ask for the room they need and start a new page
// when it is not there, so nothing is cut at the foot of a page and no heading is left alone.

export function addPage(doc: PDFKit.PDFDocument): void {
  doc.addPage();
  doc.x = page.margins.left;
  doc.y = page.margins.top;
}

export function roomLeft(doc: PDFKit.PDFDocument): number {
  return contentBottom - doc.y;
}

export function isAtPageTop(doc: PDFKit.PDFDocument): boolean {
  return doc.y <= page.margins.top + 0.5;
}

/** Starts a new page unless `height` fits below the cursor (or the page is still empty). */
export function ensureRoom(doc: PDFKit.PDFDocument, height: number): void {
  if (height > roomLeft(doc) && !isAtPageTop(doc)) addPage(doc);
}

/** Moves the cursor down by `gap`, unless it is at the top of a page. */
export function gapBefore(doc: PDFKit.PDFDocument, gap: number): void {
  if (!isAtPageTop(doc)) doc.y += gap;
}
