import { composeReport } from '@app/assessments/reports/compose-report';
import { renderReportPdf } from './pdf/render-report-pdf.ts';
import type { RenderedEdition, RenderInput } from './report-renderer.ts';

/** Composes the document from the scores and draws its PDF: the CPU work of one edition. */
export async function renderEdition(input: RenderInput): Promise<RenderedEdition> {
  const document = composeReport({
    type: input.type,
    personName: input.personName,
    edition: input.edition,
    generatedAt: new Date(input.generatedAt),
    purchasedAt: new Date(input.purchasedAt),
    results: input.results,
  });
  const { pdf, pageCount } = await renderReportPdf(document);
  return { document, pdf, pageCount };
}
