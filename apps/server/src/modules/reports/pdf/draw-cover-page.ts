import type { ReportDocument } from '@app/contract/reports';
import { formatDate } from './pdf-format.ts';
import { artifact, group, tagged, type StructureParent } from './pdf-structure.ts';
import { heightOf, label, write, type TextStyle } from './pdf-text-style.ts';
import { accentOf, colors, contentWidth, fonts, page } from './pdf-theme.ts';

const bandHeight = 400;
const left = page.margins.left;
const wordmark: TextStyle = { font: fonts.semibold, size: 15, color: colors.white, lineGap: 0 };
const eyebrow: TextStyle = { font: fonts.semibold, size: 9, color: colors.primarySoft, lineGap: 0 };
const title: TextStyle = { font: fonts.bold, size: 34, color: colors.white, lineGap: 2 };
const caption: TextStyle = { font: fonts.semibold, size: 8.5, color: colors.mutedText, lineGap: 0 };
const name: TextStyle = { font: fonts.semibold, size: 24, color: colors.text, lineGap: 2 };
/** Smaller sizes for a name too long for three lines at the full size, down to the details' size. */
const smallerNameSizes = [20, 17, 14, 12] as const;

/**
 * The name's style: the full size while it takes at most three lines, else the first smaller size at
 * which it fits in as much room (issue 14: a typed name of 255 letters ran into the details below).
 */
function nameStyle(doc: PDFKit.PDFDocument, personName: string): TextStyle {
  const room = 3 * heightOf(doc, 'M', name, contentWidth);
  if (heightOf(doc, personName, name, contentWidth) <= room) return name;
  const sizes = smallerNameSizes.map((size) => ({ ...name, size, lineGap: 1 }));
  return sizes.find((style) => heightOf(doc, personName, style, contentWidth) <= room) ?? sizes.at(-1)!;
}
const detail: TextStyle = { font: fonts.semibold, size: 12, color: colors.text, lineGap: 0 };
const footnote: TextStyle = { font: fonts.regular, size: 8, color: colors.mutedText, lineGap: 2 };

/** The product's mark: a compass rose (ring and needle), drawn at (x, y) as its top-left corner. */
function drawMark(doc: PDFKit.PDFDocument, x: number, y: number, size: number, color: string): void {
  const c = size / 2;
  doc.circle(x + c, y + c, c - 1).lineWidth(1.6).strokeColor(color).stroke();
  doc.polygon([x + c, y + 3.5], [x + c + 3, y + c], [x + c, y + size - 3.5], [x + c - 3, y + c]).fill(color);
}

/** Background of the cover: the band in the report's accent with a large, faint compass rose. */
function drawBackground(doc: PDFKit.PDFDocument): void {
  doc.rect(0, 0, page.width, bandHeight).fill(accentOf(doc).main);
  doc.save();
  doc.rect(0, 0, page.width, bandHeight).clip();
  doc.strokeOpacity(0.14).lineWidth(1).strokeColor(colors.white);
  const cx = page.width - 110;
  const cy = 150;
  for (const radius of [60, 110, 160, 210, 260]) doc.circle(cx, cy, radius).stroke();
  doc.moveTo(cx - 280, cy).lineTo(cx + 280, cy).stroke();
  doc.moveTo(cx, cy - 280).lineTo(cx, cy + 280).stroke();
  doc.fillOpacity(0.1).polygon([cx, cy - 200], [cx + 26, cy], [cx, cy + 200], [cx - 26, cy]).fill(colors.white);
  doc.polygon([cx - 200, cy], [cx, cy - 26], [cx + 200, cy], [cx, cy + 26]).fill(colors.white);
  doc.restore();
}

/**
 * Page 1: the product's name and mark, the report's title on the primary band, the person it is
 * for, and when it was made (generated, the answers it comes from, the edition).
 */
export function drawCoverPage(doc: PDFKit.PDFDocument, root: StructureParent, document: ReportDocument): void {
  artifact(doc, () => {
    drawBackground(doc);
    drawMark(doc, left, 52, 20, colors.white);
  });

  group(doc, root, 'Sect', (cover) => {
    tagged(doc, cover, 'P', () => label(doc, 'Compass', left + 28, 54, wordmark));

    const titleHeight = heightOf(doc, document.title, title, contentWidth - 40);
    const titleTop = bandHeight - 56 - titleHeight;
    tagged(doc, cover, 'P', () => label(doc, 'PERSONAL REPORT', left, titleTop - 22, { ...eyebrow, size: 9, color: accentOf(doc).soft }));
    tagged(doc, cover, 'H1', () => write(doc, document.title, left, titleTop, title, contentWidth - 40));

    let y = bandHeight + 52;
    tagged(doc, cover, 'P', () => label(doc, 'PREPARED FOR', left, y, caption));
    y += 18;
    tagged(doc, cover, 'P', () => write(doc, document.person_name, left, y, nameStyle(doc, document.person_name), contentWidth));
    y = doc.y + 40;

    const details = [
      ['GENERATED', formatDate(document.generated_at, document.language)],
      ['ANSWERS FROM', formatDate(document.answers_date, document.language)],
      ['EDITION', String(document.edition)],
    ] as const;
    const column = contentWidth / details.length;
    artifact(doc, () => doc.rect(left, y, contentWidth, 0.8).fill(colors.border));
    details.forEach(([heading, value], index) => {
      const x = left + index * column;
      tagged(doc, cover, 'P', () => {
        label(doc, heading, x, y + 16, caption);
        label(doc, value, x, y + 32, detail);
      });
    });

    const versions = document.scoring_versions.length ? `Scores computed with ${document.scoring_versions.join(', ')}. ` : '';
    const note = `${versions}This report describes preferences and tendencies from your own answers; it is not a diagnosis or a test of ability.`;
    const noteHeight = heightOf(doc, note, footnote, contentWidth);
    tagged(doc, cover, 'P', () => write(doc, note, left, page.height - 56 - noteHeight, footnote, contentWidth, 'left', true));
  });
}
