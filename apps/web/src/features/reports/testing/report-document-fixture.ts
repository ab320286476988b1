import type { ReportDocument, ReportListItem, ReportView } from '@app/contract/reports';

// A report as the server sends it, with every block kind of the contract at least once, for the
// reports pages' tests (and the screenshots of the pages). Changed per test by overriding fields.

export const reportId = '7d0a5c2e-6b1f-4f3e-9a61-2f0c1b9e8d47';

/** A row of GET /api/reports: a ready BIG5 report, bought and not yet opened. */
export function reportListItemFixture(overrides: Partial<ReportListItem> = {}): ReportListItem {
  return {
    id: reportId,
    type: 'big5',
    title: 'BIG5 personality report',
    status: 'ready',
    generated_at: '2026-03-12T09:30:00.000Z',
    page_count: 14,
    purchased_at: '2026-03-12T09:28:00.000Z',
    created_at: '2026-03-12T09:28:00.000Z',
    is_new: false,
    waiting_for: [],
    edition: 1,
    ...overrides,
  };
}

/** A document with sections, a nested subsection and each of the eight block kinds. */
export function reportDocumentFixture(overrides: Partial<ReportDocument> = {}): ReportDocument {
  return {
    type: 'big5',
    title: 'BIG5 personality report',
    // Markup in a name stays text: the page must never interpret it.
    person_name: 'Ada <b>Lovelace</b>',
    language: 'en',
    edition: 1,
    generated_at: '2026-03-12T09:30:00.000Z',
    purchased_at: '2026-03-12T09:28:00.000Z',
    answers_date: '2026-03-10T18:04:00.000Z',
    scoring_versions: ['big5:1', 'scoring:1'],
    summary: {
      sentences: [
        'You are curious and open to new ideas.',
        'You plan ahead and like to finish what you start.',
        'You recharge best in small groups.',
        'You are warm and cooperative with others.',
        'You stay calm under pressure.',
      ],
      highlights: [
        { label: 'High openness', text: 'New ideas energise you more than most people.' },
        { label: 'Calm under pressure', text: 'Setbacks rarely throw you off course.' },
        { label: 'Reserved', text: 'You think before you speak.' },
      ],
    },
    sections: [
      {
        id: 'section-overview',
        title: 'Your five traits at a glance',
        blocks: [
          { kind: 'paragraph', text: 'The BIG5 model describes personality along five broad traits.' },
          {
            kind: 'callout',
            tone: 'info',
            title: 'How to read this report',
            text: 'Scores run from 0 to 100. The shaded bands show where most people fall.',
          },
          {
            kind: 'bar_chart',
            title: 'Your five traits',
            alt: 'Openness is high at 81, conscientiousness average at 62, extraversion low at 31, agreeableness average at 56, neuroticism low at 25.',
            zones: { low_below: 35, high_above: 65 },
            bars: [
              { id: 'openness', label: 'Openness', score: 81.3, band: 'high', error_band: { low: 74, high: 88 } },
              { id: 'conscientiousness', label: 'Conscientiousness', score: 62.5, band: 'average', error_band: { low: 55, high: 70 } },
              { id: 'extraversion', label: 'Extraversion', score: 31.3, band: 'low', error_band: { low: 24, high: 38 } },
              { id: 'agreeableness', label: 'Agreeableness', score: 56.3, band: 'average', error_band: { low: 49, high: 63 } },
              { id: 'neuroticism', label: 'Neuroticism', score: 25, band: 'low', error_band: { low: 18, high: 32 } },
            ],
          },
        ],
        subsections: [],
      },
      {
        id: 'section-openness',
        title: 'Openness',
        blocks: [
          {
            kind: 'score',
            id: 'openness',
            label: 'Openness',
            score: 81.3,
            band: 'high',
            band_label: 'High',
            error_band: { low: 74, high: 88 },
            percentiles: [{ group: 'everyone', group_label: 'everyone', value: 84, group_size: 1520 }],
            norm_note: 'Compared with 1,520 people who took the same questionnaire.',
          },
          { kind: 'list', style: 'strengths', title: 'Your strengths', items: ['You spot new possibilities.', 'You learn quickly.'] },
          { kind: 'list', style: 'risks', title: 'What to watch for', items: ['Routine work may bore you.'] },
          { kind: 'list', style: 'steps', title: 'A plan for the next month', items: ['Pick one idea.', 'Test it with a colleague.', 'Decide.'] },
        ],
        subsections: [
          {
            id: 'section-openness-imagination',
            title: 'Imagination',
            blocks: [
              { kind: 'paragraph', text: 'You enjoy thinking about what could be.' },
              {
                kind: 'callout',
                tone: 'caution',
                title: 'Interpret with caution',
                text: 'Many answers were given very quickly.',
              },
            ],
            subsections: [],
          },
        ],
      },
      {
        id: 'section-values',
        title: 'Your values',
        blocks: [
          {
            kind: 'values_circle',
            title: 'Your values circle',
            alt: 'Self-direction and benevolence matter most to you; power matters least.',
            values: [
              { id: 'self_direction', label: 'Self-direction', centred: 0.9, rank: 1, motive: 'openness_to_change' },
              { id: 'stimulation', label: 'Stimulation', centred: 0.3, rank: 4, motive: 'openness_to_change' },
              { id: 'hedonism', label: 'Hedonism', centred: 0.1, rank: 5, motive: 'openness_to_change' },
              { id: 'achievement', label: 'Achievement', centred: 0.4, rank: 3, motive: 'self_enhancement' },
              { id: 'power', label: 'Power', centred: -1.2, rank: 10, motive: 'self_enhancement' },
              { id: 'security', label: 'Security', centred: -0.2, rank: 7, motive: 'conservation' },
              { id: 'conformity', label: 'Conformity', centred: -0.5, rank: 8, motive: 'conservation' },
              { id: 'tradition', label: 'Tradition', centred: -0.8, rank: 9, motive: 'conservation' },
              { id: 'benevolence', label: 'Benevolence', centred: 0.7, rank: 2, motive: 'self_transcendence' },
              { id: 'universalism', label: 'Universalism', centred: 0.0, rank: 6, motive: 'self_transcendence' },
            ],
            motives: [
              { id: 'openness_to_change', label: 'Openness to change', centred: 0.4 },
              { id: 'self_enhancement', label: 'Self-enhancement', centred: -0.4 },
              { id: 'conservation', label: 'Conservation', centred: -0.5 },
              { id: 'self_transcendence', label: 'Self-transcendence', centred: 0.35 },
            ],
          },
          {
            kind: 'table',
            caption: 'Your top 10 values',
            columns: ['Rank', 'Value'],
            rows: [
              ['1', 'Self-direction'],
              ['2', 'Benevolence'],
              ['3', 'Achievement'],
            ],
          },
          {
            kind: 'share_chart',
            title: 'Your culture mix',
            alt: 'Collaborative 40 %, innovative 30 %, results-driven 20 %, structured 10 %.',
            shares: [
              { id: 'collaborative', label: 'Collaborative', share: 40 },
              { id: 'innovative', label: 'Innovative', share: 30 },
              { id: 'results', label: 'Results-driven', share: 20 },
              { id: 'structured', label: 'Structured', share: 10 },
            ],
          },
          { kind: 'list', style: 'questions', title: 'Questions to ask an employer', items: ['How are decisions made here?'] },
          { kind: 'list', style: 'suggestions', title: 'Suggestions', items: ['Look for roles with room to shape your work.'] },
          { kind: 'list', style: 'plain', title: 'Good to know', items: ['Values change slowly over a lifetime.'] },
        ],
        subsections: [],
      },
    ],
    ...overrides,
  };
}

/** GET /api/reports/{type}/{id}: the ready report and its document, no update, no narrative. */
export function reportViewFixture(overrides: Partial<ReportView['data']> = {}): ReportView {
  return {
    data: {
      report: reportListItemFixture(),
      document: reportDocumentFixture(),
      update_available: false,
      narrative: null,
      ...overrides,
    },
  };
}
