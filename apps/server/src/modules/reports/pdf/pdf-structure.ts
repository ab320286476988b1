// Tagged PDF (PDF/UA-style structure): every piece of content is either inside a structure element
// (so screen readers read it, in document order) or marked as an artifact (decoration, running
// headers and footers) that assistive technology skips.

export type StructureParent = PDFKit.PDFStructureElement;

export interface TagOptions {
  /** Alternative text, required for figures. */
  alt?: string;
  lang?: string;
  /** Table header cells: which cells they head. */
  scope?: 'Column' | 'Row';
}

/**
 * Draws content as one structure element of `type` under `parent`. The marked content is attached
 * after drawing, so text that pdfkit flows onto a further page keeps every piece in the element.
 */
export function tagged(doc: PDFKit.PDFDocument, parent: StructureParent, type: string, draw: () => void, options: TagOptions = {}): PDFKit.PDFStructureElement {
  const element = doc.struct(type, options);
  parent.add(element);
  const content = doc.markStructureContent(type);
  draw();
  doc.endMarkedContent();
  element.add(content);
  element.end();
  return element;
}

/** A grouping element (Sect, L, LI, Table, TR...) whose children are added by `fill`. */
export function group(doc: PDFKit.PDFDocument, parent: StructureParent, type: string, fill: (element: PDFKit.PDFStructureElement) => void, options: TagOptions = {}): PDFKit.PDFStructureElement {
  const element = doc.struct(type, options);
  parent.add(element);
  fill(element);
  element.end();
  return element;
}

/** Decoration that assistive technology skips: backgrounds, rules, markers, running headers. */
export function artifact(doc: PDFKit.PDFDocument, draw: () => void, type: 'Pagination' | 'Layout' = 'Layout'): void {
  doc.markContent('Artifact', { type });
  draw();
  doc.endMarkedContent();
}
