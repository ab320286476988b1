import type { GeneratedReportType } from '@app/contract/reports';
import { pdfFonts } from '../../../lib/pdf/pdf-fonts.ts';
// The report's look: the web app's palette (apps/web/src/styles.css, light theme, converted from
// oklch to sRGB hex because PDF has no oklch), each report's assessment accent, the text face
// (Manrope) in three weights, and the A4 page grid.

export const colors = {
  /** --foreground */
  text: '#131b26',
  /** --muted-foreground: secondary text, captions, axis labels (4.5:1 on white). */
  mutedText: '#555e6c',
  /** --primary */
  primary: '#1e579f',
  /** --accent-foreground: headings on tinted boxes. */
  primaryDark: '#112d55',
  /** --accent: info callouts, highlight cards. */
  accent: '#e4eefb',
  /** A lighter primary for error bands. */
  primaryLight: '#a1c0eb',
  primarySoft: '#cfe0f6',
  /** --muted / --secondary: table stripes, chart tracks. */
  muted: '#eff2f6',
  secondary: '#edf0f6',
  /** --border */
  border: '#dadee5',
  /** --input: stronger rules. */
  rule: '#c5cbd2',
  white: '#ffffff',
  /** Caution callouts: amber, distinct from the blue info tone (text passes 4.5:1 on its tint). */
  cautionText: '#7a4800',
  cautionTint: '#fff4d7',
  cautionBorder: '#e6b55d',
  /** --destructive, for risk markers. */
  risk: '#b7191c',
  /** Strength markers. */
  strength: '#1f7a55',
} as const;

/** Band zones of the bar charts: low, average, high, light enough for dark text on top. */
export const zoneColors = { low: '#f3f5f8', average: '#e4eefb', high: '#d3e2f6' } as const;

/** Series colours of the share chart and the values circle's motives (distinct, AA on white). */
export const seriesColors = ['#1e579f', '#1f7a6e', '#b4640a', '#6e4aa8', '#b33a5f', '#4f5d70', '#2f7fbf', '#7a7a1f'] as const;

/**
 * The accent of a report: one per assessment, the web's `--big5`, `--environment` and `--values`
 * (apps/web/src/styles.css, light theme, in sRGB), used as on the web: the cover band, the section
 * marks and subsection headings, the bars, score markers and their bands. The complete profile
 * spans the three and keeps the brand's blue. `soft` is text on `main` (4.5:1 or more), `dark` is
 * text on `tint`, `main` passes 4.5:1 on white, `tint` and the `high` zone.
 */
export interface AccentPalette {
  main: string;
  dark: string;
  tint: string;
  light: string;
  soft: string;
  zones: { low: string; average: string; high: string };
}

export const accentPalettes: Record<GeneratedReportType, AccentPalette> = {
  big5: { main: '#6245ae', dark: '#311d60', tint: '#f0eeff', light: '#beb6e8', soft: '#dedaf7', zones: { low: zoneColors.low, average: '#f0eeff', high: '#e1ddfe' } },
  environment: { main: '#007162', dark: '#00382f', tint: '#dff6f1', light: '#8bcdbf', soft: '#dff6f1', zones: { low: zoneColors.low, average: '#dff6f1', high: '#c2ece2' } },
  values: { main: '#a24112', dark: '#531700', tint: '#ffebe3', light: '#e5b099', soft: '#f6d6c9', zones: { low: zoneColors.low, average: '#ffebe3', high: '#fcd9c9' } },
  complete: { main: colors.primary, dark: colors.primaryDark, tint: colors.accent, light: colors.primaryLight, soft: colors.primarySoft, zones: zoneColors },
};

const documentAccents = new WeakMap<PDFKit.PDFDocument, AccentPalette>();

/** Gives a document its report's accent (renderReportPdf, before drawing). */
export function setDocumentAccent(doc: PDFKit.PDFDocument, type: GeneratedReportType): void {
  documentAccents.set(doc, accentPalettes[type]);
}

/** The accent of the document being drawn: its report's, else the brand's blue. */
export function accentOf(doc: PDFKit.PDFDocument): AccentPalette {
  return documentAccents.get(doc) ?? accentPalettes.complete;
}

export const fonts = pdfFonts;

export const fontSizes = {
  body: 10.5,
  small: 8.5,
  caption: 9,
  blockTitle: 11.5,
  subsection: 14,
  section: 21,
  coverTitle: 32,
} as const;

/** Line gap added to the font's own line height for running text. */
export const bodyLineGap = 3.2;

/** A4 in points, with the content box inside the running header and footer. */
export const page = {
  width: 595.28,
  height: 841.89,
  margins: { top: 78, bottom: 70, left: 62, right: 62 },
  headerY: 34,
  footerY: 800,
} as const;

export const contentWidth = page.width - page.margins.left - page.margins.right;
export const contentBottom = page.height - page.margins.bottom;

/** Vertical rhythm between blocks. */
export const spacing = { block: 14, afterHeading: 8, beforeSubsection: 16 } as const;
