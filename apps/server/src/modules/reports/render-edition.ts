import { composeReport } from '@app/assessments/reports/compose-report';
import { shippedInterpretations } from '@app/assessments/reports/load-interpretations';
import { percentileLookup } from '@app/assessments/reports/norms';
import { renderReportPdf } from './pdf/render-report-pdf.ts';
import type { RenderedEdition, RenderInput } from './report-renderer.ts';

/** Composes the document from the scores and the norms, and draws its PDF: the CPU work of one edition. */
export async function renderEdition(input: RenderInput): Promise<RenderedEdition> {
  const texts = shippedInterpretations();
  const document = composeReport({
    type: input.type,
    personName: input.personName,
    edition: input.edition,
    generatedAt: new Date(input.generatedAt),
    purchasedAt: new Date(input.purchasedAt),
    results: input.results,
    percentiles: percentileLookup(input.norms, texts.general.norm_groups),
    texts,
  });
  const { pdf, pageCount } = await renderReportPdf(document);
  return { document, pdf, pageCount };
}
