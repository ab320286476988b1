import { useEffect, useState } from 'react';
import { showBeforePrint } from './when-visible';

// A long page (a report: ten sections of text, scores and tables) drawn in one render is one long
// task on a phone: about 60 ms on this machine, four times that on Lighthouse's phone, during which
// a tap waits. Drawn part by part, the first screen comes in the render that brings the data and
// each further part in a task of its own, a frame apart: all of it well before a reader scrolls.

/**
 * How many of `total` parts to draw: `first` at once, then one more after each frame, until all.
 * A link to a part (the address has a #fragment) and a print draw them all at once.
 */
export function useProgressiveCount(total: number, first: number): number {
  const [count, setCount] = useState(() => (window.location.hash === '' ? first : Number.POSITIVE_INFINITY));
  const drawn = Math.min(count, total);

  useEffect(() => {
    if (drawn >= total) return undefined;
    const stopWaiting = showBeforePrint(() => setCount(Number.POSITIVE_INFINITY));
    const timer = setTimeout(() => setCount((current) => current + 1), 0);
    return () => {
      clearTimeout(timer);
      stopWaiting();
    };
  }, [drawn, total]);

  return drawn;
}
