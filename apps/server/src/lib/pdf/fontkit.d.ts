// The part of fontkit (pdfkit's font engine, which ships no types) that lib/pdf uses.
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    /** The characters the glyph was made for (none for a glyph a letter was split into, such as a dot). */
    codePoints: number[];
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    readonly advanceWidth: number;
  }
  export interface Font {
    postscriptName: string;
    /** Code points the font has glyphs for. */
    characterSet: number[];
    /** `script` and `language` are detected when not given; `direction` defaults to the script's. */
    layout(text: string, features?: string[] | Record<string, boolean>, script?: string, language?: string, direction?: 'ltr' | 'rtl'): GlyphRun;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
