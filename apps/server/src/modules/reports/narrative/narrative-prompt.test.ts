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
