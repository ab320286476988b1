// Reports: renders the complete profile (about twenty pages with charts; target: median < 150 ms)
// to a tagged PDF with embedded fonts, 30 times after a warm-up, through the same function the
// report job calls: the test fixture's and what the real composer makes of scored answers.
import { tsImport } from 'tsx/esm/api';

const runs = 30;
const warmUp = 5;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const { renderReportPdf } = await tsImport('../apps/server/src/modules/reports/pdf/render-report-pdf.ts', import.meta.url);
const { reportDocumentFixture } = await tsImport('../apps/server/test/report-document-fixture.ts', import.meta.url);

async function measure(name, document) {
  const firstStart = performance.now();
  await renderReportPdf(document);
  const first = performance.now() - firstStart;
  for (let run = 1; run < warmUp; run++) await renderReportPdf(document);
  const times = [];
  let rendered;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    rendered = await renderReportPdf(document);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name}: ${rendered.pageCount} pages, ${(rendered.pdf.length / 1024).toFixed(0)} KiB; first render ${first.toFixed(0)} ms; ` +
      `${runs} renders after ${warmUp} warm-up: median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, min ${times[0].toFixed(1)} ms`,
  );
}

// The representative complete profile of the tests (about twenty pages): target median < 150 ms.
await measure('complete profile (test fixture)', reportDocumentFixture('complete'));

// What the real composer makes of scored answers (packages/assessments), for comparison.
const { loadBanks } = await tsImport('../packages/assessments/src/load-banks.ts', import.meta.url);
const { composeReport } = await tsImport('../packages/assessments/src/reports/compose-report.ts', import.meta.url);
const { toResultsResponse } = await tsImport('../packages/assessments/src/results-response.ts', import.meta.url);
const { scoreBig5 } = await tsImport('../packages/assessments/src/scoring/big5.ts', import.meta.url);
const { scoreEnvironment } = await tsImport('../packages/assessments/src/scoring/environment.ts', import.meta.url);
const { scoreValues } = await tsImport('../packages/assessments/src/scoring/values.ts', import.meta.url);
const banks = loadBanks();
const answers = (items, choices) => {
  const scales = [...new Set(items.map((item) => item.scale))];
  return new Map(items.map((item, index) => [item.id, 1 + ((scales.indexOf(item.scale) * 3 + (index % 3)) % choices)]));
};
const results = toResultsResponse({
  environment: { scores: scoreEnvironment(banks.environment, answers(banks.environment.items, 5)), completedAt: '2026-10-20T09:00:00.000Z', flags: [] },
  big5: { scores: scoreBig5(banks.big5, answers(banks.big5.items, 5)), completedAt: '2026-11-01T10:00:00.000Z', flags: [] },
  values: { scores: scoreValues(banks.values, answers(banks.values.items, 6)), completedAt: '2026-11-02T18:30:00.000Z', flags: [] },
});
const composed = composeReport({
  type: 'complete',
  personName: 'Zoë Łukasiewicz-Ğül Παπαδοπούλου',
  edition: 1,
  generatedAt: new Date('2026-11-26T08:00:00.000Z'),
  purchasedAt: new Date('2026-11-25T12:00:00.000Z'),
  results,
});
await measure('complete profile (composed from scored answers)', composed);
