import { t as translate } from './i18n';

// 'A, B, and C' in the interface's language, from its texts (global.list in locales/en.json), so a
// list reads like the sentence around it. Intl.ListFormat would do the same, but building the
// first one loads its language's data: about 10 ms on the dashboard's first render of results on
// a slow phone, all of it in the task that draws them.

/** The items as a list ('BIG5 and Environment'; 'BIG5, Environment, and Values'). */
export function formatList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  const last = items.at(-1) ?? '';
  if (items.length === 2) return translate('global.list.pair', { first: items[0], last });
  return translate('global.list.series', { others: items.slice(0, -1).join(translate('global.list.separator')), last });
}
