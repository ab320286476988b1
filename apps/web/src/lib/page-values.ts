import { useEffect, useSyncExternalStore } from 'react';

// What a page knows only once its data has loaded (an organisation's name) and its breadcrumbs
// show: the page sets a named value, the layout's crumb that names it reads it (page-handle.ts
// `Crumb.valueName`). One small store, so the page and the layout never disagree; a value lives
// while the page that set it is shown.

export type PageValues = Readonly<Record<string, string>>;

let values: PageValues = {};
const listeners = new Set<() => void>();

function update(next: PageValues): void {
  values = next;
  listeners.forEach((listener) => listener());
}

export const pageValuesStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): PageValues => values,
  set(name: string, value: string): void {
    if (values[name] !== value) update({ ...values, [name]: value });
  },
  remove(name: string): void {
    if (!(name in values)) return;
    const { [name]: _removed, ...rest } = values;
    update(rest);
  },
};

/** The values the current page has set. */
export function usePageValues(): PageValues {
  return useSyncExternalStore(pageValuesStore.subscribe, pageValuesStore.getSnapshot, pageValuesStore.getSnapshot);
}

/** Sets `name` to `value` while the calling page is shown (nothing while `value` is undefined). */
export function usePageValue(name: string, value: string | undefined): void {
  useEffect(() => {
    if (value === undefined) return;
    pageValuesStore.set(name, value);
    return () => pageValuesStore.remove(name);
  }, [name, value]);
}
