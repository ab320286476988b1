import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePreparedLater } from './use-prepared-later.ts';

function Preparing({ prepare, label }: { prepare: () => void; label: string }) {
  usePreparedLater(prepare);
  return <p>{label}</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('usePreparedLater', () => {
  it('prepares once, in a task after the first drawing, not during it, and not again when drawn again', () => {
    vi.useFakeTimers();
    const prepare = vi.fn();
    const view = render(<Preparing prepare={prepare} label="first" />);
    expect(prepare).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(prepare).toHaveBeenCalledWith();
    view.rerender(<Preparing prepare={prepare} label="second" />);
    vi.runAllTimers();
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('prepares nothing when the component is gone before its task comes', () => {
    vi.useFakeTimers();
    const prepare = vi.fn();
    const view = render(<Preparing prepare={prepare} label="gone" />);
    view.unmount();
    vi.runAllTimers();
    expect(prepare).not.toHaveBeenCalled();
  });
});
