import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font, type GlyphRun } from 'fontkit';
import { BoundedMap } from '../bounded-map.ts';

// Manrope (SIL Open Font License) from @expo-google-fonts/manrope, the web's text face (issue 16),
// embedded and subset by pdfkit in every PDF the product makes (reports, invoices), so every reader
// shows the same letters, including names outside Latin-1 (Łukasiewicz, Dvořák, Παπαδοπούλου,
// Çağlayan): it has Latin Extended, Greek and Cyrillic.
const require = createRequire(import.meta.url);

/** The names the fonts are registered under in a document (`doc.font(pdfFonts.bold)`). */
export const pdfFonts = { regular: 'Manrope', semibold: 'Manrope-SemiBold', bold: 'Manrope-Bold' } as const;
const fonts = pdfFonts;
const files = {
  [fonts.regular]: '@expo-google-fonts/manrope/400Regular/Manrope_400Regular.ttf',
  [fonts.semibold]: '@expo-google-fonts/manrope/600SemiBold/Manrope_600SemiBold.ttf',
  [fonts.bold]: '@expo-google-fonts/manrope/700Bold/Manrope_700Bold.ttf',
} as const;

/** Words shaped per font that are remembered, the oldest forgotten first (report texts use a few thousand). */
const maximumCachedWords = 50_000;

/** What stands for a letter the face cannot draw (issue 14: Arabic, Hebrew, emoji in a typed name). */
export const missingGlyphStandIn = '?';

/**
 * `text` with every character `font` has no glyph for replaced by the stand-in, and invisible format
 * characters it lacks (joiners, direction marks, variation selectors) left out. pdfkit would draw
 * the face's empty box instead, which it measures at half the width it writes into the PDF (its
 * widths table keeps the box unscaled), so such a name ran past the paper's edge, and it is copied
 * as NUL characters. A '?' keeps the line's measure true and says that a letter is missing.
 */
export function drawableText(font: Pick<Font, 'hasGlyphForCodePoint'>, text: string): string {
  let drawable = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (codePoint < 0x80 || font.hasGlyphForCodePoint(codePoint)) drawable += character;
    else if (!/[\p{Cf}\p{Mn}]/u.test(character)) drawable += missingGlyphStandIn;
  }
  return drawable;
}

/**
 * A font shared by every report this process renders, which remembers how each word was shaped.
 * Parsing the font's tables and running its OpenType shaping (contextual alternates, kerning) for every
 * word took most of a report's render time when each PDF opened the file afresh (bench/report-pdf:
 * median 214 ms for the complete profile; 140 ms with the font shared, under 70 ms with the shaped
 * words remembered). pdfkit accepts a fontkit font in place of a file and scales the positions of
 * the run it gets in place, so each call hands out fresh copies of the remembered positions.
 */
function sharedFont(buffer: Buffer): Font {
  const font = create(buffer) as Font & { _glyphs: Record<number, unknown> };
  // fontkit keeps one glyph object per glyph id with the characters it was first made for, and
  // pdfkit writes those characters into the PDF's ToUnicode map (copying text, screen readers).
  // Shared across documents, "first" could be another document's subset (which asks for glyphs
  // without characters), so each new word is shaped with fontkit's glyph cache emptied first:
  // its glyphs then carry the characters of that very word, whatever was rendered before.
  const shape = (text: string, features?: string[] | Record<string, boolean>): GlyphRun => {
    font._glyphs = {};
    return font.layout(drawableText(font, text), features);
  };
  const shaped = new BoundedMap<string, GlyphRun>(maximumCachedWords);
  const layout = (text: string, features?: string[] | Record<string, boolean>): GlyphRun => {
    if (features) return shape(text, features);
    let run = shaped.get(text);
    if (!run) {
      run = shape(text);
      shaped.set(text, run);
    }
    const positions = run.positions.map((position) => ({ ...position }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, position) => sum + position.xAdvance, 0);
      },
    };
  };
  return new Proxy(font, {
    get(target, key) {
      if (key === 'layout') return layout;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

let shared: Array<[string, Font]> | undefined;

/** The three weights, read and parsed once per process. */
function textFonts(): Array<[string, Font]> {
  shared ??= Object.entries(files).map(([name, file]) => [name, sharedFont(readFileSync(require.resolve(file)))]);
  return shared;
}

/** Registers the text face's three weights under the names of `pdfFonts` and selects the regular one. */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  // pdfkit takes a fontkit font wherever it takes a font file (PDFFontFactory.open); its types list files only.
  for (const [name, font] of textFonts()) doc.registerFont(name, font as unknown as Buffer);
  doc.font(fonts.regular);
}
