import { generatedReportTypes, type ReportBlock, type ReportDocument, type ReportSection } from '@app/contract/reports';
import { describe, expect, it } from 'vitest';
import { readPdf, type ReadPdf } from '../../../../test/pdf-reader.ts';
import { fixturePersonName, reportDocumentFixture } from '../../../../test/report-document-fixture.ts';
import { formatScore } from './pdf-format.ts';
import { renderReportPdf } from './render-report-pdf.ts';

const a4 = { width: 595.28, height: 841.89 };
/** Compares text regardless of how lines wrapped or how the reader split the runs. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

function allSections(sections: ReportSection[]): ReportSection[] {
  return sections.flatMap((section) => [section, ...allSections(section.subsections)]);
}

function allBlocks(document: ReportDocument): ReportBlock[] {
  return allSections(document.sections).flatMap((section) => section.blocks);
}

async function render(document: ReportDocument, compress = true): Promise<{ pageCount: number; pdf: Buffer; read: ReadPdf }> {
  const { pdf, pageCount } = await renderReportPdf(document, { compress });
  return { pdf, pageCount, read: await readPdf(pdf) };
}

describe('renderReportPdf', () => {
  describe.each(generatedReportTypes)('the %s report', (type) => {
    const document = reportDocumentFixture(type);
    const rendered = render(document);

    it('opens as an A4 PDF with as many pages as it reports', async () => {
      const { read, pageCount, pdf } = await rendered;
      expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
      expect(read.pageCount).toBe(pageCount);
      expect(pageCount).toBeGreaterThanOrEqual(3);
      for (const page of read.pages) {
        expect(page.width).toBeCloseTo(a4.width, 1);
        expect(page.height).toBeCloseTo(a4.height, 1);
      }
    });

    it("shows the person's name exactly, non-Latin letters included, and the report's title", async () => {
      const { read } = await rendered;
      expect(read.pagesText[0]).toContain(fixturePersonName);
      expect(read.pagesText[0]).toContain(document.title);
      expect(read.pagesText[0]).toContain('Compass');
      expect(read.text).toContain('You in five sentences');
      for (const sentence of document.summary.sentences) expect(squeeze(read.text)).toContain(squeeze(sentence));
      for (const highlight of document.summary.highlights) expect(squeeze(read.text)).toContain(squeeze(highlight.label));
    });

    it('contains every section title as a heading, every text and every score as printed', async () => {
      const { read } = await rendered;
      const text = squeeze(read.text);
      const headings = read.headings.map((heading) => squeeze(heading.text));
      for (const section of allSections(document.sections)) expect(headings).toContain(squeeze(section.title));
      for (const block of allBlocks(document)) {
        if (block.kind === 'paragraph') expect(text).toContain(squeeze(block.text));
        if (block.kind === 'list') for (const item of block.items) expect(text).toContain(squeeze(item));
        if (block.kind === 'callout') expect(text).toContain(squeeze(block.text));
        if (block.kind === 'table') for (const cell of block.rows.flat()) expect(text).toContain(squeeze(cell));
        if (block.kind === 'score') expect(text).toContain(squeeze(`${block.label}${block.band_label}${formatScore(block.score)}/ 100`));
        if (block.kind === 'bar_chart') for (const bar of block.bars) expect(text).toContain(squeeze(`${bar.label}${formatScore(bar.score)}`));
        if (block.kind === 'share_chart') for (const share of block.shares) expect(text).toContain(squeeze(`${share.label}${share.share}%`));
        if (block.kind === 'values_circle') for (const value of block.values) expect(text).toContain(squeeze(value.label));
      }
    });

    it('is tagged: marked, with headings, lists, tables and a figure with alternative text for every chart', async () => {
      const { read } = await rendered;
      expect(read.marked).toBe(true);
      expect(read.structTypes).toEqual(expect.arrayContaining(['Document', 'Sect', 'H1', 'H2', 'H3', 'P', 'L', 'LI', 'LBody', 'Figure']));
      const charts = allBlocks(document).filter((block) => block.kind === 'bar_chart' || block.kind === 'values_circle' || block.kind === 'share_chart');
      for (const chart of charts) expect(read.figureAlts).toContain(chart.alt);
      expect(read.headings.filter((heading) => heading.role === 'H1').map((heading) => heading.text)).toEqual([document.title]);
    });

    it("declares the document's language and title", async () => {
      const { read } = await rendered;
      expect(read.title).toBe(document.title);
      expect(read.author).toBe('Compass');
      expect(read.language).toBe('en');
    });

    it('leaves no page empty and no heading at the foot of a page without its content', async () => {
      const { read, pageCount } = await rendered;
      for (const page of read.pages) {
        const body = page.tagged.map((run) => run.text).join(' ');
        expect(body.length, `page ${page.number}`).toBeGreaterThan(20);
        if (page.number > 1) expect(page.text).toContain(`Page ${page.number} of ${pageCount}`);
        const last = page.tagged.at(-1);
        expect(last && /^H[2-6]$/.test(last.tag), `page ${page.number} ends with a heading`).toBe(false);
      }
    });
  });

  it('writes the table of contents of the complete profile with the pages its sections start on', async () => {
    const document = reportDocumentFixture('complete');
    const { read } = await render(document);
    const contentsPage = read.pages.find((page) => read.headings.some((heading) => heading.page === page.number && heading.text === 'Contents'));
    expect(contentsPage).toBeDefined();
    expect(read.structTypes).toEqual(expect.arrayContaining(['TOC', 'TOCI']));
    const entries = document.sections.flatMap((section) => [{ section, role: 'H2' }, ...section.subsections.map((subsection) => ({ section: subsection, role: 'H3' }))]);
    for (const { section, role } of entries) {
      const line = contentsPage!.lines.find((candidate) => squeeze(candidate).includes(squeeze(section.title)));
      expect(line, section.title).toBeDefined();
      const pageNumber = Number(/(\d+)$/.exec(line!)?.[1]);
      const heading = read.headings.find((candidate) => candidate.role === role && squeeze(candidate.text) === squeeze(section.title));
      expect(heading?.page, section.title).toBe(pageNumber);
    }
  });

  it('gives the complete profile about twenty pages and none of the single reports a contents page', async () => {
    const complete = await render(reportDocumentFixture('complete'));
    expect(complete.pageCount).toBeGreaterThanOrEqual(16);
    const big5 = await render(reportDocumentFixture('big5'));
    expect(big5.read.headings.map((heading) => heading.text)).not.toContain('Contents');
  });

  it('sets /Lang and the title on the catalog when written uncompressed', async () => {
    const { pdf } = await render(reportDocumentFixture('values', { language: 'en-GB' }), false);
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/Lang (en-GB)');
    expect(raw).toContain('/DisplayDocTitle true');
    expect(raw).toContain('/Marked true');
  });

  it('draws a name as plain text, whatever characters it holds', async () => {
    const name = '<script>alert(1)</script> (Jürgen) \\ O’Brien 李小龍';
    const { read } = await render(reportDocumentFixture('environment', { person_name: name }));
    expect(read.pagesText[0]).toContain('<script>alert(1)</script> (Jürgen) \\ O’Brien');
  });

  it('maps every glyph back to its own letters, whatever the process rendered before', async () => {
    // The fonts are shared by all renders of the process: text copied (or read aloud) from one
    // PDF must not depend on which PDFs were made earlier.
    const name = 'Ægir O’Brien-Şahin “Ŋ” final office Ђорђе';
    const first = await render(reportDocumentFixture('big5', { person_name: name }));
    await Promise.all(generatedReportTypes.map((type) => renderReportPdf(reportDocumentFixture(type))));
    const again = await render(reportDocumentFixture('big5', { person_name: name }));
    expect(first.read.pagesText[0]).toContain(name);
    expect(again.read.pagesText[0]).toContain(name);
    expect(again.pdf.equals(first.pdf)).toBe(true);
  });

  it('never cuts a long document short: a section of many long paragraphs and a long table all appear', async () => {
    const long = 'This sentence is part of a very long paragraph that has to flow over more than one page. '.repeat(70).trim();
    const rows = Array.from({ length: 70 }, (_, index) => [`Row ${index + 1}`, String(index), 'A cell with a few words in it']);
    const document = reportDocumentFixture('values', {
      sections: [
        {
          id: 'long',
          title: 'A long section',
          blocks: [
            { kind: 'paragraph', text: long },
            { kind: 'table', caption: 'A long table', columns: ['Name', 'Number', 'Words'], rows },
            { kind: 'paragraph', text: 'The very last words.' },
          ],
          subsections: [],
        },
      ],
    });
    const { read, pageCount } = await render(document);
    expect(pageCount).toBeGreaterThan(5);
    // Read as a screen reader does (tagged content only, so the running headers do not interrupt).
    const spoken = read.pages.flatMap((page) => page.tagged.map((run) => run.text)).join(' ');
    expect(squeeze(spoken)).toContain(squeeze(long));
    for (const row of rows) expect(spoken).toContain(row[0]);
    expect(read.pagesText.at(-1)).toContain('The very last words.');
  });
});
