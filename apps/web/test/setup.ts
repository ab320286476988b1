import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// Preact runs effects after the next frame. jsdom paints no frames, so Preact would wait its 35 ms
// fallback each time, after a test's next assertion; a browser's frame comes within 16 ms. The next
// task stands in for the frame.
options.requestAnimationFrame = (afterPaint) => {
  setTimeout(afterPaint);
};
