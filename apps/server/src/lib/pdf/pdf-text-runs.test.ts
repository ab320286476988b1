import { describe, expect, it } from 'vitest';
import { afterEllipsis, fontFor, hasRightToLeftLetters, visualRuns, type Coverage } from './pdf-text-runs.ts';

// Fonts that cover what the PDFs' fonts cover, by range: the text face (Latin), then Arabic, Hebrew
// (both with ASCII, as Noto Sans has) and emoji (with digits, joiner and variation selector).
const covers = (test: (codePoint: number) => boolean): Coverage => ({ hasGlyphForCodePoint: test });
const latin = 0;
const arabic = 1;
const hebrew = 2;
const emoji = 3;
const fonts = [
  covers((codePoint) => codePoint < 0x250),
  covers((codePoint) => codePoint < 0x80 || (codePoint >= 0x600 && codePoint <= 0x6ff)),
  covers((codePoint) => codePoint < 0x80 || (codePoint >= 0x590 && codePoint <= 0x5ff)),
  covers((codePoint) => (codePoint >= 0x30 && codePoint <= 0x39) || codePoint === 0x200d || codePoint === 0xfe0f || /\p{Extended_Pictographic}/u.test(String.fromCodePoint(codePoint))),
];

describe('a line split into runs', () => {
  it('stands Latin, Arabic, Hebrew, emoji and digits in the order of the bidirectional algorithm, each in its font', () => {
    // Left to right on the paper: "Ada (", the Arabic words from the right ("نور" read first, so
    // drawn last), ") ", then the Hebrew word, the emoji and the digits, which follow the Arabic
    // letters and so read right to left among them, each number itself left to right ("42"); the
    // last emoji, between Hebrew and Latin, takes the page's direction.
    expect(visualRuns('Ada (نور الهدى) 42 👩‍💻 דוד 🎉 Lovelace', fonts)).toEqual([
      { font: latin, level: 0, text: 'Ada (' },
      { font: arabic, level: 1, text: 'الهدى' },
      { font: latin, level: 1, text: ' ' },
      { font: arabic, level: 1, text: 'نور' },
      { font: latin, level: 0, text: ') ' },
      { font: hebrew, level: 1, text: 'דוד' },
      { font: latin, level: 1, text: ' ' },
      { font: emoji, level: 1, text: '👩‍💻' },
      { font: latin, level: 1, text: ' ' },
      { font: latin, level: 2, text: '42' },
      { font: latin, level: 0, text: ' ' },
      { font: emoji, level: 0, text: '🎉' },
      { font: latin, level: 0, text: ' Lovelace' },
    ]);
  });

  it('mirrors brackets drawn right to left and hands over runs without letters in the order drawn', () => {
    // "דוד (כהן)" read from the right: the bracket drawn leftmost is the closing one, mirrored.
    expect(visualRuns('דוד (כהן)', fonts)).toEqual([
      { font: latin, level: 1, text: '(' },
      { font: hebrew, level: 1, text: 'כהן' },
      { font: latin, level: 1, text: ') ' },
      { font: hebrew, level: 1, text: 'דוד' },
    ]);
  });

  it('keeps a line the text face draws as one run, and a space at the end of a line in the page’s direction', () => {
    expect(visualRuns('Zoë Łukasiewicz', fonts)).toEqual([{ font: latin, level: 0, text: 'Zoë Łukasiewicz' }]);
    expect(visualRuns('نور ', fonts)).toEqual([
      { font: arabic, level: 1, text: 'نور' },
      { font: latin, level: 0, text: ' ' },
    ]);
  });
});

describe('the font of a letter', () => {
  it('is the first font with every character of it, an emoji sequence kept whole', () => {
    expect(fontFor('A', fonts)).toBe(latin);
    expect(fontFor('ن', fonts)).toBe(arabic);
    expect(fontFor('ש', fonts)).toBe(hebrew);
    expect(fontFor('👩‍💻', fonts)).toBe(emoji);
    expect(fontFor('❤️', fonts)).toBe(emoji);
  });

  it('is the first that lacks only a mark or format character, else the text face (which prints ?)', () => {
    expect(fontFor('e\u0301', fonts)).toBe(latin);
    expect(fontFor('中', fonts)).toBe(latin);
  });
});

describe('right-to-left letters', () => {
  it('are Hebrew and Arabic letters, not Arabic-Indic digits, Latin or emoji', () => {
    expect(hasRightToLeftLetters('نور')).toBe(true);
    expect(hasRightToLeftLetters('דוד')).toBe(true);
    expect(hasRightToLeftLetters('١٢٣')).toBe(false);
    expect(hasRightToLeftLetters('Ada 🎉')).toBe(false);
  });

  it('keep an ellipsis after them at their end: a right-to-left mark follows it', () => {
    expect(afterEllipsis('Ada نور 42')).toBe('\u200f');
    expect(afterEllipsis('نور Ada')).toBe('');
  });
});
