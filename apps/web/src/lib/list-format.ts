// 'A, B and C' in the reader's language. Intl.ListFormat loads its language's data when built,
// which took about 2 ms a time on a phone's first dashboard render (three sentences): one per
// language is kept.

const formats = new Map<string, Intl.ListFormat | null>();

/** The items as a list ('BIG5 and Environment'); joined with commas where the language is unknown. */
export function formatList(items: string[], language: string): string {
  let format = formats.get(language);
  if (format === undefined) {
    try {
      format = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
    } catch {
      // A language tag the runtime refuses (RangeError).
      format = null;
    }
    formats.set(language, format);
  }
  return format ? format.format(items) : items.join(', ');
}
