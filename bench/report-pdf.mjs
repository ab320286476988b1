// Reports: renders the complete profile (the longest report, about twenty pages with charts) to a
// tagged PDF with embedded fonts, 30 times after a warm-up, through the same function the report
// job calls. Target: median < 150 ms.
import { tsImport } from 'tsx/esm/api';

const runs = 30;
const warmUp = 5;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const { renderReportPdf } = await tsImport('../apps/server/src/modules/reports/pdf/render-report-pdf.ts', import.meta.url);
const { reportDocumentFixture } = await tsImport('../apps/server/test/report-document-fixture.ts', import.meta.url);

const document = reportDocumentFixture('complete');
for (let run = 0; run < warmUp; run++) await renderReportPdf(document);

const times = [];
let rendered;
for (let run = 0; run < runs; run++) {
  const start = performance.now();
  rendered = await renderReportPdf(document);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
console.log(
  `complete profile PDF: ${rendered.pageCount} pages, ${(rendered.pdf.length / 1024).toFixed(0)} KiB; ` +
    `${runs} renders after ${warmUp} warm-up: median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ` +
    `min ${times[0].toFixed(1)} ms (target: median < 150 ms)`,
);
