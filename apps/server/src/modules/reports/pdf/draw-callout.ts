import type { ReportBlock } from '@app/contract/reports';
import { artifact, group, tagged, type StructureParent } from './pdf-structure.ts';
import { heightOf, label, textStyles, write, type TextStyle } from './pdf-text-style.ts';
import { colors, fonts } from './pdf-theme.ts';

type Callout = Extract<ReportBlock, { kind: 'callout' }>;

const padding = 12;
const iconColumn = 24;
const titleGap = 3;
const iconText: TextStyle = { font: fonts.bold, size: 9, color: colors.white, lineGap: 0 };

const tones = {
  info: { tint: colors.accent, bar: colors.primary, title: colors.primaryDark, icon: 'i' },
  caution: { tint: colors.cautionTint, bar: colors.cautionBorder, title: colors.cautionText, icon: '!' },
} as const;

function innerWidth(width: number): number {
  return width - 2 * padding - iconColumn - 3;
}

export function calloutHeight(doc: PDFKit.PDFDocument, block: Callout, width: number): number {
  const inner = innerWidth(width);
  return padding + heightOf(doc, block.title, textStyles.bodyStrong, inner) + titleGap + heightOf(doc, block.text, textStyles.body, inner) + padding - 3;
}

/** A tinted note with an accent bar and an icon: blue for information, amber for caution. */
export function drawCallout(doc: PDFKit.PDFDocument, parent: StructureParent, block: Callout, x: number, width: number): void {
  const tone = tones[block.tone];
  const top = doc.y;
  const height = calloutHeight(doc, block, width);
  const inner = innerWidth(width);
  const textLeft = x + 3 + padding + iconColumn;

  artifact(doc, () => {
    doc.save();
    doc.roundedRect(x, top, width, height, 6).clip();
    doc.rect(x, top, width, height).fill(tone.tint);
    doc.rect(x, top, 3.5, height).fill(tone.bar);
    doc.restore();
    doc.circle(x + 3 + padding + 8, top + padding + 7, 8).fill(tone.bar);
    label(doc, tone.icon, x + 3 + padding + 8, top + padding + 1.8, { ...iconText, color: block.tone === 'caution' ? colors.cautionText : colors.white }, 'center');
  });

  group(doc, parent, 'Div', (note) => {
    tagged(doc, note, 'P', () => write(doc, block.title, textLeft, top + padding, { ...textStyles.bodyStrong, color: tone.title }, inner));
    const textTop = doc.y + titleGap;
    tagged(doc, note, 'P', () => write(doc, block.text, textLeft, textTop, textStyles.body, inner));
  });
  doc.x = x;
  doc.y = top + height;
}
