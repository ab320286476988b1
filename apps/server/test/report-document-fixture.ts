import type { GeneratedReportType, ReportBlock, ReportDocument, ReportSection, ScoreBar } from '@app/contract/reports';
import { reportTitles } from '@app/contract/reports';

// Hand-made report documents of every type for the PDF tests and bench/report-pdf.mjs: every block
// kind, a complete profile long enough for about twenty pages, and a name outside Latin-1.

export const fixturePersonName = 'Zoë Łukasiewicz-Ğül Παπαδοπούλου';

const zones = { low_below: 35, high_above: 65 };

function band(score: number): ScoreBar['band'] {
  return score < zones.low_below ? 'low' : score > zones.high_above ? 'high' : 'average';
}

const bandLabels = { low: 'Low', average: 'Average', high: 'High' } as const;

function bar(id: string, label: string, score: number, error = 7): ScoreBar {
  return { id, label, score, band: band(score), error_band: { low: Math.max(0, score - error), high: Math.min(100, score + error) } };
}

function scoreBlock(id: string, label: string, score: number, withNorms: boolean): ReportBlock {
  const scored = bar(id, label, score);
  return {
    kind: 'score',
    id,
    label,
    score,
    band: scored.band,
    band_label: bandLabels[scored.band],
    error_band: scored.error_band,
    percentiles: withNorms
      ? [
          { group: 'everyone', group_label: 'everyone', value: Math.min(99, Math.max(1, Math.round(score * 0.9 + 4))), group_size: 1284 },
          { group: '25_39', group_label: 'people aged 25 to 39', value: Math.min(99, Math.max(1, Math.round(score * 0.85 + 8))), group_size: 412 },
        ]
      : [],
    norm_note: withNorms
      ? 'Percentiles compare you with people who answered the same questionnaire; the band comes from the norm group of everyone.'
      : 'There are not yet enough answers for norms, so the band comes from the scale itself.',
  };
}

function paragraph(text: string): ReportBlock {
  return { kind: 'paragraph', text };
}

const sentence = (topic: string, index: number) =>
  [
    `People with a similar result in ${topic} tend to notice this pattern most when they are under time pressure or when the people around them work differently.`,
    `In ${topic}, your answers place you close to the middle of the scale on some questions and clearly to one side on others, which makes the overall picture more nuanced than a single number can show.`,
    `None of this is fixed: ${topic} describes a preference you can lean on or balance, depending on what a situation asks of you and what you want from it.`,
    `Colleagues will often read your way of handling ${topic} as part of your personal style, so it helps to say out loud what you need and why.`,
  ][index % 4] ?? '';

function prose(topic: string, count: number, offset = 0): ReportBlock[] {
  return Array.from({ length: count }, (_, index) => paragraph(`${sentence(topic, index + offset)} ${sentence(topic, index + offset + 1)}`));
}

const traits = [
  { id: 'openness', label: 'Openness to experience', score: 78, facets: ['Imagination', 'Artistic interests', 'Emotionality', 'Adventurousness', 'Intellect', 'Liberalism'] },
  { id: 'conscientiousness', label: 'Conscientiousness', score: 62.5, facets: ['Self-efficacy', 'Orderliness', 'Dutifulness', 'Achievement striving', 'Self-discipline', 'Cautiousness'] },
  { id: 'extraversion', label: 'Extraversion', score: 31, facets: ['Friendliness', 'Gregariousness', 'Assertiveness', 'Activity level', 'Excitement seeking', 'Cheerfulness'] },
  { id: 'agreeableness', label: 'Agreeableness', score: 71, facets: ['Trust', 'Morality', 'Altruism', 'Cooperation', 'Modesty', 'Sympathy'] },
  { id: 'neuroticism', label: 'Emotional sensitivity', score: 44, facets: ['Anxiety', 'Anger', 'Depression', 'Self-consciousness', 'Immoderation', 'Vulnerability'] },
];

function traitSection(trait: (typeof traits)[number], index: number): ReportSection {
  const bars = trait.facets.map((facet, facetIndex) => bar(`${trait.id}_${facetIndex}`, facet, Math.round(Math.max(4, Math.min(96, trait.score + ((facetIndex * 17 + index * 11) % 41) - 20))), 9));
  return {
    id: `section-${trait.id}`,
    title: trait.label,
    blocks: [
      scoreBlock(trait.id, trait.label, trait.score, index % 2 === 0),
      ...prose(trait.label.toLowerCase(), 3, index),
      {
        kind: 'bar_chart',
        title: `${trait.label}: your six facets`,
        alt: `Bar chart of the six facets of ${trait.label.toLowerCase()} on 0 to 100: ${bars.map((facet) => `${facet.label} ${facet.score} (${facet.band})`).join(', ')}.`,
        zones,
        bars,
      },
      { kind: 'list', style: 'strengths', title: 'Strengths', items: [`You bring ${trait.label.toLowerCase()} to work in a way others can rely on.`, 'You adapt this side of yourself to the situation rather than following one rule.', 'You notice early when a task needs more or less of it.'] },
      { kind: 'list', style: 'risks', title: 'Watch out for', items: ['Under stress the same preference can turn into a blind spot.', 'Others may expect more of it from you than you want to give every day.'] },
      { kind: 'list', style: 'suggestions', title: 'Try this', items: ['Name the preference when you plan work with others.', 'Choose one situation this week where you deliberately do the opposite and notice how it feels.'] },
    ],
    subsections: [],
  };
}

const environmentBars = [
  bar('autonomy', 'Autonomy', 82),
  bar('structure', 'Structure', 41),
  bar('collaboration', 'Collaboration', 67),
  bar('pace', 'Pace', 28),
  bar('recognition', 'Recognition', 55),
  bar('stability', 'Stability', 72),
  bar('learning', 'Learning and growth', 88),
];

function environmentSections(): ReportSection[] {
  return [
    {
      id: 'section-environment-overview',
      title: 'Where you work best',
      blocks: [
        ...prose('your work environment', 2),
        {
          kind: 'share_chart',
          title: 'Your culture mix',
          alt: 'Stacked bar of your culture mix: collaborative 34%, creative 27%, results-driven 22%, structured 17%.',
          shares: [
            { id: 'clan', label: 'Collaborative', share: 34 },
            { id: 'adhocracy', label: 'Creative', share: 27 },
            { id: 'market', label: 'Results-driven', share: 22 },
            { id: 'hierarchy', label: 'Structured', share: 17 },
          ],
        },
        {
          kind: 'bar_chart',
          title: 'What you look for in a workplace',
          alt: `Bar chart of seven workplace preferences on 0 to 100: ${environmentBars.map((item) => `${item.label} ${item.score}`).join(', ')}.`,
          zones,
          bars: environmentBars,
        },
        {
          kind: 'table',
          caption: 'The numbers behind the chart',
          columns: ['Preference', 'Score', 'Likely range', 'Band'],
          rows: environmentBars.map((item) => [item.label, String(item.score), `${item.error_band.low}–${item.error_band.high}`, bandLabels[item.band]]),
        },
      ],
      subsections: [
        {
          id: 'section-environment-autonomy',
          title: 'Autonomy and structure',
          blocks: [
            scoreBlock('autonomy', 'Autonomy', 82, true),
            ...prose('autonomy', 2, 1),
            { kind: 'callout', tone: 'info', title: 'How to read these scores', text: 'Each score is on 0 to 100. The light range around a score shows where it would probably fall if you answered again on another day; overlapping ranges mean two scores may not really differ.' },
            { kind: 'list', style: 'questions', title: 'Questions to ask in a job interview', items: ['How are decisions made in the team, and who makes them?', 'How much of my week would be planned by someone else?', 'What happens when a plan changes at short notice?'] },
          ],
          subsections: [],
        },
        {
          id: 'section-environment-pace',
          title: 'Pace and stability',
          blocks: [...prose('the pace of work', 3, 2), { kind: 'list', style: 'plain', title: 'Signs of a good fit', items: ['Deadlines are known well ahead.', 'Quiet time for focused work is protected.', 'Change is explained before it happens.'] }],
          subsections: [],
        },
      ],
    },
  ];
}

const values = [
  { id: 'self_direction', label: 'Self-direction', centred: 0.82, motive: 'openness_to_change' },
  { id: 'stimulation', label: 'Stimulation', centred: 0.21, motive: 'openness_to_change' },
  { id: 'hedonism', label: 'Hedonism', centred: -0.12, motive: 'openness_to_change' },
  { id: 'achievement', label: 'Achievement', centred: 0.35, motive: 'self_enhancement' },
  { id: 'power', label: 'Power', centred: -1.24, motive: 'self_enhancement' },
  { id: 'security', label: 'Security', centred: 0.05, motive: 'conservation' },
  { id: 'conformity', label: 'Conformity', centred: -0.58, motive: 'conservation' },
  { id: 'tradition', label: 'Tradition', centred: -0.96, motive: 'conservation' },
  { id: 'benevolence', label: 'Benevolence', centred: 0.91, motive: 'self_transcendence' },
  { id: 'universalism', label: 'Universalism', centred: 0.56, motive: 'self_transcendence' },
];
const ranked = [...values].sort((a, b) => b.centred - a.centred);
const rankOf = (id: string) => ranked.findIndex((value) => value.id === id) + 1;

function valuesSections(): ReportSection[] {
  return [
    {
      id: 'section-values-circle',
      title: 'Your values',
      blocks: [
        ...prose('your values', 1),
        {
          kind: 'values_circle',
          title: 'Your values on Schwartz’s circle',
          alt: `Circle of the ten basic values; wedges reach outwards for values above your own average and inwards below it: ${values.map((value) => `${value.label} ${value.centred > 0 ? '+' : ''}${value.centred.toFixed(2)}`).join(', ')}.`,
          values: values.map((value) => ({ ...value, rank: rankOf(value.id) })),
          motives: [
            { id: 'openness_to_change', label: 'Openness to change', centred: 0.3 },
            { id: 'self_enhancement', label: 'Self-enhancement', centred: -0.45 },
            { id: 'conservation', label: 'Conservation', centred: -0.5 },
            { id: 'self_transcendence', label: 'Self-transcendence', centred: 0.74 },
          ],
        },
        {
          kind: 'table',
          caption: 'Your top 10 values, ranked',
          columns: ['Rank', 'Value', 'Centred score', 'What it means'],
          rows: ranked.map((value, index) => [String(index + 1), value.label, `${value.centred > 0 ? '+' : ''}${value.centred.toFixed(2)}`, `What ${value.label.toLowerCase()} stands for in your everyday choices.`]),
        },
        ...prose('what matters to you', 2, 1),
      ],
      subsections: [
        {
          id: 'section-values-tensions',
          title: 'Tensions between your values',
          blocks: [
            { kind: 'callout', tone: 'caution', title: 'Self-direction and conformity pull apart', text: 'You rate deciding for yourself far above fitting in with expectations. In teams with many unwritten rules this can feel like friction; naming it early helps.' },
            ...prose('tensions between values', 2, 3),
            { kind: 'list', style: 'steps', title: 'A plan for the next month', items: ['Write down the three values you recognise most in yourself.', 'For each, note one recent decision it shaped.', 'Pick one decision coming up and check it against your top value.', 'Talk it over with someone who knows you well.'] },
          ],
          subsections: [],
        },
      ],
    },
  ];
}

function big5Sections(): ReportSection[] {
  const overviewBars = traits.map((trait) => bar(trait.id, trait.label, trait.score));
  return [
    {
      id: 'section-big5-overview',
      title: 'Your personality at a glance',
      blocks: [
        ...prose('your personality', 2),
        {
          kind: 'bar_chart',
          title: 'The five domains',
          alt: `Bar chart of the five personality domains on 0 to 100: ${overviewBars.map((item) => `${item.label} ${item.score} (${item.band})`).join(', ')}.`,
          zones,
          bars: overviewBars,
        },
        { kind: 'callout', tone: 'caution', title: 'Interpret with caution', text: 'You answered some questions much faster than most people. The results are still shown, but they may describe you less precisely than usual.' },
      ],
      subsections: [],
    },
    ...traits.map(traitSection).map((section) => ({ ...section, subsections: [] })),
  ];
}

function summary(type: GeneratedReportType): ReportDocument['summary'] {
  return {
    sentences: [
      'You are curious and at your best when you can explore ideas in your own way.',
      'You prefer to think things through before speaking up in a group.',
      'Helping others and treating people fairly matter a great deal to you.',
      'You like a steady rhythm of work with room to focus.',
      type === 'values' ? 'Power and tradition matter less to you than to most people.' : 'You plan carefully, but not to the point of losing flexibility.',
    ],
    highlights: [
      { label: 'Learning and growth: 88', text: 'A workplace that lets you keep learning is the strongest of your preferences.' },
      { label: 'Openness to experience: High', text: 'New ideas, art and unusual solutions attract you more than most people.' },
      { label: 'Benevolence is your top value', text: 'Caring for the people close to you guides many of your choices.' },
    ],
  };
}

function howToReadSection(): ReportSection {
  return {
    id: 'section-how-to-read',
    title: 'How to read this report',
    blocks: [
      ...prose('reading your results', 3),
      { kind: 'callout', tone: 'info', title: 'Scores and bands', text: 'Scores run from 0 to 100. Below 35 is low, above 65 is high, and in between is average: most people score there on most scales.' },
      { kind: 'callout', tone: 'info', title: 'Error bands', text: 'No questionnaire measures perfectly. The light bar around each score shows the range your score would probably fall in if you answered again.' },
      {
        kind: 'table',
        caption: 'What the words in this report mean',
        columns: ['Word', 'Meaning'],
        rows: [
          ['Band', 'Low, average or high: where a score falls on 0 to 100.'],
          ['Percentile', 'The share of a norm group that scored lower than you.'],
          ['Norm group', 'People who answered the same questionnaire; shown once at least 100 of them did.'],
          ['Centred score', 'How far a value sits above or below your own average over all ten values.'],
        ],
      },
    ],
    subsections: [],
  };
}

function shortSections(): ReportSection[] {
  return [
    { id: 'section-strengths', title: 'Strengths', blocks: [paragraph(sentence('your strengths', 2)), { kind: 'list', style: 'strengths', title: 'What you bring', items: ['Curiosity that finds new ways of doing things.', 'Care for the people you work with.', 'Steadiness when plans change.'] }], subsections: [] },
    { id: 'section-blind-spots', title: 'Blind spots', blocks: [paragraph(sentence('your blind spots', 1)), { kind: 'list', style: 'risks', title: 'What can get in the way', items: ['Holding back in groups until it is too late to shape a decision.', 'Saying yes to help others when your own work needs the time.'] }], subsections: [] },
  ];
}

function closingSection(): ReportSection {
  return {
    id: 'section-together',
    title: 'Putting it together',
    blocks: [
      ...prose('your profile as a whole', 3),
      { kind: 'list', style: 'steps', title: 'Your next steps', items: ['Share the summary page with someone you trust and ask what surprises them.', 'Compare your workplace preferences with your current role.', 'Come back in six months and answer again to see what has changed.'] },
    ],
    subsections: [],
  };
}

/** A representative document of `type`; the complete profile holds all three reports' sections. */
export function reportDocumentFixture(type: GeneratedReportType, overrides: Partial<ReportDocument> = {}): ReportDocument {
  const sections =
    type === 'big5'
      ? big5Sections()
      : type === 'environment'
        ? environmentSections()
        : type === 'values'
          ? valuesSections()
          : [
              howToReadSection(),
              ...environmentSections().map((section) => ({ ...section, title: `Work environment: ${section.title.toLowerCase()}` })),
              { ...big5Sections()[0]!, subsections: traits.map(traitSection) },
              ...valuesSections(),
              ...shortSections(),
              closingSection(),
            ];
  return {
    type,
    title: reportTitles[type],
    person_name: fixturePersonName,
    language: 'en',
    edition: 2,
    generated_at: '2026-03-14T09:30:00.000Z',
    purchased_at: '2026-03-01T12:00:00.000Z',
    answers_date: '2026-02-27T18:45:00.000Z',
    scoring_versions: type === 'complete' ? ['environment:1/scoring:1', 'big5:1/scoring:1', 'values:1/scoring:1'] : [`${type}:1/scoring:1`],
    summary: summary(type),
    sections,
    ...overrides,
  };
}
