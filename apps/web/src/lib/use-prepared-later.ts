import { useEffect } from 'react';

/**
 * Runs `prepare` once, in a task of its own after the component is first drawn: for work that
 * costs several milliseconds the first time (Intl loading its language data) and that a later
 * render would otherwise do inside a long task, such as the one that brings a page's data.
 */
export function usePreparedLater(prepare: () => unknown): void {
  useEffect(() => {
    const timer = setTimeout(() => void prepare(), 0);
    return () => clearTimeout(timer);
    // Once: what it prepares does not change with the component's props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
