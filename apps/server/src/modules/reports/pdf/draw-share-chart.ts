import type { ReportBlock } from '@app/contract/reports';
import { colors, fonts, seriesColors } from './pdf-theme.ts';
import { label, type TextStyle } from './pdf-text-style.ts';

type ShareChart = Extract<ReportBlock, { kind: 'share_chart' }>;

const inside: TextStyle = { font: fonts.semibold, size: 8.5, color: colors.white, lineGap: 0 };
const legendLabel: TextStyle = { font: fonts.regular, size: 9, color: colors.text, lineGap: 0 };
const legendShare: TextStyle = { font: fonts.semibold, size: 9, color: colors.text, lineGap: 0 };

const barHeight = 26;
const legendGap = 12;
const legendRowHeight = 17;

export function shareChartHeight(block: ShareChart): number {
  return barHeight + legendGap + Math.ceil(block.shares.length / 2) * legendRowHeight;
}

/**
 * Shares of 100 as one stacked bar (in the given order, each segment in its series colour with
 * its percentage when there is room), and a two-column legend with every share written out.
 */
export function drawShareChart(doc: PDFKit.PDFDocument, block: ShareChart, x: number, y: number, width: number): void {
  const total = block.shares.reduce((sum, share) => sum + share.share, 0) || 1;
  const color = (index: number) => seriesColors[index % seriesColors.length] ?? colors.primary;

  doc.save();
  doc.roundedRect(x, y, width, barHeight, 5).clip();
  doc.rect(x, y, width, barHeight).fill(colors.muted);
  let left = x;
  block.shares.forEach((share, index) => {
    const segment = (share.share / total) * width;
    if (segment <= 0) return;
    doc.rect(left, y, segment, barHeight).fill(color(index));
    // A thin white gap between neighbouring segments.
    if (left > x) doc.rect(left - 0.75, y, 1.5, barHeight).fill(colors.white);
    if (segment >= 30) label(doc, `${share.share}%`, left + segment / 2, y + barHeight / 2 - 5, inside, 'center');
    left += segment;
  });
  doc.restore();

  const legendTop = y + barHeight + legendGap;
  const columnWidth = width / 2;
  block.shares.forEach((share, index) => {
    const column = index % 2;
    const row = Math.floor(index / 2);
    const lx = x + column * columnWidth;
    const ly = legendTop + row * legendRowHeight;
    doc.roundedRect(lx, ly + 1.5, 9, 9, 2).fill(color(index));
    label(doc, share.label, lx + 15, ly, legendLabel);
    label(doc, `${share.share}%`, lx + columnWidth - 16, ly, legendShare, 'right');
  });
}
