import type { BandZones, ReportBlock } from '@app/contract/reports';
import { accentOf, colors, fonts } from './pdf-theme.ts';
import { formatScore } from './pdf-format.ts';
import { label, type TextStyle } from './pdf-text-style.ts';

type BarChart = Extract<ReportBlock, { kind: 'bar_chart' }>;

const barLabel: TextStyle = { font: fonts.regular, size: 9.5, color: colors.text, lineGap: 0 };
const value: TextStyle = { font: fonts.semibold, size: 9.5, color: colors.text, lineGap: 0 };
const axis: TextStyle = { font: fonts.regular, size: 7.5, color: colors.mutedText, lineGap: 0 };
const zoneLabel: TextStyle = { font: fonts.semibold, size: 7.5, color: colors.mutedText, lineGap: 0 };

const zoneHeader = 16;
const rowHeight = 24;
const axisHeight = 16;
const legendHeight = 16;
const valueColumn = 34;

export function barChartHeight(block: BarChart): number {
  return zoneHeader + block.bars.length * rowHeight + axisHeight + legendHeight;
}

function labelColumnWidth(doc: PDFKit.PDFDocument, block: BarChart, width: number): number {
  doc.font(barLabel.font).fontSize(barLabel.size);
  const widest = Math.max(...block.bars.map((bar) => doc.widthOfString(bar.label)));
  return Math.min(Math.max(widest + 14, 90), width * 0.42);
}

/** Shortens a label with an ellipsis so it fits `width` at the current font. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * Horizontal bars on 0-100: the three band zones shaded behind every bar, each bar's error band as
 * a light range and the score as a marker with its number. Drawn at (x, y) within `width`.
 */
export function drawBarChart(doc: PDFKit.PDFDocument, block: BarChart, x: number, y: number, width: number): void {
  const labelColumn = labelColumnWidth(doc, block, width);
  const trackLeft = x + labelColumn;
  const trackWidth = width - labelColumn - valueColumn;
  const at = (score: number) => trackLeft + (Math.min(100, Math.max(0, score)) / 100) * trackWidth;
  const rowsTop = y + zoneHeader;
  const rowsHeight = block.bars.length * rowHeight;
  const zones = zoneBounds(block.zones);

  // Band zones, as one shaded column each behind all bars, with their names on top.
  for (const zone of zones) {
    doc.rect(at(zone.from), rowsTop, at(zone.to) - at(zone.from), rowsHeight).fill(accentOf(doc).zones[zone.band]);
    label(doc, zone.label, (at(zone.from) + at(zone.to)) / 2, y + 3, zoneLabel, 'center');
  }
  doc.save().lineWidth(0.6).dash(2, { space: 2 }).strokeColor(colors.rule);
  for (const boundary of [block.zones.low_below, block.zones.high_above]) {
    doc.moveTo(at(boundary), rowsTop).lineTo(at(boundary), rowsTop + rowsHeight).stroke();
  }
  doc.restore();

  block.bars.forEach((bar, index) => {
    const centre = rowsTop + index * rowHeight + rowHeight / 2;
    doc.font(barLabel.font).fontSize(barLabel.size);
    label(doc, fit(doc, bar.label, labelColumn - 10), x, centre - 5.5, barLabel);
    // The track, the error band (likely range) and the score marker.
    doc.rect(trackLeft, centre - 0.5, trackWidth, 1).fill(colors.rule);
    const low = at(bar.error_band.low);
    const high = at(bar.error_band.high);
    doc.roundedRect(low, centre - 5, Math.max(high - low, 3), 10, 5).fill(accentOf(doc).light);
    doc.circle(at(bar.score), centre, 5).lineWidth(1.5).fillAndStroke(accentOf(doc).main, colors.white);
    label(doc, formatScore(bar.score), x + width, centre - 5.5, value, 'right');
  });

  const axisTop = rowsTop + rowsHeight + 4;
  for (const tick of [0, 25, 50, 75, 100]) {
    doc.rect(at(tick) - 0.3, rowsTop + rowsHeight, 0.6, 3).fill(colors.rule);
    label(doc, String(tick), at(tick), axisTop, axis, 'center');
  }

  const legendTop = axisTop + axisHeight;
  doc.circle(trackLeft + 4, legendTop + 4, 3.5).fill(accentOf(doc).main);
  label(doc, 'your score', trackLeft + 11, legendTop, axis);
  const rangeLeft = trackLeft + 70;
  doc.roundedRect(rangeLeft, legendTop + 1, 18, 7, 3.5).fill(accentOf(doc).light);
  label(doc, 'likely range (error band)', rangeLeft + 23, legendTop, axis);
}

function zoneBounds(zones: BandZones): Array<{ band: 'low' | 'average' | 'high'; label: string; from: number; to: number }> {
  return [
    { band: 'low', label: 'Low', from: 0, to: zones.low_below },
    { band: 'average', label: 'Average', from: zones.low_below, to: zones.high_above },
    { band: 'high', label: 'High', from: zones.high_above, to: 100 },
  ];
}
