import type { ReportBlock } from '@app/contract/reports';
import { barChartHeight, drawBarChart } from './draw-bar-chart.ts';
import { calloutHeight, drawCallout } from './draw-callout.ts';
import { drawList, listLeadHeight } from './draw-list.ts';
import { drawScoreBlock, scoreBlockHeight } from './draw-score-block.ts';
import { drawShareChart, shareChartHeight } from './draw-share-chart.ts';
import { drawTable, tableLeadHeight } from './draw-table.ts';
import { drawValuesCircle, valuesCircleHeight } from './draw-values-circle.ts';
import { addPage, ensureRoom, gapBefore, roomLeft } from './pdf-flow.ts';
import { tagged, type StructureParent } from './pdf-structure.ts';
import { heightOf, lineHeightOf, textStyles, write } from './pdf-text-style.ts';
import { spacing } from './pdf-theme.ts';

type ChartBlock = Extract<ReportBlock, { kind: 'bar_chart' | 'values_circle' | 'share_chart' }>;

export interface BlockPlacement {
  doc: PDFKit.PDFDocument;
  x: number;
  width: number;
  language: string;
  /** The tag of titles inside this block (one level below the section's heading). */
  headingType: string;
}

const chartTitleGap = 8;
/** Lines of a paragraph that must fit before the rest may flow onto the next page. */
const minimumLines = 3;

function chartHeight(block: ChartBlock): number {
  switch (block.kind) {
    case 'bar_chart':
      return barChartHeight(block);
    case 'values_circle':
      return valuesCircleHeight(block);
    case 'share_chart':
      return shareChartHeight(block);
  }
}

function chartWithTitleHeight(doc: PDFKit.PDFDocument, block: ChartBlock, width: number): number {
  return heightOf(doc, block.title, textStyles.blockTitle, width) + chartTitleGap + chartHeight(block);
}

/**
 * The height a block needs at the foot of a page for a heading above it not to stand alone there:
 * a few lines of a paragraph, a list's title and first item, a whole chart, card or note. A score
 * card also needs the lead of `next`, the block after it, which it keeps with (see drawBlock).
 */
export function leadHeight(place: BlockPlacement, block: ReportBlock, next?: ReportBlock): number {
  const { doc, width, language } = place;
  switch (block.kind) {
    case 'paragraph':
      return Math.min(heightOf(doc, block.text, textStyles.body, width), minimumLines * lineHeightOf(doc, textStyles.body));
    case 'list':
      return listLeadHeight(doc, block, width);
    case 'score':
      return scoreBlockHeight(doc, block, width, language) + (next ? spacing.block + leadHeight(place, next) : 0);
    case 'bar_chart':
    case 'values_circle':
    case 'share_chart':
      return chartWithTitleHeight(doc, block, width);
    case 'callout':
      return calloutHeight(doc, block, width);
    case 'table':
      return tableLeadHeight(doc, block, width);
  }
}

function drawParagraph(place: BlockPlacement, parent: StructureParent, text: string): void {
  const { doc, x, width } = place;
  const height = heightOf(doc, text, textStyles.body, width);
  // A paragraph that does not fit flows on (pdfkit continues it on a new page) only when at least
  // a few of its lines stay here; otherwise it starts on the next page.
  if (height > roomLeft(doc) && roomLeft(doc) < minimumLines * lineHeightOf(doc, textStyles.body)) addPage(doc);
  const top = doc.y;
  tagged(doc, parent, 'P', () => write(doc, text, x, top, textStyles.body, width));
}

function drawChart(place: BlockPlacement, parent: StructureParent, block: ChartBlock): void {
  const { doc, x, width } = place;
  ensureRoom(doc, chartWithTitleHeight(doc, block, width));
  const titleTop = doc.y;
  tagged(doc, parent, place.headingType, () => write(doc, block.title, x, titleTop, textStyles.blockTitle, width));
  const top = doc.y + chartTitleGap;
  // The chart is one figure: its alternative text says what the drawing shows.
  tagged(
    doc,
    parent,
    'Figure',
    () => {
      if (block.kind === 'bar_chart') drawBarChart(doc, block, x, top, width);
      else if (block.kind === 'values_circle') drawValuesCircle(doc, block, x, top, width);
      else drawShareChart(doc, block, x, top, width);
    },
    { alt: block.alt },
  );
  doc.x = x;
  doc.y = top + chartHeight(block);
}

/**
 * Draws one block at the cursor, after the gap that separates it from what comes before. A score
 * card keeps with the start of `next`, the block after it in its section (its chart or its
 * reading), so a card never ends a page apart from what it belongs to.
 */
export function drawBlock(place: BlockPlacement, parent: StructureParent, block: ReportBlock, gap: number = spacing.block, next?: ReportBlock): void {
  const { doc, x, width, language } = place;
  gapBefore(doc, gap);
  switch (block.kind) {
    case 'paragraph':
      drawParagraph(place, parent, block.text);
      break;
    case 'list':
      drawList(doc, parent, block, x, width, place.headingType);
      break;
    case 'score':
      ensureRoom(doc, leadHeight(place, block, next));
      drawScoreBlock(doc, parent, block, x, width, language);
      break;
    case 'bar_chart':
    case 'values_circle':
    case 'share_chart':
      drawChart(place, parent, block);
      break;
    case 'callout':
      ensureRoom(doc, calloutHeight(doc, block, width));
      drawCallout(doc, parent, block, x, width);
      break;
    case 'table':
      ensureRoom(doc, tableLeadHeight(doc, block, width));
      drawTable(doc, parent, block, x, width);
      break;
  }
}
