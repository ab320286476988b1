import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Big5Result, EnvironmentResult, ValuesResult } from '@app/contract/assessment-results';
import { reportDocument, type GeneratedReportType, type ReportBlock, type ReportDocument, type ReportSection } from '@app/contract/reports';
import { describe, expect, it } from 'vitest';
import shippedGeneral from '../../interpretations/en/general.json' with { type: 'json' };
import { big5Result, environmentResult, valuesResult } from '../../test/results.ts';
import { valueIds } from '../bank-schema.ts';
import { loadBanks } from '../load-banks.ts';
import { composeReport, MissingResultsError, type ComposeReportInput } from './compose-report.ts';
import { loadInterpretations, shippedInterpretations } from './load-interpretations.ts';

const banks = loadBanks();

interface Profile {
  big5: Big5Result;
  environment: EnvironmentResult;
  values: ValuesResult;
}

// A: careful and sensitive, wants security and structure; no values across the circle both high.
const careful: Profile = {
  big5: big5Result(banks, { conscientiousness: 'high', neuroticism: 'high', extraversion: 'low', agreeableness: 'high' }),
  environment: environmentResult(banks, { structured: 5, support: 5, working_conditions: 5, innovative: 1, results_driven: 2, independence: 2 }),
  values: valuesResult(banks, { security: 6, conformity: 6, benevolence: 6, tradition: 5, self_direction: 1, stimulation: 1, hedonism: 2, power: 1 }),
};
// B: disciplined, calm, curious and outgoing; self-direction and security both lead (a tension).
const explorer: Profile = {
  big5: big5Result(banks, { conscientiousness: 'high', neuroticism: 'low', openness: 'high', extraversion: 'high' }),
  environment: environmentResult(banks, { innovative: 5, independence: 5, achievement: 5, results_driven: 4, structured: 1 }),
  values: valuesResult(banks, { self_direction: 6, security: 6, stimulation: 5, achievement: 5, hedonism: 2, power: 2, conformity: 2, tradition: 2, benevolence: 2, universalism: 2 }),
};
// C: inventive, spontaneous and direct; power and universalism both lead (a tension).
const challenger: Profile = {
  big5: big5Result(banks, { openness: 'high', conscientiousness: 'low', agreeableness: 'low' }),
  environment: environmentResult(banks, { collaborative: 1, relationships: 2, recognition: 5, independence: 4 }),
  values: valuesResult(banks, { power: 6, universalism: 6, self_direction: 4, conformity: 1, tradition: 1 }),
};

// D: answered the middle of every scale; nothing stands out anywhere.
const middle: Profile = { big5: big5Result(banks, {}), environment: environmentResult(banks, {}), values: valuesResult(banks, {}) };

const dates = { generatedAt: new Date('2026-11-26T08:00:00.000Z'), purchasedAt: new Date('2026-11-25T12:00:00.000Z') };

function compose(type: GeneratedReportType, profile: Profile, extra: Partial<ComposeReportInput> = {}): ReportDocument {
  return composeReport({ type, personName: 'Ana Silva', edition: 1, ...dates, results: profile, ...extra });
}

function allSections(document: ReportDocument): ReportSection[] {
  return document.sections.flatMap((section) => [section, ...section.subsections]);
}

function allSectionsIn(section: ReportSection): ReportSection[] {
  return [section, ...section.subsections];
}

function allBlocks(document: ReportDocument): ReportBlock[] {
  return allSections(document).flatMap((section) => section.blocks);
}

function blocksOf<Kind extends ReportBlock['kind']>(document: ReportDocument, kind: Kind): Extract<ReportBlock, { kind: Kind }>[] {
  return allBlocks(document).filter((block): block is Extract<ReportBlock, { kind: Kind }> => block.kind === kind);
}

function sectionById(document: ReportDocument, id: string): ReportSection {
  const found = allSections(document).find((section) => section.id === id);
  if (!found) throw new Error(`no section ${id}; have ${allSections(document).map((section) => section.id).join(', ')}`);
  return found;
}

const scoreOf = (document: ReportDocument, id: string) => blocksOf(document, 'score').find((block) => block.id === id);
const types: GeneratedReportType[] = ['big5', 'environment', 'values', 'complete'];

describe('every report type', () => {
  it.each(types)('gives a %s document the contract accepts, for each of three different people', (type) => {
    for (const profile of [careful, explorer, challenger]) {
      const document = compose(type, profile);
      expect(reportDocument.safeParse(document).success).toBe(true);
      expect(document.type).toBe(type);
      expect(document.language).toBe('en');
      expect(document.summary.sentences).toHaveLength(5);
      expect(document.summary.highlights).toHaveLength(3);
      expect(new Set(document.summary.sentences).size).toBe(5);
    }
  });

  it.each(types)('orders the %s report: overview first, how to read, details, then strengths, blind spots and a plan of steps', (type) => {
    const document = compose(type, explorer);
    const ids = document.sections.map((section) => section.id);
    expect(ids.slice(0, 2)).toEqual(['section-overview', 'section-how-to-read']);
    expect(ids.slice(-3)).toEqual(['section-strengths', 'section-blind-spots', 'section-development-plan']);
    const plan = sectionById(document, 'section-development-plan').blocks.find((block) => block.kind === 'list');
    expect(plan).toMatchObject({ style: 'steps' });
    expect(blocksOf(document, 'list').some((block) => block.style === 'strengths')).toBe(true);
    expect(blocksOf(document, 'list').some((block) => block.style === 'risks')).toBe(true);
  });

  it.each(types)('keeps section anchors unique and nests sections one level only in the %s report', (type) => {
    const document = compose(type, challenger);
    const ids = allSections(document).map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const section of document.sections) for (const subsection of section.subsections) expect(subsection.subsections).toEqual([]);
  });

  it.each(types)('keeps every error band of the %s report within 0-100 and around its score', (type) => {
    for (const profile of [careful, explorer, challenger]) {
      const document = compose(type, profile);
      const withBands = [...blocksOf(document, 'score'), ...blocksOf(document, 'bar_chart').flatMap((chart) => chart.bars)];
      expect(withBands.length).toBeGreaterThan(5);
      for (const entry of withBands) {
        expect(entry.error_band.low).toBeGreaterThanOrEqual(0);
        expect(entry.error_band.high).toBeLessThanOrEqual(100);
        expect(entry.error_band.low).toBeLessThanOrEqual(entry.score);
        expect(entry.error_band.high).toBeGreaterThanOrEqual(entry.score);
        expect(entry.error_band.high - entry.error_band.low).toBeGreaterThan(0);
      }
    }
  });

  it('clips the error band at the end of the scale', () => {
    const openness = scoreOf(compose('big5', explorer), 'openness');
    // All keyed answers at 5: score 100, SEM 18 x sqrt(0.2) = 8.05, so 91.9 to 100 (not 108).
    expect(openness).toMatchObject({ score: 100, band: 'high', band_label: 'High', error_band: { low: 91.9, high: 100 } });
  });

  it('says every chart in words, with its numbers', () => {
    const document = compose('big5', careful);
    const overview = blocksOf(document, 'bar_chart')[0];
    expect(overview?.title).toBe('Personality (BIG5): all scores, highest first');
    expect(overview?.bars.map((bar) => bar.score)).toEqual([...(overview?.bars.map((bar) => bar.score) ?? [])].sort((a, b) => b - a));
    expect(overview?.alt).toContain('Conscientiousness 100 (high, likely between 92 and 100)');
    expect(overview?.alt).toContain('Emotional sensitivity 100');
    for (const chart of [...blocksOf(compose('complete', careful), 'bar_chart'), ...blocksOf(compose('complete', careful), 'share_chart'), ...blocksOf(compose('complete', careful), 'values_circle')]) {
      expect(chart.alt).toMatch(/\d/);
    }
  });

  it('keeps the person’s name as plain text, however it looks', () => {
    const name = '<img src=x onerror=alert(1)> Ana & "Bo"';
    const document = compose('values', careful, { personName: name });
    expect(document.person_name).toBe(name);
    const intro = sectionById(document, 'section-overview').blocks[0];
    expect(intro).toEqual({ kind: 'paragraph', text: expect.stringMatching(/^<img src=x onerror=alert\(1\)> Ana & "Bo", this report/) as unknown });
  });

  it('dates the answers by the newest result used and names their scoring versions', () => {
    const big5 = compose('big5', careful);
    expect(big5.answers_date).toBe('2026-11-01T10:00:00.000Z');
    expect(big5.scoring_versions).toEqual(['big5-scoring-1+bank-1']);
    const complete = compose('complete', careful);
    expect(complete.answers_date).toBe('2026-11-02T18:30:00.000Z');
    expect(complete.scoring_versions.sort()).toEqual(['big5-scoring-1+bank-1', 'environment-scoring-1+bank-1', 'values-scoring-1+bank-1']);
    expect(complete).toMatchObject({ edition: 1, generated_at: '2026-11-26T08:00:00.000Z', purchased_at: '2026-11-25T12:00:00.000Z', title: 'Complete profile' });
  });

  it('refuses to compose without the results the report is made from', () => {
    const without = { big5: careful.big5, environment: careful.environment, values: null };
    expect(() => composeReport({ type: 'values', personName: 'A', edition: 1, ...dates, results: without })).toThrow(new MissingResultsError('The values report needs the values results, which are missing'));
    expect(() => composeReport({ type: 'complete', personName: 'A', edition: 1, ...dates, results: without })).toThrow('The complete report needs the values results, which are missing');
    // A single report needs only its own result.
    expect(composeReport({ type: 'big5', personName: 'A', edition: 2, ...dates, results: without }).edition).toBe(2);
  });

  it('takes its language and wording from the texts given', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'interpretations-'));
    try {
      mkdirSync(path.join(dir, 'de'));
      const general = structuredClone(shippedGeneral) as typeof shippedGeneral;
      general.language = 'de';
      general.report_titles.big5 = 'BIG5-Persönlichkeitsbericht';
      writeFileSync(path.join(dir, 'de', 'general.json'), JSON.stringify(general));
      const document = compose('big5', careful, { texts: loadInterpretations({ language: 'de', directory: dir }) });
      expect(document).toMatchObject({ language: 'de', title: 'BIG5-Persönlichkeitsbericht' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the BIG5 report', () => {
  const reports = { careful: compose('big5', careful), explorer: compose('big5', explorer), challenger: compose('big5', challenger) };
  const json = (document: ReportDocument) => JSON.stringify(document);

  it('tells high conscientiousness with high emotional sensitivity apart from high conscientiousness with calm', () => {
    expect(json(reports.careful)).toContain('High standards, felt deeply');
    expect(json(reports.explorer)).not.toContain('High standards, felt deeply');
    expect(json(reports.challenger)).not.toContain('High standards, felt deeply');
    expect(json(reports.explorer)).toContain('Steady and reliable under pressure');
    expect(json(reports.careful)).not.toContain('Steady and reliable under pressure');
    // The combination is told in the conscientiousness section, in the summary and in the plan.
    expect(sectionById(reports.careful, 'section-conscientiousness').blocks).toContainEqual(expect.objectContaining({ kind: 'callout', title: 'High standards, felt deeply' }));
    expect(reports.careful.summary.sentences.join(' ')).toContain('You hold yourself to high standards and feel it keenly');
  });

  it('gives three people different summaries and different bands', () => {
    const summaries = Object.values(reports).map((document) => document.summary.sentences.join(' '));
    expect(new Set(summaries).size).toBe(3);
    expect(Object.values(reports).map((document) => scoreOf(document, 'conscientiousness')?.band_label)).toEqual(['High', 'High', 'Low']);
    expect(Object.values(reports).map((document) => scoreOf(document, 'neuroticism')?.band_label)).toEqual(['High', 'Low', 'Average']);
    expect(reports.careful.summary.highlights.map((highlight) => highlight.label)).toContain('Conscientiousness: High (100)');
  });

  it('has a section per trait with a score, a chart of its facets, work, teams and relationships, and a subsection per facet', () => {
    const section = sectionById(reports.challenger, 'section-openness');
    const kinds = section.blocks.map((block) => block.kind);
    expect(kinds.slice(0, 2)).toEqual(['score', 'bar_chart']);
    expect(section.blocks.filter((block) => block.kind === 'paragraph').map((block) => (block.kind === 'paragraph' ? block.text.slice(0, 17) : ''))).toEqual(
      expect.arrayContaining(['At work, you are ', 'In teams, you are', 'In relationships,']),
    );
    expect(section.blocks.filter((block) => block.kind === 'list').map((block) => (block.kind === 'list' ? block.style : ''))).toEqual(['strengths', 'risks', 'suggestions']);
    expect(section.subsections.map((subsection) => subsection.title)).toEqual(['Imagination', 'Artistic interests', 'Intellect']);
    const chart = section.blocks[1];
    expect(chart?.kind === 'bar_chart' && chart.bars.map((bar) => bar.id)).toEqual(['openness', 'imagination', 'artistic_interests', 'intellect']);
  });

  it('points to the neighbouring band when the likely range crosses a border, and only then', () => {
    const near = structuredClone(careful.big5);
    const openness = near.traits.find((trait) => trait.id === 'openness');
    if (openness) Object.assign(openness, { score: 60, mean: 3.4, band: 'average' });
    const paragraphs = (document: ReportDocument) => sectionById(document, 'section-openness').blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));
    expect(paragraphs(compose('big5', { ...careful, big5: near }))).toContain(
      "Your Openness score lies close to a band border: its likely range reaches into the band 'High', so read that band's description as well.",
    );
    expect(paragraphs(reports.careful).join(' ')).not.toContain('close to a band border');
  });

  it('says when a facet lies in another band than its trait', () => {
    const mixed = structuredClone(careful.big5);
    const imagination = mixed.traits.find((trait) => trait.id === 'openness')?.facets.find((facet) => facet.id === 'imagination');
    if (imagination) Object.assign(imagination, { score: 87.5, mean: 4.5, band: 'high' });
    const facet = sectionById(compose('big5', { ...careful, big5: mixed }), 'section-openness-imagination').blocks[1];
    expect(facet).toEqual({ kind: 'paragraph', text: expect.stringContaining('Note that Imagination is high while your Openness as a whole is average') as unknown });
    expect(sectionById(reports.careful, 'section-openness-imagination').blocks[1]).toEqual({ kind: 'paragraph', text: expect.not.stringContaining('Note that') as unknown });
  });

  it('calls neuroticism emotional sensitivity', () => {
    expect(scoreOf(reports.careful, 'neuroticism')?.label).toBe('Emotional sensitivity');
  });

  it('shows an overview chart sorted by score and the table behind it', () => {
    const overview = sectionById(reports.explorer, 'section-overview');
    const table = overview.blocks.find((block) => block.kind === 'table');
    expect(table?.kind === 'table' && table.rows.map((row) => row[0])).toEqual(['Openness', 'Conscientiousness', 'Extraversion', 'Agreeableness', 'Emotional sensitivity']);
    expect(table?.kind === 'table' && table.rows[0]).toEqual(['Openness', '100.0', 'High', '91.9 to 100.0', 'No norm group yet']);
  });
});

describe('the caution about response quality', () => {
  const cautions = (document: ReportDocument) => blocksOf(document, 'callout').filter((block) => block.tone === 'caution');

  it('appears in How to read this report only when a result used raised a flag', () => {
    const flagged = { ...careful, big5: big5Result(banks, { conscientiousness: 'high' }, { flags: ['too_fast', 'inconsistent'] }) };
    const [caution, ...others] = cautions(compose('big5', flagged));
    expect(others).toEqual([]);
    expect(caution?.title).toBe('Interpret with caution');
    expect(caution?.text).toContain('Personality (BIG5)');
    expect(caution?.text).toContain('under two seconds per statement');
    expect(caution?.text).toContain('pairs of statements that say opposite things');
    expect(caution?.text).not.toContain('exactly the same answer');
    expect(sectionById(compose('big5', flagged), 'section-how-to-read').blocks[0]).toEqual(caution);
    expect(cautions(compose('complete', flagged))).toHaveLength(1);
  });

  it('does not appear without flags, nor for a flagged result the report does not use', () => {
    for (const type of types) expect(cautions(compose(type, careful))).toEqual([]);
    const flaggedValues = { ...careful, values: valuesResult(banks, { security: 6 }, { flags: ['straight_lining'] }) };
    expect(cautions(compose('big5', flaggedValues))).toEqual([]);
    expect(cautions(compose('values', flaggedValues))[0]?.text).toContain('exactly the same answer');
  });

  it('explains the error band in one sentence and names no norm group', () => {
    const paragraphs = sectionById(compose('environment', careful), 'section-how-to-read').blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));
    expect(paragraphs).toContainEqual(expect.stringContaining('The shaded band around each score shows'));
    expect(paragraphs).toContainEqual(expect.stringContaining('plus or minus one standard error of measurement'));
    expect(paragraphs).toContainEqual(expect.stringContaining('bands come from the scale alone'));
    expect(paragraphs).toContainEqual(expect.stringContaining('Work environment scales: reliability 0.75, spread 18 points, so plus or minus 9.0 points'));
  });
});

describe('percentiles', () => {
  const everyone = { group: 'everyone', group_label: 'Everyone', value: 73, group_size: 240 };
  const under25 = { group: 'under_25', group_label: 'Under 25', value: 81, group_size: 130 };
  const document = compose('big5', explorer, { percentiles: (assessment, scaleId) => (assessment === 'big5' && scaleId === 'openness' ? [everyone, under25] : []) });

  it('show up in the score block and its norm note names the groups', () => {
    const openness = scoreOf(document, 'openness');
    expect(openness?.percentiles).toEqual([everyone, under25]);
    expect(openness?.norm_note).toBe('Percentiles compare your score with these norm groups: Everyone (240 people), Under 25 (130 people). The band itself still comes from the scale: low below 37.5, high above 62.5.');
    expect(scoreOf(document, 'extraversion')?.percentiles).toEqual([]);
    expect(scoreOf(document, 'extraversion')?.norm_note).toBe('There is no norm group yet, so the band comes from the scale alone: low below 37.5, high above 62.5.');
  });

  it('appear in the table and How to read explains them', () => {
    const table = blocksOf(document, 'table')[0];
    expect(table?.rows[0]?.[4]).toBe('Everyone: 73, Under 25: 81');
    const paragraphs = sectionById(document, 'section-how-to-read').blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));
    expect(paragraphs).toContainEqual(expect.stringContaining('a percentile of 70 means'));
  });

  it('are asked for every scale with the score shown', () => {
    const asked: string[] = [];
    compose('complete', careful, {
      percentiles: (assessment, scaleId, score) => {
        asked.push(`${assessment}:${scaleId}:${score}`);
        return [];
      },
    });
    expect(asked).toContain('big5:conscientiousness:100');
    expect(asked).toContain('big5:orderliness:100');
    expect(asked).toContain('environment:structured:100');
    expect(asked).toContain('values:security:100');
    expect(asked).toHaveLength(5 + 15 + 10 + 10);
  });
});

describe('the values report', () => {
  const reports = { careful: compose('values', careful), explorer: compose('values', explorer), challenger: compose('values', challenger) };
  const tensionTitles = (document: ReportDocument) => sectionById(document, 'section-tensions').blocks.flatMap((block) => (block.kind === 'callout' ? [block.title] : []));

  it('ranks the top 10 in a table and names the leading three', () => {
    const top10 = sectionById(reports.explorer, 'section-top-10');
    const table = top10.blocks.find((block) => block.kind === 'table');
    expect(table?.kind === 'table' && table.rows).toHaveLength(10);
    expect(table?.kind === 'table' && table.rows.slice(0, 4).map((row) => [row[0], row[1], row[3]])).toEqual([
      ['1', 'Self-direction', 'Stands out for you'],
      ['1', 'Security', 'Stands out for you'],
      ['3', 'Stimulation', 'Stands out for you'],
      ['3', 'Achievement', 'Stands out for you'],
    ]);
    expect(top10.blocks).toContainEqual({ kind: 'paragraph', text: expect.stringContaining('Your three leading values are Self-direction, Security and Stimulation') as unknown });
  });

  it('draws the circle in Schwartz’s order with each value’s motive, and the four motives', () => {
    const [circle] = blocksOf(reports.careful, 'values_circle');
    expect(circle?.values.map((value) => value.id)).toEqual([...valueIds]);
    expect(circle?.values.find((value) => value.id === 'hedonism')?.motive).toBe('openness_to_change');
    expect(circle?.values.find((value) => value.id === 'power')?.motive).toBe('self_enhancement');
    expect(circle?.motives.map((motive) => motive.id)).toEqual(['openness_to_change', 'conservation', 'self_transcendence', 'self_enhancement']);
    expect(circle?.alt).toContain('Security rank 1');
  });

  it('names a tension only when two values across the circle both lead, with text for that pair', () => {
    expect(tensionTitles(reports.careful)).toEqual([]);
    expect(sectionById(reports.careful, 'section-tensions').blocks[0]).toEqual({ kind: 'paragraph', text: expect.stringContaining('None of your leading values sit on opposite sides') as unknown });
    expect(tensionTitles(reports.explorer)).toEqual(['Freedom and safety', 'Excitement and stability']);
    // Self-direction (rank 3, above the person's mean) also faces power across the circle.
    expect(tensionTitles(reports.challenger)).toEqual(['Influence and equality', 'Independence and influence']);
  });

  it('scores values on 0-100 from the 1-6 mean and bands them against the person’s own average', () => {
    // Security answered 6 throughout: (6 - 1) / 5 x 100 = 100, far above the person's mean.
    expect(scoreOf(reports.careful, 'security')).toMatchObject({ score: 100, band: 'high', band_label: 'Stands out for you' });
    expect(scoreOf(reports.careful, 'power')).toMatchObject({ score: 0, band: 'low', band_label: 'Less central for you' });
    expect(scoreOf(reports.careful, 'power')?.norm_note).toBe(
      'There is no norm group yet. The band compares this value with your own average over all ten: more than 0.5 points above it stands out, more than 0.5 below is less central.',
    );
    const withNorms = compose('values', careful, { percentiles: () => [{ group: 'everyone', group_label: 'Everyone', value: 12, group_size: 500 }] });
    expect(scoreOf(withNorms, 'power')?.norm_note).toBe(
      'Percentiles compare your score with these norm groups: Everyone (500 people). The band compares this value with your own average over all ten: more than 0.5 points above it stands out, more than 0.5 below is less central.',
    );
  });
});

describe('the environment report', () => {
  const document = compose('environment', explorer);

  it('has a section for each work value and culture, grouped, each with a score block', () => {
    expect(sectionById(document, 'section-work-values').subsections.map((section) => section.id)).toEqual([
      'section-environment-achievement',
      'section-environment-working-conditions',
      'section-environment-recognition',
      'section-environment-relationships',
      'section-environment-support',
      'section-environment-independence',
    ]);
    expect(sectionById(document, 'section-cultures').subsections).toHaveLength(4);
    expect(scoreOf(document, 'innovative')).toMatchObject({ score: 100, band: 'high', band_label: 'Matters a lot' });
    expect(scoreOf(document, 'structured')).toMatchObject({ score: 0, band: 'low' });
  });

  it('shows the culture mix as shares of 100 and says which culture leads', () => {
    const [mix] = blocksOf(document, 'share_chart');
    expect(mix?.shares.reduce((sum, entry) => sum + entry.share, 0)).toBe(100);
    expect(mix?.alt).toMatch(/^Pie chart of your preferred culture mix, adding up to 100 percent: Innovative culture \d+ percent/);
    expect(sectionById(document, 'section-culture-mix').blocks).toContainEqual({ kind: 'paragraph', text: expect.stringContaining('Innovative culture takes the largest share') as unknown });
  });

  it('asks an employer questions drawn from the top work values and cultures', () => {
    const questions = blocksOf(document, 'list').find((block) => block.style === 'questions');
    expect(questions?.items).toContain('Which decisions would I make on my own in this role?');
    expect(questions?.items).toContain('What happens when an experiment fails here?');
    expect(questions?.items).not.toContain('How clearly are roles and responsibilities defined here?');
    expect(questions?.items.length).toBeLessThanOrEqual(8);
    const other = blocksOf(compose('environment', careful), 'list').find((block) => block.style === 'questions');
    expect(other?.items).toContain('How clearly are roles and responsibilities defined here?');
  });
});

describe('a profile where nothing stands out', () => {
  it('still reads as a full report: five sentences, no themes, no tensions, a balanced culture mix', () => {
    for (const type of types) {
      const document = compose(type, middle);
      expect(document.summary.sentences).toHaveLength(5);
      expect(blocksOf(document, 'score').every((block) => block.band === 'average')).toBe(true);
    }
    const complete = compose('complete', middle);
    expect(complete.sections[0]?.blocks.some((block) => block.kind === 'callout')).toBe(false);
    expect(complete.sections[0]?.blocks[2]).toEqual({ kind: 'paragraph', text: expect.stringContaining('do not point strongly in one shared direction') as unknown });
    expect(sectionById(complete, 'section-tensions').blocks).toHaveLength(1);
    expect(sectionById(complete, 'section-culture-mix').blocks).toContainEqual({ kind: 'paragraph', text: expect.stringContaining('No single culture dominates your mix') as unknown });
    expect(blocksOf(complete, 'list').find((block) => block.style === 'questions')?.items.length).toBeGreaterThan(0);
  });
});

describe('the complete profile', () => {
  const document = compose('complete', explorer);

  const texts = shippedInterpretations();
  const part = (id: string) => sectionById(document, id);
  const paragraphs = (section: ReportSection) => section.blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));

  it('holds each assessment as a part: its overview, then compact readings one level down, in the order BIG5, values, environment', () => {
    expect(document.sections.map((section) => section.id)).toEqual([
      'section-overview',
      'section-how-to-read',
      'section-big5',
      'section-values',
      'section-environment',
      'section-strengths',
      'section-blind-spots',
      'section-development-plan',
    ]);
    expect(part('section-big5').subsections.map((section) => section.id)).toEqual(['section-openness', 'section-conscientiousness', 'section-extraversion', 'section-agreeableness', 'section-neuroticism']);
    expect(part('section-values').subsections.map((section) => section.id)).toEqual(['section-top-10', 'section-motives', 'section-tensions']);
    expect(part('section-environment').subsections.map((section) => section.id)).toEqual(['section-work-values', 'section-cultures', 'section-culture-mix', 'section-questions']);
    for (const id of ['section-big5', 'section-values', 'section-environment']) {
      const kinds = part(id).blocks.map((block) => block.kind);
      expect(kinds, id).toContain('bar_chart');
      expect(kinds, id).toContain('table');
      const [overviewChart] = part(id).blocks.filter((block) => block.kind === 'bar_chart');
      const scores = overviewChart?.kind === 'bar_chart' ? overviewChart.bars.map((bar) => bar.score) : [];
      expect(scores, id).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it('says near the start of each part that its own report goes into every scale in depth', () => {
    expect(paragraphs(part('section-big5'))[0]).toContain('The BIG5 personality report goes into each trait and facet in depth');
    expect(paragraphs(part('section-values'))[0]).toContain('The Top 10 values report goes into each of your ten values in depth');
    expect(paragraphs(part('section-environment'))[0]).toContain('The Environment report goes into each work value and culture in depth');
  });

  it('has no section per facet, per value or per environment scale, and none of the single reports’ long texts', () => {
    const ids = allSections(document).map((section) => section.id);
    expect(ids.filter((id) => /^section-(openness|conscientiousness|extraversion|agreeableness|neuroticism)-/.test(id))).toEqual([]);
    expect(ids.filter((id) => id.startsWith('section-value-') || id.startsWith('section-environment-'))).toEqual([]);
    // Teams, relationships and the per-scale strengths, risks and suggestions stay in the single reports.
    const text = JSON.stringify(document);
    expect(text).not.toContain(texts.big5.traits.openness?.bands.high.teams);
    expect(text).not.toContain(texts.values.values.security?.bands.high.relationships);
    expect(text).not.toContain(texts.environment.scales.innovative?.bands.high.teams);
    expect(blocksOf(document, 'list').filter((block) => block.style === 'suggestions')).toEqual([]);
  });

  it('reads each trait in brief: its score, what its band says and means at work, and its facets in the trait’s chart', () => {
    const openness = part('section-openness');
    expect(openness.blocks.map((block) => block.kind)).toEqual(['score', 'paragraph', 'bar_chart']);
    expect(openness.blocks[0]).toMatchObject({ kind: 'score', id: 'openness', band: 'high' });
    const band = texts.big5.traits.openness?.bands.high;
    expect(openness.blocks[1]).toEqual({ kind: 'paragraph', text: `${band?.summary} ${band?.work}` });
    const chart = openness.blocks[2];
    expect(chart?.kind === 'bar_chart' && chart.bars.map((bar) => bar.id)).toEqual(['openness', 'imagination', 'artistic_interests', 'intellect']);
    // Said once in How to read, not on every card.
    expect(openness.blocks[0]).toMatchObject({ norm_note: '' });
  });

  it('says when a facet lies in another band than its trait', () => {
    const mixed = structuredClone(explorer.big5);
    const imagination = mixed.traits.find((trait) => trait.id === 'openness')?.facets.find((facet) => facet.id === 'imagination');
    if (imagination) Object.assign(imagination, { score: 50, mean: 3, band: 'average' });
    expect(paragraphs(sectionById(compose('complete', { ...explorer, big5: mixed }), 'section-openness'))).toContainEqual(
      expect.stringContaining('Note that Imagination is average while your Openness as a whole is high'),
    );
    expect(paragraphs(part('section-openness')).join(' ')).not.toContain('Note that');
  });

  it('ranks the values with each in brief, draws the circle with the four motives, and names the tensions', () => {
    const top10 = part('section-top-10');
    const table = top10.blocks.find((block) => block.kind === 'table');
    expect(table?.kind === 'table' && table.rows.map((row) => row[1])).toEqual(['Self-direction', 'Security', 'Stimulation', 'Achievement', 'Hedonism', 'Power', 'Conformity', 'Tradition', 'Benevolence', 'Universalism']);
    const readings = top10.blocks.find((block) => block.kind === 'list');
    expect(readings?.kind === 'list' && readings.items).toHaveLength(10);
    const security = texts.values.values.security?.bands.high;
    expect(readings?.kind === 'list' && readings.items[1]).toBe(`Security: ${security?.summary} ${security?.work}`);
    // No card per value: the ranking holds each score and band.
    expect(allSectionsIn(part('section-values')).flatMap((section) => section.blocks).filter((block) => block.kind === 'score')).toEqual([]);
    const [circle] = part('section-motives').blocks.filter((block) => block.kind === 'values_circle');
    expect(circle?.kind === 'values_circle' && circle.motives).toHaveLength(4);
    expect(part('section-tensions').blocks.flatMap((block) => (block.kind === 'callout' ? [block.title] : []))).toEqual(['Freedom and safety', 'Excitement and stability']);
  });

  it('reads each work value and culture in brief, then the culture mix and the questions to ask an employer', () => {
    const cards = (id: string) => part(id).blocks.flatMap((block) => (block.kind === 'score' ? [block.id] : []));
    expect(cards('section-work-values')).toEqual(['achievement', 'working_conditions', 'recognition', 'relationships', 'support', 'independence']);
    expect(cards('section-cultures')).toEqual(['collaborative', 'innovative', 'results_driven', 'structured']);
    const innovative = texts.environment.scales.innovative?.bands.high;
    expect(paragraphs(part('section-cultures'))).toContain(`${innovative?.summary} ${innovative?.work}`);
    expect(part('section-culture-mix').blocks.map((block) => block.kind)).toContain('share_chart');
    expect(part('section-questions').blocks).toContainEqual(expect.objectContaining({ kind: 'list', style: 'questions' }));
  });

  it('keeps the percentiles on the compact cards', () => {
    const everyone = { group: 'everyone', group_label: 'Everyone', value: 73, group_size: 240 };
    const withNorms = compose('complete', explorer, { percentiles: (assessment, scaleId) => (scaleId === 'openness' || scaleId === 'innovative' ? [everyone] : []) });
    expect(scoreOf(withNorms, 'openness')?.percentiles).toEqual([everyone]);
    expect(scoreOf(withNorms, 'innovative')?.percentiles).toEqual([everyone]);
    expect(paragraphs(sectionById(withNorms, 'section-how-to-read'))).toContainEqual(expect.stringContaining('a percentile of 70 means'));
  });

  it('is much shorter than the three single reports it brings together', () => {
    const size = (value: ReportDocument) => JSON.stringify(value).length;
    const singles = size(compose('big5', explorer)) + size(compose('values', explorer)) + size(compose('environment', explorer));
    expect(size(document)).toBeLessThan(singles * 0.45);
  });

  it('reads differently for different people', () => {
    const others = [compose('complete', careful), compose('complete', challenger)];
    for (const other of others) {
      expect(other.summary.sentences).not.toEqual(document.summary.sentences);
      const traitReadings = (profile: ReportDocument) => sectionById(profile, 'section-big5').subsections.flatMap(paragraphs);
      expect(traitReadings(other)).not.toEqual(traitReadings(document));
      expect(sectionById(other, 'section-top-10').blocks).not.toEqual(part('section-top-10').blocks);
      expect(sectionById(other, 'section-cultures').blocks).not.toEqual(part('section-cultures').blocks);
    }
  });

  it('links personality, values and environment in a combined summary', () => {
    const combined = document.sections[0];
    expect(combined?.title).toBe('You as a whole');
    const themes = combined?.blocks.flatMap((block) => (block.kind === 'callout' ? [block.title] : []));
    // Openness, self-direction and an innovative culture all high: one three-way theme, not its pairs.
    expect(themes).toEqual(expect.arrayContaining(['Made for new ground', 'Your own way of working']));
    expect(themes).not.toContain('An explorer who wants room to think');
    expect(themes).not.toContain('Ideas, and a place that welcomes them');
    expect(combined?.blocks[1]).toEqual({
      kind: 'paragraph',
      text: 'Taken together: in your personality, Openness stands out most; among your values, Self-direction leads; and among workplace cultures, Innovative culture suits you best.',
    });
    expect(document.summary.sentences[0]).toBe(
      'Your curiosity, your wish to choose your own way and your taste for innovative workplaces form one clear theme: you do your best where things are still being invented.',
    );
    // Without the innovative culture, the pair of openness and self-direction is told on its own.
    const noInnovation = compose('complete', { ...explorer, environment: environmentResult(banks, { independence: 5, innovative: 3 }) });
    expect(noInnovation.sections[0]?.blocks).toContainEqual(expect.objectContaining({ kind: 'callout', title: 'An explorer who wants room to think' }));
    const carefulThemes = compose('complete', careful).sections[0]?.blocks.flatMap((block) => (block.kind === 'callout' ? [block.title] : []));
    expect(carefulThemes).toEqual(expect.arrayContaining(['Built on solid ground', 'People first', 'Support as a resource']));
    expect(carefulThemes).not.toContain('A steady builder');
    expect(carefulThemes).not.toContain('An explorer who wants room to think');
  });

  it('takes one highlight from each assessment', () => {
    expect(document.summary.highlights.map((highlight) => highlight.label)).toEqual([expect.stringMatching(/^(Openness|Conscientiousness|Extraversion|Emotional sensitivity)/), 'Self-direction: Stands out for you (100)', expect.any(String)]);
  });
});
