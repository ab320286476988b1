import type { ReportBlock } from '@app/contract/reports';
import { colors, fonts, seriesColors } from './pdf-theme.ts';
import { formatCentred } from './pdf-format.ts';
import { label, type TextStyle } from './pdf-text-style.ts';

type ValuesCircle = Extract<ReportBlock, { kind: 'values_circle' }>;

const valueLabel: TextStyle = { font: fonts.semibold, size: 8.5, color: colors.text, lineGap: 0 };
const valueNumber: TextStyle = { font: fonts.regular, size: 7.5, color: colors.mutedText, lineGap: 0 };
const legendLabel: TextStyle = { font: fonts.regular, size: 8.5, color: colors.text, lineGap: 0 };

/** Radius where a centred score of 0 sits, and the largest wedge. */
const zeroRadius = 58;
const outerRadius = 108;
const motiveRing = { inner: outerRadius + 6, outer: outerRadius + 13 };
const labelRadius = motiveRing.outer + 10;
const circleHeight = 2 * (labelRadius + 26);
const legendRowHeight = 15;

const noteText = 'dashed ring: your own average over all ten values; wedges reach out above it, in below it';
const columnNoteWidth = 330;

export function valuesCircleHeight(block: ValuesCircle): number {
  return circleHeight + 8 + Math.ceil(block.motives.length / 2) * legendRowHeight + 4 + 12;
}

/** Points of an annular sector between two angles (radians, clockwise from the top). */
function sector(cx: number, cy: number, inner: number, outer: number, from: number, to: number): number[][] {
  const steps = Math.max(4, Math.ceil(((to - from) / Math.PI) * 24));
  const point = (radius: number, angle: number) => [cx + radius * Math.sin(angle), cy - radius * Math.cos(angle)];
  const points: number[][] = [];
  for (let step = 0; step <= steps; step++) points.push(point(outer, from + ((to - from) * step) / steps));
  for (let step = steps; step >= 0; step--) points.push(point(inner, from + ((to - from) * step) / steps));
  return points;
}

/**
 * Schwartz's circle: the values around the circle in the given order, each a wedge that reaches
 * out from the dashed zero ring (the person's own average) as far as its centred score, inwards
 * when below average; the four higher-order motives as coloured arcs around the outside, named
 * in the legend below.
 */
export function drawValuesCircle(doc: PDFKit.PDFDocument, block: ValuesCircle, x: number, y: number, width: number): void {
  const cx = x + width / 2;
  const cy = y + circleHeight / 2;
  const count = block.values.length;
  const slice = (2 * Math.PI) / count;
  const largest = Math.max(1, ...block.values.map((value) => Math.abs(value.centred)));
  const scale = (outerRadius - zeroRadius) / (Math.ceil(largest * 2) / 2);
  const motiveColor = new Map(block.motives.map((motive, index) => [motive.id, seriesColors[index % seriesColors.length] ?? colors.primary]));

  // The scale's reach as a light disc; the dashed zero ring is drawn over the wedges below.
  doc.circle(cx, cy, outerRadius).fill(colors.muted);

  block.values.forEach((value, index) => {
    const from = index * slice - slice / 2 + 0.025;
    const to = index * slice + slice / 2 - 0.025;
    const reach = zeroRadius + value.centred * scale;
    const color = motiveColor.get(value.motive) ?? colors.primary;
    doc.save().fillOpacity(value.centred >= 0 ? 0.9 : 0.45);
    doc.polygon(...sector(cx, cy, Math.min(zeroRadius, reach), Math.max(zeroRadius, reach), from, to)).fill(color);
    doc.restore();

    const mid = index * slice;
    const motiveFrom = index * slice - slice / 2;
    doc.polygon(...sector(cx, cy, motiveRing.inner, motiveRing.outer, motiveFrom, motiveFrom + slice)).fill(color);

    // The value's name and centred score outside the ring, anchored by the side it sits on.
    const lx = cx + labelRadius * Math.sin(mid);
    const ly = cy - labelRadius * Math.cos(mid);
    const side = Math.sin(mid) > 0.25 ? 'left' : Math.sin(mid) < -0.25 ? 'right' : 'center';
    const top = Math.cos(mid) > 0.5 ? ly - 20 : Math.cos(mid) < -0.5 ? ly + 2 : ly - 9;
    label(doc, value.label, lx, top, valueLabel, side);
    label(doc, formatCentred(value.centred), lx, top + 10.5, valueNumber, side);
  });

  doc.save().lineWidth(0.8).dash(2.5, { space: 2 }).strokeColor(colors.mutedText);
  doc.circle(cx, cy, zeroRadius).stroke();
  doc.restore();

  // Legend: one row per motive with its colour, name and centred score, then how to read the ring.
  const legendTop = y + circleHeight + 8;
  const noteTop = legendTop + Math.ceil(block.motives.length / 2) * legendRowHeight + 4;
  doc.save().lineWidth(0.8).dash(2.5, { space: 2 }).strokeColor(colors.mutedText);
  doc.circle(cx - columnNoteWidth / 2 + 5, noteTop + 4.5, 4.5).stroke();
  doc.restore();
  label(doc, noteText, cx - columnNoteWidth / 2 + 14, noteTop, valueNumber);
  const columnWidth = Math.min(230, width / 2);
  const legendLeft = cx - columnWidth;
  block.motives.forEach((motive, index) => {
    const column = index % 2;
    const row = Math.floor(index / 2);
    const left = legendLeft + column * columnWidth;
    const top = legendTop + row * legendRowHeight;
    doc.roundedRect(left, top + 1, 14, 7, 2).fill(motiveColor.get(motive.id) ?? colors.primary);
    label(doc, `${motive.label}  ${formatCentred(motive.centred)}`, left + 20, top, legendLabel);
  });
}
