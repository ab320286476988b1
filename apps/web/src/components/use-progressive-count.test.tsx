import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useProgressiveCount } from './use-progressive-count.ts';

function Parts({ total, first }: { total: number; first: number }) {
  const drawn = useProgressiveCount(total, first);
  return (
    <ol>
      {Array.from({ length: drawn }, (_, index) => (
        <li key={index}>part {index + 1}</li>
      ))}
    </ol>
  );
}

const drawnParts = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('useProgressiveCount', () => {
  it('draws the first parts at once and the others one by one after them', async () => {
    render(<Parts total={4} first={2} />);
    expect(drawnParts()).toEqual(['part 1', 'part 2']);
    expect(await screen.findByText('part 4')).toBeInTheDocument();
    expect(drawnParts()).toEqual(['part 1', 'part 2', 'part 3', 'part 4']);
  });

  it('never draws more parts than there are', async () => {
    render(<Parts total={1} first={3} />);
    expect(drawnParts()).toEqual(['part 1']);
  });

  it('draws every part at once when the address links to one of them', () => {
    window.history.replaceState(null, '', '/report#section-values');
    render(<Parts total={4} first={1} />);
    expect(drawnParts()).toEqual(['part 1', 'part 2', 'part 3', 'part 4']);
  });

  it('draws every part before the page is printed', () => {
    render(<Parts total={5} first={1} />);
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(drawnParts()).toHaveLength(5);
  });
});
