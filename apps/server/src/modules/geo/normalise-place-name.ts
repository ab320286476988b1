// One spelling for comparing place names: what a user types on an English keyboard.
// 'Zürich' -> 'zurich', 'Saint-Étienne' -> 'saint etienne', 'Łódź' -> 'lodz', 'L'Aquila' -> 'laquila'.

// Letters that Unicode does not decompose into a base letter plus marks.
const foldedLetters: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŀ: 'l',
  ĸ: 'k',
  ŋ: 'n',
  ſ: 's',
};
const foldable = new RegExp(`[${Object.keys(foldedLetters).join('')}]`, 'gu');
const combiningMarks = /\p{M}/gu;
// Apostrophes and okina vanish inside a word, so "L'Aquila" and "LAquila" meet.
const apostrophes = /['’‘ʼʻ`´]/gu;
const separators = /[^\p{L}\p{N}]+/gu;
const plainAscii = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

export function normalisePlaceName(text: string): string {
  const lower = text.toLowerCase();
  // Most names are plain ASCII words already; skip the Unicode passes for them.
  if (plainAscii.test(lower)) return lower;
  return lower
    .normalize('NFD')
    .replace(combiningMarks, '')
    .replace(foldable, (letter) => foldedLetters[letter] ?? letter)
    .replace(apostrophes, '')
    .replace(separators, ' ')
    .trim();
}

// Also the decomposed form: 'u' followed by a combining diaeresis.
const germanUmlauts = /[äöüÄÖÜ]|\u0308/u;
const germanSpelling: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue' };

/**
 * The spelling a German speaker types without umlauts ('Zürich' -> 'zuerich', 'Köln' -> 'koeln'),
 * or null when the name has none. Indexed next to the plain spelling so both find the place.
 */
export function germanTransliteration(name: string): string | null {
  if (!germanUmlauts.test(name)) return null;
  const lower = name.normalize('NFC').toLowerCase();
  return normalisePlaceName(lower.replace(/[äöü]/gu, (letter) => germanSpelling[letter] ?? letter));
}
