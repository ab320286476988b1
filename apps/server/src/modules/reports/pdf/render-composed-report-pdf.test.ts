import { loadBanks } from '@app/assessments/load-banks';
import { composeReport } from '@app/assessments/reports/compose-report';
import { toResultsResponse } from '@app/assessments/results-response';
import { scoreBig5 } from '@app/assessments/scoring/big5';
import { scoreEnvironment } from '@app/assessments/scoring/environment';
import { scoreValues } from '@app/assessments/scoring/values';
import { generatedReportTypes, type GeneratedReportType, type ReportBlock, type ReportDocument, type ReportSection } from '@app/contract/reports';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../../test/pdf-reader.ts';
import { formatScore } from './pdf-format.ts';
import { renderReportPdf } from './render-report-pdf.ts';

// The PDF of what the real composer makes (packages/assessments), from answers scored by the real
// scoring functions: whatever the interpretation texts hold, every section, text and chart shows.

const banks = loadBanks();
const personName = 'Zoë Łukasiewicz-Ğül Παπαδοπούλου';

/** Answers that differ from scale to scale and item to item, within each bank's choices. */
function answers(items: ReadonlyArray<{ id: string; scale: string }>, choices: number): Map<string, number> {
  const scales = [...new Set(items.map((item) => item.scale))];
  return new Map(items.map((item, index) => [item.id, 1 + ((scales.indexOf(item.scale) * 3 + (index % 3)) % choices)]));
}

const results = toResultsResponse({
  environment: { scores: scoreEnvironment(banks.environment, answers(banks.environment.items, 5)), completedAt: '2026-10-20T09:00:00.000Z', flags: [] },
  big5: { scores: scoreBig5(banks.big5, answers(banks.big5.items, 5)), completedAt: '2026-11-01T10:00:00.000Z', flags: ['too_fast'] },
  values: { scores: scoreValues(banks.values, answers(banks.values.items, 6)), completedAt: '2026-11-02T18:30:00.000Z', flags: [] },
});

function allSections(sections: ReportSection[]): ReportSection[] {
  return sections.flatMap((section) => [section, ...allSections(section.subsections)]);
}

function allBlocks(document: ReportDocument): ReportBlock[] {
  return allSections(document.sections).flatMap((section) => section.blocks);
}

const squeeze = (text: string) => text.replace(/\s+/g, '');

function composed(type: GeneratedReportType): ReportDocument {
  return composeReport({
    type,
    personName,
    edition: 1,
    generatedAt: new Date('2026-11-26T08:00:00.000Z'),
    purchasedAt: new Date('2026-11-25T12:00:00.000Z'),
    results: { big5: results.big5, environment: results.environment, values: results.values },
  });
}

describe.each(generatedReportTypes)('the PDF of the composed %s report', (type) => {
  const document = composed(type);

  it('holds every section, text, score and chart of the document, tagged', async () => {
    const { pdf, pageCount } = await renderReportPdf(document);
    const read = await readPdf(pdf);
    expect(read.pageCount).toBe(pageCount);
    expect(read.marked).toBe(true);
    expect(read.pagesText[0]).toContain(personName);
    expect(read.pagesText[0]).toContain(document.title);

    const headings = read.headings.map((heading) => squeeze(heading.text));
    for (const section of allSections(document.sections)) expect(headings).toContain(squeeze(section.title));
    const spoken = squeeze(read.pages.flatMap((page) => page.tagged.map((run) => run.text)).join(' '));
    for (const block of allBlocks(document)) {
      if (block.kind === 'paragraph') expect(spoken).toContain(squeeze(block.text));
      if (block.kind === 'list') for (const item of block.items) expect(spoken).toContain(squeeze(item));
      if (block.kind === 'callout') expect(spoken).toContain(squeeze(block.text));
      if (block.kind === 'table') for (const cell of block.rows.flat()) expect(spoken).toContain(squeeze(cell));
      if (block.kind === 'score') expect(spoken).toContain(squeeze(`${formatScore(block.score)}/ 100`));
      if (block.kind === 'bar_chart' || block.kind === 'values_circle' || block.kind === 'share_chart') expect(read.figureAlts).toContain(block.alt);
    }
    for (const page of read.pages) {
      expect(page.tagged.length, `page ${page.number} has content`).toBeGreaterThan(0);
      const last = page.tagged.at(-1);
      expect(last && /^H[2-6]$/.test(last.tag), `page ${page.number} ends with a heading`).toBe(false);
    }
  });
});

describe('the composed complete profile', () => {
  const document = composed('complete');
  const rendered = renderReportPdf(document).then(async ({ pdf, pageCount }) => ({ pageCount, read: await readPdf(pdf) }));

  it('is a profile of about twenty pages, not the three single reports in one', async () => {
    const { pageCount } = await rendered;
    expect(pageCount).toBeGreaterThanOrEqual(18);
    expect(pageCount).toBeLessThanOrEqual(24);
  });

  it('lists every section and subsection in its contents with the page it starts on', async () => {
    const { read } = await rendered;
    const contentsPage = read.pages.find((page) => read.headings.some((heading) => heading.page === page.number && heading.text === 'Contents'));
    expect(contentsPage?.number).toBe(3);
    const entries = document.sections.flatMap((section) => [{ section, role: 'H2' }, ...section.subsections.map((subsection) => ({ section: subsection, role: 'H3' }))]);
    for (const { section, role } of entries) {
      const line = contentsPage?.lines.find((candidate) => squeeze(candidate).includes(squeeze(section.title)));
      expect(line, section.title).toBeDefined();
      const pageNumber = Number(/(\d+)$/.exec(line ?? '')?.[1]);
      const heading = read.headings.find((candidate) => candidate.role === role && squeeze(candidate.text) === squeeze(section.title));
      expect(heading?.page, section.title).toBe(pageNumber);
    }
  });
});
