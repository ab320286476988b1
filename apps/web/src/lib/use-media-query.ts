import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the CSS media query matches, following its changes (a window resized, a phone turned).
 * Where the browser cannot tell (no matchMedia, as in jsdom), `whenUnknown`.
 */
export function useMediaQuery(query: string, whenUnknown: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(query).matches ?? whenUnknown);
}
