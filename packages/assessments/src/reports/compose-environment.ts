import type { EnvironmentResult, EnvironmentScale } from '@app/contract/assessment-results';
import type { ReportBlock, ReportSection } from '@app/contract/reports';
import type { EnvironmentTexts, InterpretationTexts } from './interpretation-schema.ts';
import { errorBandOf, standardError } from './measurement-precision.ts';
import { bandBlocks, bandOf, borderNote, compactReading, formatNumber, normNote, optionalParagraph, overviewBlocks, paragraph, scaleZones, scoreBlock, section, sectionChart, unique, type ScaleFigure } from './report-blocks.ts';
import { interleave } from './closing-sections.ts';
import type { PercentileLookup } from './norms.ts';
import type { ReportPart } from './report-part.ts';
import { fillTemplate } from './report-template.ts';

// Environment scales carry no band in the results: the report uses the BIG5 cut-offs on 0-100
// (low below 37.5, high above 62.5, i.e. mean 2.5 and 3.5 on the 1-5 importance scale).

/** A culture leads the mix when its share is at least this many points above the next one. */
const leadingMargin = 10;
const questionsPerScale = 2;
const maxQuestions = 8;

function scaleTexts(texts: EnvironmentTexts, id: string): EnvironmentTexts['scales'][string] {
  const found = texts.scales[id];
  if (!found) throw new Error(`The environment interpretation texts have no scale "${id}"`);
  return found;
}

/** The 1-5 importance mean on 0-100, as the results give each scale's score. */
const toScore = (mean: number) => Math.min(100, Math.max(0, Math.round(((mean - 1) / 4) * 1000) / 10));

export function composeEnvironmentPart(result: EnvironmentResult, all: InterpretationTexts, percentiles: PercentileLookup): ReportPart {
  const texts = all.environment;
  const general = all.general;
  const language = all.language;
  const error = standardError(texts.precision.scale);

  const figureOf = (id: string, label: string, score: number, withPercentiles: boolean): ScaleFigure => {
    const band = bandOf(score, scaleZones);
    const found = withPercentiles ? percentiles('environment', id, score) : [];
    return { id, label, score, band, bandLabel: texts.band_labels[band], errorBand: errorBandOf(score, error), percentiles: found, normNote: normNote(general, language, found, scaleZones) };
  };
  const readings = result.scales.map((scale) => {
    const own = scaleTexts(texts, scale.id);
    const figure = figureOf(scale.id, own.label, scale.score, true);
    return { scale, texts: own, figure, band: own.bands[figure.band] };
  });
  const average = figureOf('overall_average', texts.average_bar_label, toScore(result.overall_mean), false);
  // Most distinctive: what matters most or least compared with the person's own average.
  const byDistance = [...readings].sort((a, b) => Math.abs(b.scale.centred) - Math.abs(a.scale.centred));

  const scaleSection = (reading: (typeof readings)[number]): ReportSection =>
    section(`environment-${reading.scale.id}`, reading.figure.label, [
      scoreBlock(reading.figure),
      sectionChart(general, language, reading.figure.label, scaleZones, [reading.figure, average]),
      ...optionalParagraph(borderNote(general, reading.figure, scaleZones, texts.band_labels)),
      paragraph(reading.texts.description),
      ...bandBlocks(general, reading.band),
    ]);
  const ofGroup = (group: EnvironmentScale['group']) => readings.filter((reading) => reading.scale.group === group);
  const groupSection = (group: EnvironmentScale['group']) => section(`${group}s`, texts.groups[group].title, [paragraph(texts.groups[group].intro)], ofGroup(group).map(scaleSection));
  // The complete profile's readings of a group: one compact reading per scale, no section each.
  const groupReadings = (group: EnvironmentScale['group']) =>
    section(`${group}s`, texts.groups[group].title, [
      paragraph(texts.groups[group].intro),
      ...ofGroup(group).flatMap((reading) => compactReading(reading.figure, reading.band)),
    ]);

  // The culture mix: shares as the results give them, and what the largest share means.
  const shares = [...result.culture_mix].sort((a, b) => b.share - a.share);
  const labelOf = (id: string) => readings.find((reading) => reading.scale.id === id)?.figure.label ?? id;
  const [first, second] = shares;
  const leading = first && (!second || first.share - second.share >= leadingMargin) ? first : null;
  const mixBlocks: ReportBlock[] = [
    paragraph(texts.culture_mix.intro),
    {
      kind: 'share_chart',
      title: texts.culture_mix.title,
      alt: fillTemplate(texts.culture_mix.alt, {
        shares: shares.map((entry) => fillTemplate(texts.culture_mix.share_entry, { label: labelOf(entry.id), share: formatNumber(language, entry.share) })).join(', '),
      }),
      shares: result.culture_mix.map((entry) => ({ id: entry.id, label: labelOf(entry.id), share: entry.share })),
    },
    paragraph(leading ? fillTemplate(texts.culture_mix.leading, { label: labelOf(leading.id), share: formatNumber(language, leading.share) }) : texts.culture_mix.balanced),
  ];

  // Questions to ask an employer: from the top work values that matter more than the person's
  // average (all three when none does) and the two largest cultures, the first sources first.
  const aboveAverage = result.top_work_values.filter((value) => value.centred > 0);
  const workValues = aboveAverage.length > 0 ? aboveAverage : result.top_work_values;
  const questionSources = [...workValues.map((value) => value.id), ...shares.slice(0, 2).map((entry) => entry.id)];
  const questions = unique(interleave(questionSources.map((id) => scaleTexts(texts, id).questions.slice(0, questionsPerScale)))).slice(0, maxQuestions);
  const questionBlocks: ReportBlock[] = [paragraph(texts.questions.intro), { kind: 'list', style: 'questions', title: texts.questions.list_title, items: questions }];

  const mixSection = section('culture-mix', texts.culture_mix.section_title, mixBlocks);
  const questionSection = section('questions', texts.questions.section_title, questionBlocks);

  return {
    assessment: 'environment',
    title: general.assessment_titles.environment,
    scoringVersion: result.scoring_version,
    completedAt: result.completed_at,
    flags: result.flags,
    precision: [texts.precision.scale],
    overview: [
      paragraph(texts.intro),
      ...overviewBlocks(
        general,
        language,
        general.assessment_titles.environment,
        scaleZones,
        readings.map((reading) => reading.figure),
      ),
    ],
    details: [groupSection('work_value'), groupSection('culture'), mixSection, questionSection],
    profileSections: [groupReadings('work_value'), groupReadings('culture'), mixSection, questionSection],
    sentences: unique(byDistance.map((reading) => reading.band.summary)),
    highlights: byDistance.slice(0, 3).map((reading) => ({
      label: fillTemplate(general.summary.highlight_label, { label: reading.figure.label, band: reading.figure.bandLabel, score: formatNumber(language, reading.figure.score) }),
      text: reading.band.headline,
    })),
    strengths: unique(interleave(byDistance.slice(0, 4).map((reading) => reading.band.strengths.slice(0, 2)))),
    risks: unique(interleave(byDistance.slice(0, 4).map((reading) => reading.band.risks.slice(0, 2)))),
    steps: unique(byDistance.slice(0, 3).map((reading) => reading.band.suggestions[0] ?? '')).filter(Boolean),
    lead: first ? labelOf(first.id) : '',
    bands: Object.fromEntries(readings.map((reading) => [reading.scale.id, reading.figure.band])),
  };
}
