import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMediaQuery } from './use-media-query.ts';

function Probe({ whenUnknown }: { whenUnknown: boolean }) {
  return <p>{useMediaQuery('(min-width: 48rem)', whenUnknown) ? 'wide' : 'narrow'}</p>;
}

/** A stand-in for the browser's matchMedia (jsdom has none): one list whose answer the test changes. */
function fakeMatchMedia(initially: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches: initially,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: () => list });
  return {
    change(matches: boolean) {
      list.matches = matches;
      listeners.forEach((listener) => listener());
    },
    listeners,
  };
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('useMediaQuery', () => {
  it('answers what the browser says and follows its changes', () => {
    const media = fakeMatchMedia(false);
    const { unmount } = render(<Probe whenUnknown />);
    expect(screen.getByText('narrow')).toBeInTheDocument();
    act(() => media.change(true));
    expect(screen.getByText('wide')).toBeInTheDocument();
    unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('answers the given default where the browser cannot tell', () => {
    render(<Probe whenUnknown={false} />);
    expect(screen.getByText('narrow')).toBeInTheDocument();
  });
});
