import type { Font, Glyph, GlyphPosition } from 'fontkit';
import { BoundedMap } from '../bounded-map.ts';
import { visualRuns, type TextRun } from './pdf-text-runs.ts';

// pdfkit draws and measures a string in the one font selected. A document set up here draws a text
// its text face cannot draw whole (Arabic, Hebrew, emoji in a typed name) as runs, each in the
// first font that has its letters, in bidirectional order (pdf-text-runs.ts). Both places where
// pdfkit turns text into ink and width go through the runs: `widthOfString`, which its line wrapping,
// `heightOfString` and our layout measure with, and `_fragment`, which draws each wrapped line. So a
// line is cut, measured and drawn with the same widths; every other text takes pdfkit's own path.

/** A font registered in documents under `name`. */
export interface PdfFace {
  name: string;
  font: Font;
}

/** A text face and the fonts that draw the letters it lacks. */
export interface FontChain {
  /** Matches a text the text face draws whole: only its characters, none of them right to left. */
  drawnByTextFace: RegExp;
  /** The text face, then its fallbacks in order (read the first time a text needs them). */
  faces(): readonly PdfFace[];
}

/** pdfkit's font in a document (EmbeddedFont): what drawing runs reads or replaces of it. */
interface PdfkitFont {
  /** The fontkit font it was opened from. */
  font: unknown;
  ascender: number;
  descender: number;
  xHeight: number;
  widthOfString(text: string, size: number, features?: unknown): number;
  layout(text: string, features?: unknown): { glyphs: Glyph[]; positions: GlyphPosition[] };
  encode(text: string, features?: unknown): [string[], GlyphPosition[]];
  /** 1000 / the font's units per em. */
  scale: number;
  /** By the glyph's number in the embedded subset: its width, and the characters it is copied as. */
  widths: number[];
  unicode: number[][];
  /** fontkit's subset: the original glyph ids in the subset's order; `includeGlyph` gives a glyph's first place. */
  subset: { glyphs: number[]; includeGlyph(id: number): number };
}

type TextOptions = PDFKit.Mixins.TextOptions & {
  horizontalScaling?: number;
  /** Set by pdfkit's line wrapping for each line. */
  textWidth?: number | undefined;
  wordCount?: number | undefined;
  lineWidth?: number;
};

/** The parts of pdfkit's document, outside its types, that drawing runs reads or replaces. */
interface PdfkitDocument {
  _font: PdfkitFont;
  _fontSize: number;
  _fontSource: unknown;
  _fontFamily: unknown;
  _registeredFonts: Record<string, unknown>;
  _fragment(text: string, x: number, y: number, options: TextOptions): void;
  widthOfString(text: string, options?: TextOptions): number;
  registerFont(name: string, src: unknown): unknown;
  font(name: string): unknown;
}

/** Lines and words split before, per text face (a report measures each word several times). */
const runCaches = new Map<FontChain, BoundedMap<string, TextRun[] | null>>();

/** The runs of `text` in the current font, or undefined when pdfkit's own path draws it as well. */
function runsOf(doc: PdfkitDocument, chainOf: (font: unknown) => FontChain | undefined, text: string): { chain: FontChain; runs: TextRun[] } | undefined {
  const chain = chainOf(doc._font.font);
  if (!chain || chain.drawnByTextFace.test(text)) return undefined;
  let cache = runCaches.get(chain);
  if (!cache) runCaches.set(chain, (cache = new BoundedMap(20_000)));
  let runs = cache.get(text);
  if (runs === undefined) {
    const split = visualRuns(text, chain.faces().map((face) => face.font));
    // Letters no font has (a script outside all of them) stay in the text face, which prints '?'.
    runs = split.length === 1 && split[0]!.font === 0 && split[0]!.text === text ? null : split;
    cache.set(text, runs);
  }
  return runs ? { chain, runs } : undefined;
}

/** Copied in place of a glyph made for no character of its own (pdf.js skips it, others copy it unseen). */
const wordJoiner = 0x2060;

/**
 * Makes `font` write each glyph once per distinct text it stands for. pdfkit writes one glyph
 * number per glyph of the font, copied as the characters it was first drawn for; Noto Sans Arabic
 * draws most dotted letters as a dotless form shared by several letters plus dots (ن at the start
 * of a word is ٮ and a dot above), so "بيت" after "نور" would copy as "نيت", and the dots, made for
 * no character, as the glyph's number (a control character). Here a glyph that stands for other
 * characters than before gets a further number in the subset (a copy of the glyph), and a dot is
 * copied as an invisible word joiner, which leaves the joined letters as they are.
 */
function copyAsDrawn(font: PdfkitFont): void {
  const numbers = new Map<string, number>();
  const hex = (number: number) => `0000${number.toString(16)}`.slice(-4);
  font.encode = (text, features) => {
    const { glyphs, positions } = font.layout(text, features);
    const encoded = glyphs.map((glyph) => {
      const characters = glyph.codePoints.length > 0 ? glyph.codePoints : [wordJoiner];
      const key = `${glyph.id}:${characters.join(' ')}`;
      let number = numbers.get(key);
      if (number === undefined) {
        number = font.subset.includeGlyph(glyph.id);
        const copiedAs = font.unicode[number];
        if (copiedAs && `${glyph.id}:${copiedAs.join(' ')}` !== key) number = font.subset.glyphs.push(glyph.id) - 1;
        font.widths[number] ??= glyph.advanceWidth * font.scale;
        font.unicode[number] ??= characters;
        numbers.set(key, number);
      }
      return hex(number);
    });
    return [encoded, positions];
  };
}

const openedFaces = new WeakMap<PdfkitDocument, Map<string, PdfkitFont>>();

/** `face` as a font of `doc`, registered and opened on first use without changing the selected font. */
function openFace(doc: PdfkitDocument, face: PdfFace): PdfkitFont {
  let opened = openedFaces.get(doc);
  if (!opened) openedFaces.set(doc, (opened = new Map()));
  let font = opened.get(face.name);
  if (!font) {
    const { _font, _fontSource, _fontFamily } = doc;
    if (!(face.name in doc._registeredFonts)) doc.registerFont(face.name, face.font);
    doc.font(face.name);
    font = doc._font;
    copyAsDrawn(font);
    Object.assign(doc, { _font, _fontSource, _fontFamily });
    opened.set(face.name, font);
  }
  return font;
}

/** How far below a line's top pdfkit sets the baseline of `font` (as its `_fragment` does). */
function baselineDrop(font: PdfkitFont, size: number, baseline: TextOptions['baseline']): number {
  if (typeof baseline === 'number') return -baseline;
  const drops: Record<string, number> = {
    'svg-middle': 0.5 * font.xHeight,
    middle: 0.5 * (font.descender + font.ascender),
    'svg-central': 0.5 * (font.descender + font.ascender),
    bottom: font.descender,
    ideographic: font.descender,
    alphabetic: 0,
    mathematical: 0.5 * font.ascender,
    hanging: 0.8 * font.ascender,
  };
  return ((baseline && drops[baseline]) ?? font.ascender) / 1000 * size;
}

/**
 * Makes `doc` draw and measure text with fallback fonts and in bidirectional order. `chainOf` gives
 * the chain of the selected font (by the fontkit font it was registered with), undefined for fonts
 * drawn as pdfkit does.
 */
export function drawWithFallbackFonts(pdf: PDFKit.PDFDocument, chainOf: (font: unknown) => FontChain | undefined): void {
  const doc = pdf as unknown as PdfkitDocument;
  const widthOfString = doc.widthOfString;
  const fragment = doc._fragment;
  const fontOf = (chain: FontChain, run: TextRun) => (run.font === 0 ? doc._font : openFace(doc, chain.faces()[run.font]!));
  const runWidth = (chain: FontChain, run: TextRun, options: TextOptions) => fontOf(chain, run).widthOfString(run.text, doc._fontSize, options.features);

  doc.widthOfString = function (text: string, options: TextOptions = {}): number {
    const split = runsOf(doc, chainOf, text);
    if (!split) return widthOfString.call(doc, text, options);
    const width = split.runs.reduce((sum, run) => sum + runWidth(split.chain, run, options), 0);
    return ((width + (options.characterSpacing ?? 0) * (text.length - 1)) * (options.horizontalScaling ?? 100)) / 100;
  };

  doc._fragment = function (text: string, x: number, y: number, options: TextOptions): void {
    const line = `${text}`.replace(/\n/g, '');
    const split = runsOf(doc, chainOf, line);
    if (!split) return fragment.call(doc, text, x, y, options);
    // Aligned as pdfkit aligns a line; justified lines are set flush left.
    if (options.width && options.lineWidth !== undefined) {
      if (options.align === 'right') x += options.lineWidth - doc.widthOfString(line.replace(/\s+$/, ''), options);
      else if (options.align === 'center') x += options.lineWidth / 2 - (options.textWidth ?? doc.widthOfString(line, options)) / 2;
    }
    const textFace = doc._font;
    const size = doc._fontSize;
    // Every run sits on the text face's baseline: pdfkit would put each font's at its own ascent.
    const baseline = -baselineDrop(textFace, size, options.baseline);
    const spacing = options.characterSpacing ?? 0;
    const scaling = (options.horizontalScaling ?? 100) / 100;
    try {
      split.runs.forEach((run, index) => {
        const width = runWidth(split.chain, run, options);
        doc._font = fontOf(split.chain, run);
        const runOptions: TextOptions = { ...options, align: 'left', textWidth: undefined, wordCount: undefined, baseline };
        if (index > 0) delete runOptions.destination;
        fragment.call(doc, run.text, x, y, runOptions);
        x += (width + spacing * run.text.length) * scaling;
        doc._font = textFace;
      });
    } finally {
      doc._font = textFace;
    }
  };
}
