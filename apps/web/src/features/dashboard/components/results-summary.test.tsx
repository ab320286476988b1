import type { ValuesResult } from '@app/contract/assessment-results';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../dashboard-texts';
import { ResultsSummary } from './results-summary.tsx';

// The dashboard's Top 10 values card (issue 16): the centred scores said in words against the
// person's own average, with the ranks; no raw -0.5...0.5 axis.

const labels = ['Self-direction', 'Benevolence', 'Universalism', 'Achievement', 'Stimulation', 'Security', 'Hedonism', 'Conformity', 'Tradition', 'Power'];
const centred = [1.05, 0.55, 0.3, 0.1, -0.05, -0.2, -0.45, -0.5, -0.9, -1.4];

const values: ValuesResult = {
  scoring_version: 'v1',
  completed_at: '2026-11-20T10:00:00.000Z',
  flags: [],
  overall_mean: 4,
  top_values: labels.map((label, index) => ({ id: label.toLowerCase(), label, mean: 4 + (centred[index] ?? 0), centred: centred[index] ?? 0, rank: index + 1 })),
  higher_order: [],
};

function renderValues() {
  // The app's i18n instance (lib/i18n.ts, loaded with the dashboard's texts) is react-i18next's.
  render(<ResultsSummary results={{ big5: null, environment: null, values }} />);
  return screen.getByRole('region', { name: 'Top 10 values' });
}

describe('dashboard results: Top 10 values', () => {
  it('says how important each value is compared with the person’s average value, in rank order', () => {
    const items = within(within(renderValues()).getByRole('list', { name: 'Your values, the most important first' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1.Self-directionMuch more important than your average value',
      '2.BenevolenceMuch more important than your average value',
      '3.UniversalismMore important than your average value',
      '4.AchievementAbout as important as your average value',
      '5.StimulationAbout as important as your average value',
      '6.SecurityLess important than your average value',
      '7.HedonismLess important than your average value',
      '8.ConformityMuch less important than your average value',
      '9.TraditionMuch less important than your average value',
      '10.PowerMuch less important than your average value',
    ]);
  });

  it('shows no raw centred numbers, only words and ranks', () => {
    const region = renderValues();
    expect(region).not.toHaveTextContent(/-?\d+\.\d+/);
    expect(within(region).getByText(/compared with your own average over all ten/)).toBeInTheDocument();
  });
});
