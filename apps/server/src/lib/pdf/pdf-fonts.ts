import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font, type Glyph, type GlyphRun } from 'fontkit';
import { BoundedMap } from '../bounded-map.ts';
import { drawWithFallbackFonts, type FontChain, type PdfFace } from './pdf-font-fallback.ts';
import { hasRightToLeftLetters } from './pdf-text-runs.ts';

// Manrope (SIL Open Font License) from @expo-google-fonts/manrope, the web's text face (issue 16),
// embedded and subset by pdfkit in every PDF the product makes (reports, invoices), so every reader
// shows the same letters, including names outside Latin-1 (Łukasiewicz, Dvořák, Παπαδοπούλου,
// Çağlayan): it has Latin Extended, Greek and Cyrillic. What a person typed in Arabic or Hebrew,
// or with emoji, is drawn from Noto Sans Arabic, Noto Sans Hebrew and Noto Emoji (monochrome; OFL,
// @expo-google-fonts as well) in the same weight, each letter in the first font that has it
// (pdf-font-fallback.ts), so Latin text is drawn as before.
const require = createRequire(import.meta.url);

/** The names the fonts are registered under in a document (`doc.font(pdfFonts.bold)`). */
export const pdfFonts = { regular: 'Manrope', semibold: 'Manrope-SemiBold', bold: 'Manrope-Bold' } as const;
const fonts = pdfFonts;

/** Each weight's file, then its fallbacks' (registered under the names given), in order. */
const files = {
  [fonts.regular]: {
    text: '@expo-google-fonts/manrope/400Regular/Manrope_400Regular.ttf',
    fallbacks: {
      NotoSansArabic: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
      NotoSansHebrew: '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
      NotoEmoji: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
    },
  },
  [fonts.semibold]: {
    text: '@expo-google-fonts/manrope/600SemiBold/Manrope_600SemiBold.ttf',
    fallbacks: {
      'NotoSansArabic-SemiBold': '@expo-google-fonts/noto-sans-arabic/600SemiBold/NotoSansArabic_600SemiBold.ttf',
      'NotoSansHebrew-SemiBold': '@expo-google-fonts/noto-sans-hebrew/600SemiBold/NotoSansHebrew_600SemiBold.ttf',
      'NotoEmoji-SemiBold': '@expo-google-fonts/noto-emoji/600SemiBold/NotoEmoji_600SemiBold.ttf',
    },
  },
  [fonts.bold]: {
    text: '@expo-google-fonts/manrope/700Bold/Manrope_700Bold.ttf',
    fallbacks: {
      'NotoSansArabic-Bold': '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
      'NotoSansHebrew-Bold': '@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf',
      'NotoEmoji-Bold': '@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf',
    },
  },
} as const;

/** Words shaped per font that are remembered, the oldest forgotten first (report texts use a few thousand). */
const maximumCachedWords = 50_000;

/** What stands for a letter no font can draw (a script none of them has, such as Chinese or Devanagari). */
export const missingGlyphStandIn = '?';

/**
 * `text` with every character `font` has no glyph for replaced by the stand-in, and invisible
 * format characters and marks it lacks (joiners, direction marks, variation selectors) left out.
 * pdfkit would draw the face's empty box instead, which it measures at half the width it writes
 * into the PDF (its widths table keeps the box unscaled), so such a name ran past the paper's edge,
 * and it is copied as NUL characters. A '?' keeps the line's measure true and says that a letter
 * is missing.
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
function sharedFont(buffer: Buffer, { glyphPerLetter = false } = {}): Font {
  type Glyphs = { _glyphs: Record<number, unknown>; getGlyph(id: number, codePoints?: number[]): Glyph };
  const font = create(buffer) as Font & Glyphs;
  if (glyphPerLetter) {
    // A fallback font's glyph may stand for several letters within one word (Noto Sans Arabic's
    // dotless form of ب, ت, ن and ي in the middle of a word), and fontkit hands out the glyph object
    // it made first, with that letter: a further use for another letter gets a glyph object of its
    // own, so that each copies as its letter (pdf-font-fallback.ts).
    const getGlyph = font.getGlyph.bind(font);
    font.getGlyph = (id, codePoints = []) => {
      const glyph = getGlyph(id, codePoints);
      if (codePoints.length === 0 || glyph.codePoints.join(' ') === codePoints.join(' ')) return glyph;
      delete font._glyphs[id];
      return getGlyph(id, codePoints);
    };
  }
  // fontkit keeps one glyph object per glyph id with the characters it was first made for, and
  // pdfkit writes those characters into the PDF's ToUnicode map (copying text, screen readers).
  // Shared across documents, "first" could be another document's subset (which asks for glyphs
  // without characters), so each new word is shaped with fontkit's glyph cache emptied first:
  // its glyphs then carry the characters of that very word, whatever was rendered before.
  const shape = (text: string, features?: string[] | Record<string, boolean>): GlyphRun => {
    font._glyphs = {};
    const drawable = drawableText(font, text);
    // A run holding Hebrew or Arabic letters is laid out right to left (glyphs in the order drawn);
    // its direction is given, not guessed from the script, so Arabic-Indic digits stay left to right.
    return font.layout(drawable, features, undefined, undefined, hasRightToLeftLetters(drawable) ? 'rtl' : 'ltr');
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

function readFont(file: string, options?: { glyphPerLetter: boolean }): Font {
  return sharedFont(readFileSync(require.resolve(file)), options);
}

const directionControls = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);

/**
 * `^[...]*$` over the characters `font` draws (ASCII always, as `drawableText` keeps it), the
 * direction controls left out: a text it matches needs neither another font nor reordering.
 */
function onlyCharactersOf(font: Font): RegExp {
  const ascii = Array.from({ length: 0x80 }, (_, codePoint) => codePoint);
  const codePoints = [...new Set([...ascii, ...font.characterSet])].filter((codePoint) => !directionControls.has(codePoint)).sort((a, b) => a - b);
  const ranges: string[] = [];
  const hex = (codePoint: number) => `\\u{${codePoint.toString(16)}}`;
  for (let index = 0; index < codePoints.length; ) {
    let end = index;
    while (end + 1 < codePoints.length && codePoints[end + 1] === codePoints[end]! + 1) end++;
    ranges.push(index === end ? hex(codePoints[index]!) : `${hex(codePoints[index]!)}-${hex(codePoints[end]!)}`);
    index = end + 1;
  }
  return new RegExp(`^[${ranges.join('')}]*$`, 'u');
}

interface Weight {
  name: string;
  font: Font;
  chain: FontChain;
}

let shared: Weight[] | undefined;

/** The three weights with their fallbacks, each file read and parsed once per process (a fallback when first needed). */
function textFonts(): Weight[] {
  shared ??= Object.entries(files).map(([name, { text, fallbacks }]) => {
    const font = readFont(text);
    const readFallbacks = () => Object.entries(fallbacks).map(([fallback, file]) => ({ name: fallback, font: readFont(file, { glyphPerLetter: true }) }));
    let faces: PdfFace[] | undefined;
    const chain: FontChain = { drawnByTextFace: onlyCharactersOf(font), faces: () => (faces ??= [{ name, font }, ...readFallbacks()]) };
    return { name, font, chain };
  });
  return shared;
}

/** The chain of the text face pdfkit opened from `font`, undefined for any other font. */
function chainOf(font: unknown): FontChain | undefined {
  return textFonts().find((weight) => weight.font === font)?.chain;
}

/**
 * Registers the text face's three weights under the names of `pdfFonts`, with their fallback
 * fonts and bidirectional order for what they lack, and selects the regular one.
 */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  // pdfkit takes a fontkit font wherever it takes a font file (PDFFontFactory.open); its types list files only.
  for (const { name, font } of textFonts()) doc.registerFont(name, font as unknown as Buffer);
  drawWithFallbackFonts(doc, chainOf);
  doc.font(fonts.regular);
}
