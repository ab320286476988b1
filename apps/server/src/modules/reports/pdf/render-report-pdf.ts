import type { ReportDocument } from '@app/contract/reports';
import PDFDocument from 'pdfkit';
import { drawCoverPage } from './draw-cover-page.ts';
import { drawSection, type SectionContext } from './draw-sections.ts';
import { drawSummaryPage } from './draw-summary-page.ts';
import { drawPageFurniture } from './page-furniture.ts';
import { registerPdfFonts } from '../../../lib/pdf/pdf-fonts.ts';
import { page, setDocumentAccent } from './pdf-theme.ts';
import { drawTableOfContents } from './table-of-contents.ts';

export interface RenderedReport {
  pdf: Buffer;
  pageCount: number;
}

/**
 * A report document as a designed, tagged PDF (pdfkit, DESIGN section 3): cover, summary page,
 * a table of contents for the complete profile, then every section with its charts. Accessible:
 * tagged structure in reading order (Sect, H1-H4, P, L, Table, Figure with alternative text),
 * the document's language and title, running headers and footers as artifacts.
 */
export function renderReportPdf(document: ReportDocument, options: { compress?: boolean } = {}): Promise<RenderedReport> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: page.margins,
    bufferPages: true,
    compress: options.compress ?? true,
    tagged: true,
    lang: document.language,
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: document.title,
      Author: 'Compass',
      Subject: `${document.title} for ${document.person_name}`,
      Creator: 'Compass',
      CreationDate: new Date(document.generated_at),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  registerPdfFonts(doc);
  setDocumentAccent(doc, document.type);
  const root = doc.struct('Document');
  doc.addStructure(root);

  drawCoverPage(doc, root, document);
  drawSummaryPage(doc, root, document);
  const contents = document.type === 'complete' ? drawTableOfContents(doc, root, document.sections) : null;
  const context: SectionContext = { doc, language: document.language, places: new Map(), outline: doc.outline };
  document.sections.forEach((section, index) => drawSection(context, root, section, index === 0));
  contents?.finish((section) => context.places.get(section));

  drawPageFurniture(doc, document.title, document.person_name);
  root.end();
  const pageCount = doc.bufferedPageRange().count;
  doc.end();
  return done.then((pdf) => ({ pdf, pageCount }));
}
