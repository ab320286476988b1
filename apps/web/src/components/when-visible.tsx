import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

// Issue 14 (web budgets): charts are drawn by recharts (about 100 KB gzipped), which no first
// screen on a phone shows: the dashboard's and the report's charts sit below its fold. Their
// drawings mount (and their chunk loads) when the box comes near the viewport, or before printing;
// until then the box keeps its size (its className gives the height), so nothing shifts.

/** How far below the viewport a box starts loading, so a scrolling reader rarely sees it empty. */
const rootMargin = '300px 0px';

/** Every box still waiting, so a print can show them all at once (showAllWhenVisible). */
const waiting = new Set<() => void>();

/**
 * Calls `show` before the page is printed (Ctrl+P, or the report's Print button through
 * showAllWhenVisible) until the returned function stops it: what a page draws later must be there
 * on paper.
 */
export function showBeforePrint(show: () => void): () => void {
  waiting.add(show);
  window.addEventListener('beforeprint', show);
  return () => {
    waiting.delete(show);
    window.removeEventListener('beforeprint', show);
  };
}

/**
 * Mounts every waiting box's content now, and resolves once `load` (the import of their lazy
 * module) has and React has drawn them: the report's Print button calls it before printing.
 */
export async function showAllWhenVisible(load: () => Promise<unknown>): Promise<void> {
  for (const show of waiting) show();
  await load();
  // Two frames: the lazy components render, then the charts measure their boxes and draw.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

export interface WhenVisibleProps {
  /** Size classes of the box: the drawing's own, kept while it is not there. */
  className?: string;
  /** Lazily loaded content (React.lazy): its import starts when the box is near the viewport. */
  children: ReactNode;
}

export function WhenVisible({ className, children }: WhenVisibleProps) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (visible || !element) return undefined;
    // Without an observer (tests' jsdom, old browsers) the content shows at once.
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    }, { rootMargin });
    observer.observe(element);
    // A print shows every chart (Ctrl+P: those whose chunk is loaded by then; the report's Print
    // button waits for them, showAllWhenVisible).
    const stopWaiting = showBeforePrint(() => setVisible(true));
    return () => {
      observer.disconnect();
      stopWaiting();
    };
  }, [visible]);

  return (
    <div ref={box} className={className}>
      {visible && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}
