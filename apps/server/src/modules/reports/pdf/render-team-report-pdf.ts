import { teamReportTitle, type TeamReportDocument, type TeamReportGroup } from '@app/contract/team-report';
import type { ReportBlock } from '@app/contract/reports';
import type { SuppressedGroup } from '@app/contract/team-insights';
import PDFDocument from 'pdfkit';
import { registerPdfFonts } from '../../../lib/pdf/pdf-fonts.ts';
import { calloutHeight, drawCallout } from './draw-callout.ts';
import { drawTable, tableLeadHeight } from './draw-table.ts';
import { drawPageFurniture, runningText } from './page-furniture.ts';
import { ensureRoom, gapBefore } from './pdf-flow.ts';
import { formatCount, formatDate, formatScore } from './pdf-format.ts';
import { artifact, group, tagged, type StructureParent } from './pdf-structure.ts';
import { heightOf, label, textStyles, write } from './pdf-text-style.ts';
import { colors, contentWidth, page, spacing } from './pdf-theme.ts';
import type { RenderedReport } from './render-report-pdf.ts';

// Issue 13: the team report's PDF, the team overview's aggregate pages only. Each group (the whole
// organisation, then each position title or session and each tenure band) has its three sets,
// each either a table of aggregates with the group's size or the suppression message the team
// overview gives; nothing else of the organisation's people is in the document. Every text the
// organisation typed (its name, titles, session names) is written as plain text.

const language = 'en-GB';
const left = page.margins.left;

type Table = Extract<ReportBlock, { kind: 'table' }>;
type Callout = Extract<ReportBlock, { kind: 'callout' }>;

const tenureLabels: Record<string, string> = {
  under_6_months: 'Under 6 months',
  '6_to_12_months': '6 to 12 months',
  '1_to_2_years': '1 to 2 years',
  over_2_years: 'Over 2 years',
};

function groupHeading(group: TeamReportGroup): string {
  switch (group.kind) {
    case 'organisation':
      return 'The whole organisation';
    case 'position_title':
      return `Position title: ${group.label}`;
    case 'event_session':
      return `Session: ${group.label}`;
    case 'tenure':
      return `Tenure: ${tenureLabels[group.label] ?? group.label}`;
  }
}

const respondents = (count: number) => `${formatCount(count, language)} ${count === 1 ? 'respondent' : 'respondents'}`;

/** The three sets of one group: a table when shown, the overview's message when suppressed. */
function setsOf(group: TeamReportGroup): { title: string; block: Table | SuppressedGroup }[] {
  const { big5, values, culture } = group;
  return [
    {
      title: 'BIG5 personality domains',
      block:
        big5.status === 'suppressed'
          ? big5
          : {
              kind: 'table',
              caption: `Mean score (0-100) and people per band; ${respondents(big5.respondents)}`,
              columns: ['Domain', 'Mean', 'Low', 'Average', 'High'],
              rows: big5.domains.map((domain) => [domain.label, formatScore(domain.mean), String(domain.bands.low), String(domain.bands.average), String(domain.bands.high)]),
            },
    },
    {
      title: 'Top values',
      block:
        values.status === 'suppressed'
          ? values
          : {
              kind: 'table',
              caption: `How many people rank each value among their top three; ${respondents(values.respondents)}`,
              columns: ['Value', 'In the top three', 'Share'],
              rows: values.values.map((value) => [value.label, String(value.top_three), `${formatScore(value.share)}%`]),
            },
    },
    {
      title: 'Culture preferences',
      block:
        culture.status === 'suppressed'
          ? culture
          : {
              kind: 'table',
              caption: `Mean share of each culture in people’s preferred mix, and for how many it comes first; ${respondents(culture.respondents)}`,
              columns: ['Culture', 'Mean share', 'Preferred most by'],
              rows: culture.preferences.map((preference) => [preference.label, `${formatScore(preference.mean_share)}%`, String(preference.preferred_by)]),
            },
    },
  ];
}

function suppressedCallout(suppressed: SuppressedGroup, title: string): Callout {
  return { kind: 'callout', tone: 'caution', title, text: suppressed.message };
}

function drawIntroduction(doc: PDFKit.PDFDocument, root: StructureParent, document: TeamReportDocument): void {
  group(doc, root, 'Sect', (intro) => {
    artifact(doc, () => doc.rect(left, page.margins.top - 20, 48, 4).fill(colors.primary));
    tagged(doc, intro, 'H1', () => write(doc, teamReportTitle, left, page.margins.top, textStyles.section, contentWidth));
    doc.y += 2;
    tagged(doc, intro, 'P', () => write(doc, document.organisation_name, left, doc.y, { ...textStyles.subsection, size: 16 }, contentWidth));
    doc.y += 10;
    const facts = `Edition ${document.edition}, made on ${formatDate(document.generated_at, language)}. Group minimum: ${document.minimum}.`;
    tagged(doc, intro, 'P', () => write(doc, facts, left, doc.y, textStyles.bodyStrong, contentWidth));
    doc.y += spacing.block;
    const about =
      'This report holds the team overview’s aggregates only: BIG5 personality domains, top values and culture preferences of the people who completed each questionnaire set, ' +
      `for the whole organisation and for each group. A group with fewer respondents than the group minimum (${document.minimum}), or one that differs from another group shown by fewer people than it, ` +
      'is not shown, so that no one’s answers can be singled out. No names, e-mail addresses or individual scores are included.';
    tagged(doc, intro, 'P', () => write(doc, about, left, doc.y, textStyles.body, contentWidth));
  });
}

/**
 * A group's sets as drawn: three the same suppression (a group too small for every set, the usual
 * case) become one note instead of the same sentence three times.
 */
function drawnSets(teamGroup: TeamReportGroup): { title: string; block: Table | SuppressedGroup }[] {
  const sets = setsOf(teamGroup);
  const messages = new Set(sets.map(({ block }) => ('status' in block ? block.message : null)));
  const [only] = messages;
  if (messages.size === 1 && only) return [{ title: 'BIG5 personality domains, top values and culture preferences', block: sets[0]!.block }];
  return sets;
}

function drawGroup(doc: PDFKit.PDFDocument, root: StructureParent, teamGroup: TeamReportGroup): void {
  const heading = groupHeading(teamGroup);
  const headingStyle = { ...textStyles.section, size: 17 };
  group(doc, root, 'Sect', (section) => {
    gapBefore(doc, spacing.beforeSubsection * 2);
    // A heading never stays alone at a page's foot: it needs room for its first set too.
    ensureRoom(doc, heightOf(doc, heading, headingStyle, contentWidth) + 120);
    const top = doc.y;
    tagged(doc, section, 'H2', () => write(doc, heading, left, top, headingStyle, contentWidth));
    doc.y += spacing.afterHeading;
    for (const { title, block } of drawnSets(teamGroup)) {
      if ('status' in block) {
        const callout = suppressedCallout(block, title);
        gapBefore(doc, spacing.block);
        ensureRoom(doc, calloutHeight(doc, callout, contentWidth));
        drawCallout(doc, section, callout, left, contentWidth);
        continue;
      }
      gapBefore(doc, spacing.block);
      const titleHeight = heightOf(doc, title, textStyles.blockTitle, contentWidth);
      ensureRoom(doc, titleHeight + spacing.afterHeading + tableLeadHeight(doc, block, contentWidth));
      const titleTop = doc.y;
      tagged(doc, section, 'H3', () => write(doc, title, left, titleTop, textStyles.blockTitle, contentWidth));
      doc.y += spacing.afterHeading - 4;
      drawTable(doc, section, block, left, contentWidth);
    }
  });
}

/**
 * The running footer on page 1 too (page-furniture.ts leaves the first page to a cover; here it
 * holds the introduction and the first group, so it is numbered like the rest).
 */
function drawFirstPageFooter(doc: PDFKit.PDFDocument, organisationName: string): void {
  const range = doc.bufferedPageRange();
  doc.switchToPage(range.start);
  const right = left + contentWidth;
  const running = { ...textStyles.small, size: 8, lineGap: 0 };
  artifact(
    doc,
    () => {
      doc.rect(left, page.footerY - 8, contentWidth, 0.6).fill(colors.border);
      const pageNumber = `Page 1 of ${range.count}`;
      label(doc, runningText(doc, organisationName, running, pageNumber, running), left, page.footerY, running);
      label(doc, pageNumber, right, page.footerY, running, 'right');
    },
    'Pagination',
  );
}

/** The team report's document as a tagged PDF: an introduction, then every group's three sets. */
export function renderTeamReportPdf(document: TeamReportDocument, options: { compress?: boolean } = {}): Promise<RenderedReport> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: page.margins,
    bufferPages: true,
    compress: options.compress ?? true,
    tagged: true,
    lang: language,
    displayTitle: true,
    pdfVersion: '1.7',
    info: { Title: `${teamReportTitle}: ${document.organisation_name}`, Author: 'Compass', Creator: 'Compass', CreationDate: new Date(document.generated_at) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  registerPdfFonts(doc);
  const root = doc.struct('Document');
  doc.addStructure(root);
  drawIntroduction(doc, root, document);
  for (const teamGroup of document.groups) drawGroup(doc, root, teamGroup);
  drawPageFurniture(doc, teamReportTitle, document.organisation_name);
  drawFirstPageFooter(doc, document.organisation_name);
  root.end();
  const pageCount = doc.bufferedPageRange().count;
  doc.end();
  return done.then((pdf) => ({ pdf, pageCount }));
}
