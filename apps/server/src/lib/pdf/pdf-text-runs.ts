import bidiFactory, { type BidiCharTypeName } from 'bidi-js';
import type { Font } from 'fontkit';

// How a line of text becomes what the PDF draws: pieces ("runs") each in one font, in the order
// they stand on the paper. pdfkit draws a string in one font, left to right; a name typed in
// Arabic or Hebrew, or with emoji, needs letters from other fonts and right-to-left order.

const bidi = bidiFactory();
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** What choosing a font asks of it. */
export type Coverage = Pick<Font, 'hasGlyphForCodePoint'>;

export interface TextRun {
  /** Which of the fonts given draws the run (0: the first). */
  font: number;
  /**
   * The run's text as its font is to lay it out: in reading order when it holds right-to-left
   * letters (the font's shaping joins Arabic letters and lays the run out right to left), else in
   * the order drawn, left to right.
   */
  text: string;
  /** The run's bidirectional embedding level: odd is right to left. */
  level: number;
}

/** Whether `text` holds a right-to-left letter (Hebrew, Arabic...): such a run is laid out right to left. */
export function hasRightToLeftLetters(text: string): boolean {
  for (const character of text) {
    const type = bidi.getBidiCharTypeName(character);
    if (type === 'R' || type === 'AL') return true;
  }
  return false;
}

/**
 * What to write after an ellipsis that cuts `text` short: a right-to-left mark when the text ends
 * reading right to left, so the ellipsis stands at that end (on its left), not at the line's right.
 */
export function afterEllipsis(text: string): string {
  for (const character of [...text].reverse()) {
    const type = bidi.getBidiCharTypeName(character);
    if (type === 'R' || type === 'AL') return '\u200f';
    if (type === 'L') return '';
  }
  return '';
}

const formatOrMark = /[\p{Cf}\p{Mn}]/u;

/**
 * The first font with a glyph for every character of `cluster` (one user-perceived letter: a base
 * with its marks, an emoji sequence); failing that, the first that lacks only invisible format
 * characters or marks (which are then left out); failing that, the first font (which prints '?').
 */
export function fontFor(cluster: string, fonts: readonly Coverage[]): number {
  const has = (font: Coverage, character: string) => font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0);
  const characters = [...cluster];
  const strict = fonts.findIndex((font) => characters.every((character) => has(font, character)));
  if (strict >= 0) return strict;
  const loose = fonts.findIndex((font) => characters.every((character) => has(font, character) || formatOrMark.test(character)));
  return Math.max(loose, 0);
}

// bidi-js reads UTF-16 code units one at a time, so it takes each half of an emoji's surrogate pair
// for a left-to-right letter. It gets each such character as two code units of its own type instead.
const standInOfType: Partial<Record<BidiCharTypeName, string>> = { R: 'א', AL: 'ا', EN: '0', AN: '٠', ON: '!', NSM: '\u0300', BN: '\u200b', WS: ' ', ES: '+', ET: '#', CS: ',' };

function bidiInput(text: string): string {
  let input = '';
  for (const character of text) {
    if (character.length === 1) input += character;
    else input += (standInOfType[bidi.getBidiCharTypeName(character)] ?? 'A').repeat(character.length);
  }
  return input;
}

/** Characters that take the paragraph's level at a line's end (rule L1): spaces and invisible ones. */
const resetAtLineEnd = new Set<BidiCharTypeName>(['WS', 'S', 'B', 'BN', 'LRE', 'RLE', 'LRO', 'RLO', 'PDF', 'LRI', 'RLI', 'FSI', 'PDI']);

interface Cluster {
  text: string;
  level: number;
  font: number;
}

/**
 * One line of text (already wrapped, in reading order) as runs in the order they stand on the
 * paper, left to right. Each user-perceived letter takes the first font in `fonts` that can draw
 * it, so text the first font draws stays one run in it. The order is the Unicode bidirectional
 * algorithm's (UAX #9) for a left-to-right paragraph, the document's direction, as the web shows a
 * name: a run of Arabic or Hebrew reads right to left, with the spaces, digits and emoji between
 * its words; characters drawn right to left that have a mirror image (brackets) take it.
 */
export function visualRuns(line: string, fonts: readonly Coverage[]): TextRun[] {
  const { levels } = bidi.getEmbeddingLevels(bidiInput(line), 'ltr');
  const clusters: Cluster[] = Array.from(graphemes.segment(line), ({ segment, index }) => ({ text: segment, level: levels[index] ?? 0, font: fontFor(segment, fonts) }));

  // L1: spaces at the end of the line, and before a tab, take the paragraph's level.
  let trailing = true;
  for (let index = clusters.length - 1; index >= 0; index--) {
    const cluster = clusters[index]!;
    const type = bidi.getBidiCharTypeName(cluster.text);
    if (type === 'S') trailing = true;
    if (trailing && resetAtLineEnd.has(type)) cluster.level = 0;
    else trailing = false;
  }

  // L2: from the highest level to the lowest odd one, each sequence at that level or above is reversed.
  const order = [...clusters];
  const highest = Math.max(0, ...order.map((cluster) => cluster.level));
  for (let level = highest; level >= 1; level--) {
    let start = 0;
    while (start < order.length) {
      if (order[start]!.level < level) {
        start++;
        continue;
      }
      let end = start;
      while (end < order.length && order[end]!.level >= level) end++;
      order.splice(start, end - start, ...order.slice(start, end).reverse());
      start = end;
    }
  }

  // L4: right to left, a character with a mirror image is drawn as it.
  for (const cluster of order) {
    if (cluster.level % 2 === 1) cluster.text = Array.from(cluster.text, (character) => bidi.getMirroredCharacter(character) ?? character).join('');
  }

  const runs: Array<{ font: number; level: number; clusters: string[] }> = [];
  for (const cluster of order) {
    const last = runs.at(-1);
    if (last && last.font === cluster.font && last.level === cluster.level) last.clusters.push(cluster.text);
    else runs.push({ font: cluster.font, level: cluster.level, clusters: [cluster.text] });
  }
  return runs.map(({ font, level, clusters: drawn }) => {
    if (level % 2 === 0) return { font, level, text: drawn.join('') };
    // Drawn right to left: the font lays out letters that read so (its shaping needs them in
    // reading order); anything else (spaces, brackets, emoji) is handed over in the order drawn.
    const reading = [...drawn].reverse().join('');
    return { font, level, text: hasRightToLeftLetters(reading) ? reading : drawn.join('') };
  });
}
