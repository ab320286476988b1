import type { ReportBlock } from '@app/contract/reports';
import { ensureRoom } from './pdf-flow.ts';
import { artifact, group, tagged, type StructureParent } from './pdf-structure.ts';
import { heightOf, label, textStyles, write, type TextStyle } from './pdf-text-style.ts';
import { colors, fonts } from './pdf-theme.ts';

type ListBlock = Extract<ReportBlock, { kind: 'list' }>;
type ListStyle = ListBlock['style'];

const textIndent = 20;
const itemGap = 5;
const titleGap = 6;
const stepNumber: TextStyle = { font: fonts.bold, size: 8, color: colors.white, lineGap: 0 };
const questionMark: TextStyle = { font: fonts.bold, size: 8, color: colors.primary, lineGap: 0 };

export function listTitleHeight(doc: PDFKit.PDFDocument, block: ListBlock, width: number): number {
  return heightOf(doc, block.title, textStyles.blockTitle, width) + titleGap;
}

export function listItemHeight(doc: PDFKit.PDFDocument, item: string, width: number): number {
  return heightOf(doc, item, textStyles.body, width - textIndent) + itemGap;
}

/**
 * The room item `index` needs where it starts: itself, and the last item too when it is the one
 * before the last (the last item never goes to the next page alone).
 */
function itemNeeds(doc: PDFKit.PDFDocument, block: ListBlock, index: number, width: number): number {
  const own = listItemHeight(doc, block.items[index] ?? '', width);
  return index === block.items.length - 2 ? own + listItemHeight(doc, block.items[index + 1] ?? '', width) : own;
}

/** What must fit for the list to start on this page: its title and its first item(s). */
export function listLeadHeight(doc: PDFKit.PDFDocument, block: ListBlock, width: number): number {
  return listTitleHeight(doc, block, width) + itemNeeds(doc, block, 0, width);
}

/** The list's marker for one item, centred on the first line's middle at (x, y). */
function drawMarker(doc: PDFKit.PDFDocument, style: ListStyle, x: number, y: number): void {
  const cx = x + 6;
  switch (style) {
    case 'strengths':
      doc.circle(cx, y, 6).fill(colors.strength);
      doc.save().lineWidth(1.4).lineCap('round').lineJoin('round').strokeColor(colors.white);
      doc.moveTo(cx - 2.8, y + 0.2).lineTo(cx - 0.8, y + 2.3).lineTo(cx + 2.9, y - 2.2).stroke();
      doc.restore();
      break;
    case 'risks':
      doc.polygon([cx, y - 6], [cx + 6.5, y + 5], [cx - 6.5, y + 5]).fill(colors.cautionBorder);
      doc.rect(cx - 0.7, y - 2.5, 1.4, 4).fill(colors.cautionText);
      doc.circle(cx, y + 3, 0.8).fill(colors.cautionText);
      break;
    case 'suggestions':
      doc.save().lineWidth(1.6).lineCap('round').lineJoin('round').strokeColor(colors.primary);
      doc.moveTo(cx - 4, y).lineTo(cx + 3.5, y).stroke();
      doc.moveTo(cx + 0.5, y - 3.2).lineTo(cx + 3.8, y).lineTo(cx + 0.5, y + 3.2).stroke();
      doc.restore();
      break;
    case 'questions':
      doc.circle(cx, y, 6).lineWidth(1).fillAndStroke(colors.accent, colors.primary);
      label(doc, '?', cx, y - 4.8, questionMark, 'center');
      break;
    case 'steps':
      doc.circle(cx, y, 7).fill(colors.primary);
      break;
    case 'plain':
      doc.circle(cx, y, 2.2).fill(colors.mutedText);
      break;
  }
}

/**
 * A titled list (L > LI > Lbl/LBody): each item with a marker of its kind (a check for strengths,
 * a warning triangle for risks, an arrow for suggestions, a question mark, numbered steps) and
 * kept whole on a page. The title stays with the first item.
 */
export function drawList(doc: PDFKit.PDFDocument, parent: StructureParent, block: ListBlock, x: number, width: number, headingType: string): void {
  ensureRoom(doc, listLeadHeight(doc, block, width));
  const titleTop = doc.y;
  tagged(doc, parent, headingType, () => write(doc, block.title, x, titleTop, textStyles.blockTitle, width));
  doc.y += titleGap;

  group(doc, parent, 'L', (list) => {
    block.items.forEach((item, index) => {
      const height = listItemHeight(doc, item, width);
      ensureRoom(doc, itemNeeds(doc, block, index, width));
      const top = doc.y;
      doc.font(textStyles.body.font).fontSize(textStyles.body.size);
      const firstLineMiddle = top + doc.currentLineHeight() / 2;
      artifact(doc, () => drawMarker(doc, block.style, x, firstLineMiddle));
      group(doc, list, 'LI', (listItem) => {
        if (block.style === 'steps') tagged(doc, listItem, 'Lbl', () => label(doc, String(index + 1), x + 6, firstLineMiddle - 4.6, stepNumber, 'center'));
        tagged(doc, listItem, 'LBody', () => write(doc, item, x + textIndent, top, textStyles.body, width - textIndent));
      });
      doc.y = top + height;
    });
  });
  doc.x = x;
}
