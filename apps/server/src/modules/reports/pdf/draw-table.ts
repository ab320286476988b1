import type { ReportBlock } from '@app/contract/reports';
import { addPage, roomLeft } from './pdf-flow.ts';
import { artifact, group, tagged, type StructureParent } from './pdf-structure.ts';
import { heightOf, textStyles, useStyle, write, type TextStyle } from './pdf-text-style.ts';
import { accentOf, colors } from './pdf-theme.ts';

type TableBlock = Extract<ReportBlock, { kind: 'table' }>;

const cellPadding = { x: 7, y: 5 };
const captionGap = 6;
const headStyle: TextStyle = { ...textStyles.bodyStrong, size: 9.5, color: colors.primaryDark, lineGap: 1.5 };
const cellStyle: TextStyle = { ...textStyles.body, size: 9.5, lineGap: 1.5 };

/** Column widths: each column's natural width, shrunk proportionally when they do not all fit. */
function columnWidths(doc: PDFKit.PDFDocument, block: TableBlock, width: number): number[] {
  const natural = block.columns.map((column, index) => {
    useStyle(doc, headStyle);
    let widest = doc.widthOfString(column);
    useStyle(doc, cellStyle);
    for (const row of block.rows) widest = Math.max(widest, doc.widthOfString(row[index] ?? ''));
    return widest + 2 * cellPadding.x + 1;
  });
  const total = natural.reduce((sum, value) => sum + value, 0);
  if (total <= width) {
    // Spare room goes to the first column (usually the names), the rest stay snug.
    const spare = width - total;
    return natural.map((value, index) => (index === 0 ? value + spare : value));
  }
  const floor = Math.min(56, width / block.columns.length);
  const shrunk = natural.map((value) => Math.max(floor, (value / total) * width));
  const shrunkTotal = shrunk.reduce((sum, value) => sum + value, 0);
  return shrunk.map((value) => (value / shrunkTotal) * width);
}

function rowHeight(doc: PDFKit.PDFDocument, cells: string[], widths: number[], style: TextStyle): number {
  const heights = widths.map((width, index) => heightOf(doc, cells[index] ?? '', style, width - 2 * cellPadding.x));
  return Math.max(...heights) + 2 * cellPadding.y;
}

/** The caption, the header row and the first rows (up to three) stay together. */
export function tableLeadHeight(doc: PDFKit.PDFDocument, block: TableBlock, width: number): number {
  const widths = columnWidths(doc, block, width);
  const firstRows = block.rows.slice(0, 3).reduce((sum, row) => sum + rowHeight(doc, row, widths, cellStyle), 0);
  return heightOf(doc, block.caption, textStyles.caption, width) + captionGap + rowHeight(doc, block.columns, widths, headStyle) + firstRows;
}

/**
 * A table with its caption, a tinted header row (TH, scope Column) and striped rows; a row never
 * splits, the last row never continues alone, and a table that continues on the next page repeats
 * its header row there (as an artifact, so screen readers hear it once).
 */
export function drawTable(doc: PDFKit.PDFDocument, parent: StructureParent, block: TableBlock, x: number, width: number): void {
  const widths = columnWidths(doc, block, width);
  const lefts = widths.map((_, index) => x + widths.slice(0, index).reduce((sum, value) => sum + value, 0));
  const headHeight = rowHeight(doc, block.columns, widths, headStyle);

  const drawBackground = (top: number, height: number, tint: string | null) => {
    if (tint) doc.rect(x, top, width, height).fill(tint);
    doc.rect(x, top + height - 0.5, width, 0.5).fill(colors.border);
  };
  const drawCell = (cell: string, index: number, top: number, style: TextStyle) =>
    write(doc, cell, (lefts[index] ?? x) + cellPadding.x, top + cellPadding.y, style, (widths[index] ?? width) - 2 * cellPadding.x);

  group(doc, parent, 'Table', (table) => {
    const captionTop = doc.y;
    tagged(doc, table, 'Caption', () => write(doc, block.caption, x, captionTop, textStyles.caption, width));
    doc.y += captionGap;

    const drawHead = (repeat: boolean) => {
      const top = doc.y;
      if (repeat) {
        artifact(doc, () => {
          drawBackground(top, headHeight, accentOf(doc).tint);
          block.columns.forEach((column, index) => drawCell(column, index, top, { ...headStyle, color: accentOf(doc).dark }));
        });
      } else {
        artifact(doc, () => drawBackground(top, headHeight, accentOf(doc).tint));
        group(doc, table, 'TR', (row) => block.columns.forEach((column, index) => tagged(doc, row, 'TH', () => drawCell(column, index, top, { ...headStyle, color: accentOf(doc).dark }), { scope: 'Column' })));
      }
      doc.y = top + headHeight;
    };
    drawHead(false);

    block.rows.forEach((cells, rowIndex) => {
      const height = rowHeight(doc, cells, widths, cellStyle);
      // The last row never goes to the next page alone: the one before it goes with it.
      const last = block.rows[rowIndex + 1];
      const needs = rowIndex === block.rows.length - 2 && last ? height + rowHeight(doc, last, widths, cellStyle) : height;
      if (needs > roomLeft(doc)) {
        addPage(doc);
        drawHead(true);
      }
      const top = doc.y;
      artifact(doc, () => drawBackground(top, height, rowIndex % 2 === 1 ? colors.muted : null));
      group(doc, table, 'TR', (row) => cells.forEach((cell, index) => tagged(doc, row, 'TD', () => drawCell(cell, index, top, cellStyle))));
      doc.y = top + height;
    });
  });
  doc.x = x;
}
