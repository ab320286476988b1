import type { Big5Result, EnvironmentResult, ValuesResult } from '@app/contract/assessment-results';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../dashboard-texts';
import { ResultsInWords } from './results-in-words.tsx';

// The dashboard says the results in words before its charts (issue 16), from the person's own
// scores, bands and ranks only.

const header = { scoring_version: 'v1', completed_at: '2026-11-20T10:00:00.000Z', flags: [] };

function big5(scores: Array<[string, number, 'low' | 'average' | 'high']>): Big5Result {
  return {
    ...header,
    traits: scores.map(([label, score, band]) => ({ id: label.toLowerCase(), label, mean: 1 + (score / 100) * 4, score, band, facets: [] })),
    emotional_stability: { id: 'emotional_stability', label: 'Emotional stability', score: 50, band: 'average' },
  };
}

const environment: EnvironmentResult = {
  ...header,
  overall_mean: 3.5,
  scales: [],
  top_work_values: [
    { id: 'autonomy', label: 'Autonomy', centred: 0.8, rank: 1 },
    { id: 'support', label: 'Support', centred: 0.5, rank: 2 },
    { id: 'recognition', label: 'Recognition', centred: 0.2, rank: 3 },
  ],
  culture_mix: [
    { id: 'collaborative', label: 'Collaborative', share: 22 },
    { id: 'innovative', label: 'Innovative', share: 41 },
    { id: 'results', label: 'Results-driven', share: 17 },
    { id: 'structured', label: 'Structured', share: 20 },
  ],
};

function values(ranks: number[]): ValuesResult {
  const labels = ['Benevolence', 'Universalism', 'Achievement', 'Power'];
  return {
    ...header,
    overall_mean: 4,
    top_values: labels.map((label, index) => ({ id: label.toLowerCase(), label, mean: 4, centred: 1 - index, rank: ranks[index] ?? index + 1 })),
    higher_order: [],
  };
}

function lines() {
  const group = screen.getByRole('group', { name: 'You in a few words' });
  return within(group)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('dashboard results in words', () => {
  it('names the highest and lowest trait, the top work values and culture, and the values that drive the person most and least', () => {
    render(
      <ResultsInWords
        results={{
          big5: big5([
            ['Openness', 81.3, 'high'],
            ['Conscientiousness', 52, 'average'],
            ['Extraversion', 20.4, 'low'],
          ]),
          environment,
          values: values([1, 2, 3, 4]),
        }}
      />,
    );
    expect(lines()).toEqual([
      'Of the five traits, your answers put you highest on Openness (81 of 100, high) and lowest on Extraversion (20 of 100, low).',
      'At work, Autonomy, Support, and Recognition matter most to you, and your culture mix leans to Innovative (41%).',
      'Of your ten basic values, Benevolence drives you most; Power matters least to you.',
    ]);
  });

  it('says when every trait is in one band, and names values that share the first rank together', () => {
    render(
      <ResultsInWords
        results={{
          big5: big5([
            ['Openness', 48, 'average'],
            ['Agreeableness', 42, 'average'],
            ['Conscientiousness', 52, 'average'],
          ]),
          environment: null,
          values: values([1, 1, 3, 4]),
        }}
      />,
    );
    expect(lines()).toEqual([
      'All five traits are in the average band for you, from Agreeableness (42 of 100) to Conscientiousness (52 of 100).',
      'Of your ten basic values, Benevolence and Universalism drive you most; Power matters least to you.',
    ]);
  });

  it('says nothing while no assessment has results', () => {
    const { container } = render(<ResultsInWords results={{ big5: null, environment: null, values: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
