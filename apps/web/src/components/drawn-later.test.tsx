import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DrawnLater } from './drawn-later.tsx';

/** Runs the timers due now, one task after another, the way the browser would. */
const nextTask = () => act(() => vi.advanceTimersToNextTimer());

describe('DrawnLater', () => {
  it('draws its parts in the order of `after`, one task apart, without drawing its parent again', () => {
    vi.useFakeTimers();
    try {
      let parentRenders = 0;
      function Form() {
        parentRenders += 1;
        return (
          <div>
            <p>heading</p>
            <DrawnLater>
              <p>billing</p>
            </DrawnLater>
            <DrawnLater after={2}>
              <p>card</p>
            </DrawnLater>
            <DrawnLater after={3}>
              <p>pay</p>
            </DrawnLater>
          </div>
        );
      }
      render(<Form />);
      const drawn = () => screen.queryAllByText(/heading|billing|card|pay/).map((part) => part.textContent);
      expect(drawn()).toEqual(['heading']);
      nextTask();
      expect(drawn()).toEqual(['heading', 'billing']);
      // Each part counts its own tasks: the card and Pay come a task apart, each in its own task.
      for (let task = 0; task < 5 && drawn().length < 4; task += 1) nextTask();
      expect(drawn()).toEqual(['heading', 'billing', 'card', 'pay']);
      expect(parentRenders).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws at once before the page is printed', () => {
    render(
      <DrawnLater after={3}>
        <p>pay</p>
      </DrawnLater>,
    );
    expect(screen.queryByText('pay')).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByText('pay')).toBeInTheDocument();
  });
});
