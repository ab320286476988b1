import type { TeamReportDocument, TeamReportGroup } from '@app/contract/team-report';
import { describe, expect, it } from 'vitest';
import { readPdf, type ReadPdf } from '../../../../test/pdf-reader.ts';
import { reportDocumentFixture } from '../../../../test/report-document-fixture.ts';
import { renderReportPdf } from './render-report-pdf.ts';
import { renderTeamReportPdf } from './render-team-report-pdf.ts';

// Issue 14, "Bad input": the texts people type reach the PDFs as text. pdfkit draws strings, so
// markup cannot run there; what could go wrong is the layout: a name too long for its line, with
// no space to wrap at, drawn over the page number or past the paper's edge, or letters the font
// lacks (right-to-left scripts, emoji) breaking the page. So each PDF gets markup and script, a
// long unbroken name and a right-to-left name with emoji in every typed text, and must show the
// text as typed, keep every piece of text on the paper and apart from the page numbers, and keep
// its page count.

const payload = `<img src=x onerror="window.__xss=1">"'&<script>window.__xss=2</script>`;
/** 245 characters without a space (a name field takes 255; the PDF's line is about 90 of them). */
const unbroken = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(7);
const rightToLeft = 'نور الهدى 👩‍💻 דוד כהן 🎉';
/**
 * Each typed text and what a reader gives back of it from the paper, left to right: Arabic and
 * Hebrew (from the fallback fonts) read right to left, so the words of the right-to-left run stand
 * in reverse, each word in reading order (the reader puts a right-to-left word back so), with the
 * emoji between them; the last emoji, after the run, stays at its end (the page is left to right).
 * A letter printed as '?' or lost fails the comparison.
 */
const typedTexts = [
  ['markup', `Ada ${payload}`, `Ada ${payload}`],
  ['unbroken', unbroken, unbroken],
  ['rightToLeft', rightToLeft, 'כהן דוד 👩‍💻 الهدى نور 🎉'],
] as const;

/** Compares text regardless of how lines wrapped or how the reader split the runs. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

/** A page's text as it stands on the paper: line by line, each line's pieces left to right. */
const onPaper = (page: ReadPdf['pages'][number] | undefined) => squeeze(page?.lines.join(' ') ?? '');

/** No control character (a glyph copied as its number, or as NUL) in what a reader copies. */
const controlCharacter = /[^\P{Cc}\s]/u;

/** No two pieces of text on the page are drawn over each other (their boxes, the descenders left out). */
function expectNoOverlap(page: ReadPdf['pages'][number]): void {
  const pieces = page.pieces.filter((piece) => piece.str.trim() && piece.width > 0);
  for (const [index, a] of pieces.entries()) {
    for (const b of pieces.slice(index + 1)) {
      const across = a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5;
      const upDown = a.y < b.y + b.height * 0.75 && b.y < a.y + a.height * 0.75;
      expect(across && upDown, `"${a.str}" and "${b.str}" overlap on page ${page.number}`).toBe(false);
    }
  }
}

/** Every piece of text lies on the paper, and none overlaps the "Page N of M" on its line. */
function expectLaidOut(read: ReadPdf): void {
  for (const page of read.pages) {
    for (const piece of page.pieces) {
      if (!piece.str.trim()) continue;
      expect(piece.x, `"${piece.str}" on page ${page.number}`).toBeGreaterThanOrEqual(0);
      expect(piece.x + piece.width, `"${piece.str}" on page ${page.number}`).toBeLessThanOrEqual(page.width);
    }
    const number = page.pieces.find((piece) => /^Page \d+ of \d+$/.test(piece.str));
    if (!number) continue;
    for (const piece of page.pieces) {
      if (piece === number || !piece.str.trim() || Math.abs(piece.y - number.y) > 2) continue;
      expect(piece.x + piece.width, `"${piece.str}" runs into "${number.str}" on page ${page.number}`).toBeLessThanOrEqual(number.x);
    }
  }
}

describe('a personal report for a name as typed', async () => {
  const plain = await renderReportPdf(reportDocumentFixture('big5', { person_name: 'Ada Lovelace' }));

  it.each(typedTexts)('shows the %s name as typed, on the paper, in as many pages', async (_kind, name, shown) => {
    const { pdf, pageCount } = await renderReportPdf(reportDocumentFixture('big5', { person_name: name }));
    const read = await readPdf(pdf);
    expect(pageCount).toBe(plain.pageCount);
    // The cover says who the report is for; the running footer too (cut to its line when too long).
    expect(onPaper(read.pages[0])).toContain(squeeze(shown));
    expect(onPaper(read.pages[1])).toContain([...squeeze(shown)].slice(0, 20).join(''));
    expect(read.text).not.toMatch(controlCharacter);
    expectLaidOut(read);
    expectNoOverlap(read.pages[0]!);
  });

  it('cuts a right-to-left name too long for the footer at its end, the ellipsis on its left', async () => {
    const { pdf } = await renderReportPdf(reportDocumentFixture('big5', { person_name: Array(8).fill('نور الهدى דוד כהן').join(' ') }));
    const footer = (await readPdf(pdf)).pages[1]!.pieces.filter((piece) => piece.str.trim() && piece.y < 50 && !piece.str.startsWith('Page'));
    const ellipsis = footer.find((piece) => piece.str.includes('…'));
    expect(ellipsis).toBeDefined();
    expect(Math.min(...footer.map((piece) => piece.x))).toBe(ellipsis!.x);
  });
});

const suppressed = { status: 'suppressed', reason: 'below_minimum', message: 'Not enough responses to show this group' } as const;
function teamGroup(kind: TeamReportGroup['kind'], label: string): TeamReportGroup {
  return { kind, label, big5: suppressed, values: suppressed, culture: suppressed };
}
function teamDocument(organisationName: string, title: string): TeamReportDocument {
  return {
    organisation_name: organisationName,
    edition: 1,
    generated_at: '2026-11-26T10:00:00.000Z',
    minimum: 5,
    groups: [teamGroup('organisation', organisationName), teamGroup('position_title', title), ...Array.from({ length: 6 }, (_, index) => teamGroup('position_title', `Carpenter ${index + 1}`))],
  };
}

describe('a team report for an organisation’s name and position titles as typed', async () => {
  const plain = await renderTeamReportPdf(teamDocument('Oak & Pine Ltd', 'Director'));

  it.each(typedTexts)('shows the %s name and title as typed, on the paper, in as many pages', async (_kind, text, shown) => {
    const { pdf, pageCount } = await renderTeamReportPdf(teamDocument(text, `Lead ${text}`));
    const read = await readPdf(pdf);
    expect(pageCount).toBe(plain.pageCount);
    expect(onPaper(read.pages[0])).toContain(squeeze(shown));
    expect(read.pages.map(onPaper).join('')).toContain(squeeze(`Position title: Lead ${shown}`));
    expect(read.text).not.toMatch(controlCharacter);
    // The document's title (the viewer's window) is metadata, not drawn: it keeps every letter.
    expect(read.title).toBe(`Team report: ${text}`);
    expectLaidOut(read);
    expectNoOverlap(read.pages[0]!);
  });
});
