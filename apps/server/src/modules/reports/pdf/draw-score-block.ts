import type { ReportBlock } from '@app/contract/reports';
import { formatCount, formatScore, ordinal } from './pdf-format.ts';
import { artifact, group, tagged, type StructureParent } from './pdf-structure.ts';
import { heightOf, label, textStyles, write, type TextStyle } from './pdf-text-style.ts';
import { accentOf, colors, fonts } from './pdf-theme.ts';

type ScoreBlock = Extract<ReportBlock, { kind: 'score' }>;

const padding = 14;
const headerHeight = 18;
const figureHeight = 40;
const bigNumber: TextStyle = { font: fonts.bold, size: 28, color: colors.primary, lineGap: 0 };
const outOf: TextStyle = { font: fonts.regular, size: 10, color: colors.mutedText, lineGap: 0 };
const pill: TextStyle = { font: fonts.semibold, size: 8.5, color: colors.primaryDark, lineGap: 0 };
const scaleLabel: TextStyle = { font: fonts.regular, size: 7.5, color: colors.mutedText, lineGap: 0 };
const percentileStyle: TextStyle = { ...textStyles.body, size: 9.5, lineGap: 2 };

function percentileLines(block: ScoreBlock, language: string): string[] {
  return block.percentiles.map(
    (percentile) => `${ordinal(percentile.value)} percentile among ${percentile.group_label} (${formatCount(percentile.group_size, language)} people)`,
  );
}

function textHeights(doc: PDFKit.PDFDocument, block: ScoreBlock, width: number, language: string): { percentiles: number[]; note: number } {
  const inner = width - 2 * padding;
  return {
    percentiles: percentileLines(block, language).map((line) => heightOf(doc, line, percentileStyle, inner)),
    note: block.norm_note ? heightOf(doc, block.norm_note, textStyles.small, inner) : 0,
  };
}

export function scoreBlockHeight(doc: PDFKit.PDFDocument, block: ScoreBlock, width: number, language: string): number {
  const heights = textHeights(doc, block, width, language);
  const percentiles = heights.percentiles.reduce((sum, height) => sum + height, 0);
  return padding + headerHeight + 6 + figureHeight + (percentiles ? 8 + percentiles : 0) + (heights.note ? 6 + heights.note : 0) + padding;
}

/**
 * A scale's headline result as a card: name and band, the score in large figures beside a 0-100
 * scale with the error band, the percentiles against norm groups, and where the band comes from.
 */
export function drawScoreBlock(doc: PDFKit.PDFDocument, parent: StructureParent, block: ScoreBlock, x: number, width: number, language: string): void {
  const top = doc.y;
  const height = scoreBlockHeight(doc, block, width, language);
  const heights = textHeights(doc, block, width, language);
  const inner = width - 2 * padding;
  const left = x + padding;

  doc.font(pill.font).fontSize(pill.size);
  const pillWidth = doc.widthOfString(block.band_label) + 16;
  const accent = accentOf(doc);
  const pillTint = block.band === 'high' ? accent.soft : block.band === 'low' ? colors.secondary : accent.tint;
  artifact(doc, () => {
    doc.roundedRect(x, top, width, height, 8).lineWidth(0.8).fillAndStroke(colors.white, colors.border);
    doc.roundedRect(x + width - padding - pillWidth, top + padding - 1, pillWidth, 17, 8.5).fill(pillTint);
  });

  group(doc, parent, 'Div', (card) => {
    tagged(doc, card, 'P', () => {
      label(doc, block.label, left, top + padding, textStyles.blockTitle);
      label(doc, block.band_label, x + width - padding - pillWidth / 2, top + padding + 3, { ...pill, color: accent.dark }, 'center');
    });

    const figureTop = top + padding + headerHeight + 6;
    const score = formatScore(block.score);
    doc.font(bigNumber.font).fontSize(bigNumber.size);
    const numberWidth = doc.widthOfString(score);
    tagged(doc, card, 'P', () => {
      label(doc, score, left, figureTop, { ...bigNumber, color: accent.main });
      label(doc, '/ 100', left + numberWidth + 4, figureTop + 15, outOf);
    });

    const trackLeft = left + 110;
    const trackWidth = inner - 110;
    const at = (value: number) => trackLeft + (Math.min(100, Math.max(0, value)) / 100) * trackWidth;
    const centre = figureTop + 14;
    const range = `${formatScore(block.error_band.low)}–${formatScore(block.error_band.high)}`;
    tagged(
      doc,
      card,
      'Figure',
      () => {
        doc.roundedRect(trackLeft, centre - 3, trackWidth, 6, 3).fill(colors.muted);
        doc.roundedRect(at(block.error_band.low), centre - 5, Math.max(at(block.error_band.high) - at(block.error_band.low), 4), 10, 5).fill(accent.light);
        doc.circle(at(block.score), centre, 5.5).lineWidth(1.5).fillAndStroke(accent.main, colors.white);
        label(doc, '0', trackLeft, centre + 10, scaleLabel);
        label(doc, '100', trackLeft + trackWidth, centre + 10, scaleLabel, 'right');
        const rangeCentre = Math.min(Math.max(at((block.error_band.low + block.error_band.high) / 2), trackLeft + 60), trackLeft + trackWidth - 60);
        label(doc, `likely range ${range}`, rangeCentre, centre + 10, scaleLabel, 'center');
      },
      { alt: `${block.label}: ${score} on a scale of 0 to 100 (${block.band_label}); likely range ${range}.` },
    );

    let y = figureTop + figureHeight;
    const lines = percentileLines(block, language);
    if (lines.length) y += 8;
    lines.forEach((line, index) => {
      tagged(doc, card, 'P', () => write(doc, line, left, y, percentileStyle, inner));
      y += heights.percentiles[index] ?? 0;
    });
    if (block.norm_note) {
      y += 6;
      tagged(doc, card, 'P', () => write(doc, block.norm_note, left, y, textStyles.small, inner));
    }
  });
  doc.x = x;
  doc.y = top + height;
}
