import type { ReportDocument } from '@app/contract/reports';
import { addPage, ensureRoom, gapBefore } from './pdf-flow.ts';
import { artifact, group, tagged, type StructureParent } from './pdf-structure.ts';
import { heightOf, label, textStyles, write, type TextStyle } from './pdf-text-style.ts';
import { colors, contentWidth, fonts, page } from './pdf-theme.ts';

const left = page.margins.left;
const eyebrow: TextStyle = { font: fonts.semibold, size: 9, color: colors.primary, lineGap: 0 };
const sentence: TextStyle = { font: fonts.regular, size: 12, color: colors.text, lineGap: 4 };
const number: TextStyle = { font: fonts.bold, size: 12, color: colors.primary, lineGap: 0 };
const highlightLabel: TextStyle = { ...textStyles.bodyStrong, size: 11, color: colors.primaryDark };
const numberColumn = 28;
const cardPadding = 14;

/**
 * Page 2: "You in five sentences" as a numbered list, then the most distinctive results as
 * tinted cards.
 */
export function drawSummaryPage(doc: PDFKit.PDFDocument, root: StructureParent, document: ReportDocument): void {
  addPage(doc);
  const { sentences, highlights } = document.summary;
  group(doc, root, 'Sect', (summary) => {
    tagged(doc, summary, 'P', () => label(doc, 'SUMMARY', left, doc.y, eyebrow));
    doc.y += 18;
    const headingTop = doc.y;
    tagged(doc, summary, 'H2', () => write(doc, 'You in five sentences', left, headingTop, textStyles.section, contentWidth));
    doc.y += 14;

    group(doc, summary, 'L', (list) => {
      sentences.forEach((text, index) => {
        const height = heightOf(doc, text, sentence, contentWidth - numberColumn) + 12;
        ensureRoom(doc, height);
        const top = doc.y;
        group(doc, list, 'LI', (item) => {
          tagged(doc, item, 'Lbl', () => label(doc, String(index + 1), left, top, number));
          tagged(doc, item, 'LBody', () => write(doc, text, left + numberColumn, top, sentence, contentWidth - numberColumn));
        });
        doc.y = top + height;
      });
    });

    if (highlights.length === 0) return;
    gapBefore(doc, 18);
    const cardHeights = highlights.map(
      (highlight) => cardPadding * 2 + heightOf(doc, highlight.label, highlightLabel, contentWidth - 2 * cardPadding - 8) + 4 + heightOf(doc, highlight.text, textStyles.body, contentWidth - 2 * cardPadding - 8),
    );
    const title = highlights.length === 3 ? 'Your three highlights' : 'Your highlights';
    ensureRoom(doc, 40 + (cardHeights[0] ?? 0));
    const titleTop = doc.y;
    tagged(doc, summary, 'H2', () => write(doc, title, left, titleTop, { ...textStyles.section, size: 16 }, contentWidth));
    doc.y += 12;

    group(doc, summary, 'L', (list) => {
      highlights.forEach((highlight, index) => {
        const height = cardHeights[index] ?? 0;
        ensureRoom(doc, height);
        const top = doc.y;
        artifact(doc, () => {
          doc.save();
          doc.roundedRect(left, top, contentWidth, height, 8).clip();
          doc.rect(left, top, contentWidth, height).fill(colors.accent);
          doc.rect(left, top, 4, height).fill(colors.primary);
          doc.restore();
        });
        const textLeft = left + cardPadding + 8;
        const textWidth = contentWidth - 2 * cardPadding - 8;
        group(doc, list, 'LI', (item) => {
          tagged(doc, item, 'Lbl', () => write(doc, highlight.label, textLeft, top + cardPadding, highlightLabel, textWidth));
          const textTop = doc.y + 4;
          tagged(doc, item, 'LBody', () => write(doc, highlight.text, textLeft, textTop, textStyles.body, textWidth));
        });
        doc.y = top + height + 10;
      });
    });
  });
}
