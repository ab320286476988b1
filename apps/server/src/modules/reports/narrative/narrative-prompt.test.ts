import { loadBanks } from '@app/assessments/load-banks';
import { composeReport } from '@app/assessments/reports/compose-report';
import { toResultsResponse } from '@app/assessments/results-response';
import { scoreBig5 } from '@app/assessments/scoring/big5';
import { scoreEnvironment } from '@app/assessments/scoring/environment';
import { scoreValues } from '@app/assessments/scoring/values';
import type { ReportBlock, ReportDocument } from '@app/contract/reports';
import { describe, expect, it } from 'vitest';
import { cleanNarrative, narrativeMaxLength } from './narrative-client.ts';
import { narrativeInput, narrativeMessages } from './narrative-prompt.ts';

function score(id: string, label: string, value: number, band: 'low' | 'average' | 'high'): ReportBlock {
  return { kind: 'score', id, label, score: value, band, band_label: band, error_band: { low: value - 5, high: value + 5 }, percentiles: [], norm_note: '' };
}

const paragraph = (text: string): ReportBlock => ({ kind: 'paragraph', text });

function documentOf(type: ReportDocument['type'], sections: ReportDocument['sections']): ReportDocument {
  return {
    type,
    title: 'A title',
    person_name: 'Ana Silva',
    language: 'en',
    edition: 1,
    generated_at: '2026-11-26T08:00:00.000Z',
    purchased_at: '2026-11-25T08:00:00.000Z',
    answers_date: '2026-11-24T08:00:00.000Z',
    scoring_versions: ['big5:1'],
    summary: { sentences: ['Ana Silva is curious.'], highlights: [] },
    sections,
  };
}

describe('the narrative request', () => {
  it('holds the report type and each scale’s name, rounded score and band, and nothing of the texts or the name', () => {
    const document = documentOf('big5', [
      { id: 'overview', title: 'Overview', blocks: [paragraph('Ana Silva, this is about you.')], subsections: [] },
      {
        id: 'section-openness',
        title: 'Openness',
        blocks: [score('openness', 'Openness', 81.4, 'high')],
        subsections: [{ id: 'section-openness-imagination', title: 'Imagination', blocks: [score('imagination', 'Imagination', 70, 'high')], subsections: [] }],
      },
      { id: 'section-neuroticism', title: 'Emotional sensitivity', blocks: [score('neuroticism', 'Emotional sensitivity', 22, 'low')], subsections: [] },
    ]);
    const [system, user] = narrativeMessages(narrativeInput(document));
    expect(system?.role).toBe('system');
    expect(user).toEqual({
      role: 'user',
      content: [
        'Report: BIG5 personality report',
        'Scores run from 0 to 100; each has a band: low, average or high.',
        '',
        'BIG5 personality report:',
        '- Openness: 81 (high)',
        '- Imagination: 70 (high)',
        '- Emotional sensitivity: 22 (low)',
      ].join('\n'),
    });
    expect(JSON.stringify([system, user])).not.toContain('Ana');
  });

  it('names the parts of the complete profile', () => {
    const document = documentOf('complete', [
      { id: 'intro', title: 'Ana Silva’s profile', blocks: [paragraph('Hello Ana Silva.')], subsections: [] },
      { id: 'section-big5', title: 'Personality (BIG5)', blocks: [], subsections: [{ id: 'o', title: 'Openness', blocks: [score('openness', 'Openness', 60, 'average')], subsections: [] }] },
      { id: 'section-values', title: 'Values', blocks: [], subsections: [{ id: 'a', title: 'Achievement', blocks: [score('achievement', 'Achievement', 30, 'low')], subsections: [] }] },
    ]);
    expect(narrativeInput(document)).toEqual({
      report: 'Complete profile',
      parts: [
        { title: 'Personality (BIG5)', scores: [{ scale: 'Openness', score: 60, band: 'average' }] },
        { title: 'Values', scores: [{ scale: 'Achievement', score: 30, band: 'low' }] },
      ],
    });
  });
});

describe('the narrative request of a composed complete profile', () => {
  it('holds every scale of its three parts, the values read from their overview chart', () => {
    const banks = loadBanks();
    const answers = (items: ReadonlyArray<{ id: string }>, choices: number) => new Map(items.map((item, index) => [item.id, 1 + (index % choices)]));
    const results = toResultsResponse({
      environment: { scores: scoreEnvironment(banks.environment, answers(banks.environment.items, 5)), completedAt: '2026-10-20T09:00:00.000Z', flags: [] },
      big5: { scores: scoreBig5(banks.big5, answers(banks.big5.items, 5)), completedAt: '2026-11-01T10:00:00.000Z', flags: [] },
      values: { scores: scoreValues(banks.values, answers(banks.values.items, 6)), completedAt: '2026-11-02T18:30:00.000Z', flags: [] },
    });
    const document = composeReport({ type: 'complete', personName: 'Ana Silva', edition: 1, generatedAt: new Date(), purchasedAt: new Date(), results });
    const { parts } = narrativeInput(document);
    expect(parts.map((part) => [part.title, part.scores.length])).toEqual([
      ['Personality (BIG5)', 5],
      ['Values', 10],
      ['Work environment', 10],
    ]);
    expect(new Set(parts[1]?.scores.map((score) => score.scale))).toEqual(new Set(['Self-direction', 'Stimulation', 'Hedonism', 'Achievement', 'Power', 'Security', 'Conformity', 'Tradition', 'Benevolence', 'Universalism']));
  });
});

describe('cleanNarrative', () => {
  it('keeps plain paragraphs, trimmed, with one blank line between them', () => {
    expect(cleanNarrative('  \n You are curious.  \r\n\r\n\r\n\tYou act.\n ')).toBe('You are curious.\n\nYou act.');
  });

  it('drops control characters, heading marks and bold markers; markup stays text for the web to escape', () => {
    expect(cleanNarrative('## Your story\n**You** lead\u0007 <b>calmly</b>.')).toBe('Your story\nYou lead <b>calmly</b>.');
  });

  it('cuts a reply that runs too long at a sentence’s end', () => {
    const long = 'This sentence is about ten words long, more or less. '.repeat(200);
    const cleaned = cleanNarrative(long);
    expect(cleaned.length).toBeLessThanOrEqual(narrativeMaxLength);
    expect(cleaned.endsWith('less.')).toBe(true);
    expect(cleanNarrative('x'.repeat(narrativeMaxLength + 10))).toHaveLength(narrativeMaxLength + 1);
  });
});
