import type { ScoreBand, ValueScore, ValuesResult } from '@app/contract/assessment-results';
import type { BandZones, ReportBlock, ReportSection } from '@app/contract/reports';
import { valueIds } from '../bank-schema.ts';
import { circleDistance, tensionDistance, type InterpretationTexts, type ValuesTexts } from './interpretation-schema.ts';
import { errorBandOf, standardError } from './measurement-precision.ts';
import { bandBlocks, dataTable, formatNumber, normNote, overviewBlocks, paragraph, scoreBlock, section, sectionChart, unique, type ScaleFigure } from './report-blocks.ts';
import { interleave } from './closing-sections.ts';
import type { PercentileLookup } from './norms.ts';
import type { ReportPart } from './report-part.ts';
import { fillTemplate } from './report-template.ts';

// Values carry no score on 0-100 and no band in the results. The report defines them (documented
// in the package README): score = (mean - 1) / 5 x 100 from the 1-6 'like me' mean; band from the
// centred score (value mean minus the person's own mean over all values items): high when more
// than `centred_cutoff` above it, low when more than that below, average between. Bands compare a
// value with the person's other values, because people use the 'like me' scale differently.

/** The 1-6 mean on 0-100, one decimal, within 0-100. */
export const valueScore = (mean: number) => Math.min(100, Math.max(0, Math.round(((mean - 1) / 5) * 1000) / 10));

export function valueBand(centred: number, cutoff: number): ScoreBand {
  if (centred > cutoff) return 'high';
  if (centred < -cutoff) return 'low';
  return 'average';
}

/** Where the bands change on the 0-100 chart: the person's own mean plus or minus the cut-off. */
export function valueZones(overallMean: number, cutoff: number): BandZones {
  return { low_below: valueScore(overallMean - cutoff), high_above: valueScore(overallMean + cutoff) };
}

function valueTexts(texts: ValuesTexts, id: string): ValuesTexts['values'][string] {
  const found = texts.values[id];
  if (!found) throw new Error(`The values interpretation texts have no value "${id}"`);
  return found;
}

/** Two values across the circle pull against each other when both rank near the top and above the person's own mean. */
export function valueTensions(texts: ValuesTexts, values: readonly ValueScore[]): ValuesTexts['tensions'] {
  const strong = (id: string) => {
    const value = values.find((entry) => entry.id === id);
    return value !== undefined && value.rank <= texts.tension_top_ranks && value.centred > 0;
  };
  const rankSum = (tension: ValuesTexts['tensions'][number]) => tension.values.reduce((sum, id) => sum + (values.find((entry) => entry.id === id)?.rank ?? 10), 0);
  return texts.tensions
    .filter((tension) => circleDistance(tension.values[0], tension.values[1]) >= tensionDistance && tension.values.every(strong))
    .sort((a, b) => rankSum(a) - rankSum(b));
}

const signed = (language: string, value: number) => `${value > 0 ? '+' : ''}${formatNumber(language, value, 2)}`;

export function composeValuesPart(result: ValuesResult, all: InterpretationTexts, percentiles: PercentileLookup): ReportPart {
  const texts = all.values;
  const general = all.general;
  const language = all.language;
  const error = standardError(texts.precision.value);
  const cutoff = texts.centred_cutoff;
  const zones = valueZones(result.overall_mean, cutoff);
  const bandNote = fillTemplate(texts.band_note, { cutoff: formatNumber(language, cutoff, 1) });

  const motiveOf = (id: string) => result.higher_order.find((group) => group.values.includes(id))?.id ?? '';
  const motiveLabel = (id: string) => texts.motives[id]?.label ?? id;
  const readings = result.top_values.map((value) => {
    const own = valueTexts(texts, value.id);
    const score = valueScore(value.mean);
    const band = valueBand(value.centred, cutoff);
    const found = percentiles('values', value.id, score);
    const figure: ScaleFigure = {
      id: value.id,
      label: own.label,
      score,
      band,
      bandLabel: texts.band_labels[band],
      errorBand: errorBandOf(score, error),
      percentiles: found,
      normNote: normNote(general, language, found, zones, bandNote),
    };
    return { value, texts: own, figure, band: own.bands[band] };
  });
  const average: ScaleFigure = {
    id: 'overall_average',
    label: texts.average_bar_label,
    score: valueScore(result.overall_mean),
    band: 'average',
    bandLabel: texts.band_labels.average,
    errorBand: errorBandOf(valueScore(result.overall_mean), error),
    percentiles: [],
    normNote: normNote(general, language, [], zones, bandNote),
  };
  // Already in rank order (the results list the top 10 that way).
  const ranked = [...readings].sort((a, b) => a.value.rank - b.value.rank);

  const valueSection = (reading: (typeof readings)[number]): ReportSection =>
    section(`value-${reading.value.id}`, reading.figure.label, [
      scoreBlock(reading.figure),
      sectionChart(general, language, reading.figure.label, zones, [reading.figure, average]),
      paragraph(reading.texts.description),
      ...bandBlocks(general, reading.band),
    ]);

  // The ranked top 10: a table and a sentence on the first three.
  const [first, second, third] = ranked;
  const top10Blocks: ReportBlock[] = [
    paragraph(texts.top10.intro),
    {
      kind: 'table',
      caption: texts.top10.caption,
      columns: [texts.top10.columns.rank, texts.top10.columns.value, texts.top10.columns.score, texts.top10.columns.band, texts.top10.columns.motive],
      rows: ranked.map((reading) => [String(reading.value.rank), reading.figure.label, formatNumber(language, reading.figure.score, 1), reading.figure.bandLabel, motiveLabel(motiveOf(reading.value.id))]),
    },
    paragraph(fillTemplate(texts.top10.top_three, { first: first?.figure.label ?? '', second: second?.figure.label ?? '', third: third?.figure.label ?? '' })),
  ];

  // Schwartz's circle in its fixed order, and the four higher-order motives.
  const inCircle = valueIds.map((id) => readings.find((reading) => reading.value.id === id)).filter((reading) => reading !== undefined);
  const motives = result.higher_order.map((group) => ({ id: group.id, label: motiveLabel(group.id), centred: group.centred }));
  const circle: ReportBlock = {
    kind: 'values_circle',
    title: texts.circle.title,
    alt: fillTemplate(texts.circle.alt, {
      values: inCircle.map((reading) => fillTemplate(texts.circle.value_entry, { label: reading.figure.label, rank: reading.value.rank, centred: signed(language, reading.value.centred) })).join(', '),
      motives: motives.map((motive) => fillTemplate(texts.circle.motive_entry, { label: motive.label, centred: signed(language, motive.centred) })).join(', '),
    }),
    values: inCircle.map((reading) => ({ id: reading.value.id, label: reading.figure.label, centred: reading.value.centred, rank: reading.value.rank, motive: motiveOf(reading.value.id) })),
    motives,
  };
  const motiveBlocks: ReportBlock[] = [
    paragraph(texts.motives_section.intro),
    circle,
    ...[...result.higher_order]
      .sort((a, b) => b.centred - a.centred)
      .map((group): ReportBlock => {
        const own = texts.motives[group.id];
        if (!own) throw new Error(`The values interpretation texts have no motive "${group.id}"`);
        return paragraph(`${own.label} (${signed(language, group.centred)}): ${own.description} ${own[valueBand(group.centred, cutoff)]}`);
      }),
  ];

  const tensions = valueTensions(texts, result.top_values);
  const tensionBlocks: ReportBlock[] = [
    paragraph(tensions.length > 0 ? texts.tensions_section.intro : texts.tensions_section.none),
    ...tensions.map((tension): ReportBlock => ({ kind: 'callout', tone: 'info', title: tension.title, text: tension.text })),
  ];

  const top10 = section('top-10', texts.top10.section_title, top10Blocks);
  // The complete profile's top 10: the ranking, then each value in brief in rank order, one list
  // item each (what it says about the person and what it means at work). No card or section per
  // value: the ranking table holds each score and band, the overview chart each likely range.
  const top10Readings = section('top-10', texts.top10.section_title, [
    ...top10Blocks,
    {
      kind: 'list',
      style: 'plain',
      title: all.complete.values_readings_title,
      items: ranked.map((reading) => `${reading.figure.label}: ${reading.band.summary} ${reading.band.work}`),
    },
  ]);
  const motivesSection = section('motives', texts.motives_section.title, motiveBlocks);
  const tensionsSection = section('tensions', texts.tensions_section.title, tensionBlocks);
  const valueSections = ranked.map(valueSection);
  const byDistance = [...readings].sort((a, b) => Math.abs(b.value.centred) - Math.abs(a.value.centred));
  const last = [...ranked].reverse();

  return {
    assessment: 'values',
    title: general.assessment_titles.values,
    scoringVersion: result.scoring_version,
    completedAt: result.completed_at,
    flags: result.flags,
    precision: [texts.precision.value],
    overview: [
      paragraph(texts.intro),
      paragraph(texts.scoring_note),
      ...overviewBlocks(
        general,
        language,
        general.assessment_titles.values,
        zones,
        readings.map((reading) => reading.figure),
      ).filter((block) => block.kind !== 'table'),
      dataTable(
        general,
        language,
        fillTemplate(general.overview.table_caption, { assessment: general.assessment_titles.values }),
        ranked.map((reading) => reading.figure),
      ),
    ],
    details: [top10, motivesSection, tensionsSection, ...valueSections],
    profileSections: [top10Readings, motivesSection, tensionsSection],
    // The three that matter most, the tension if any, then what matters least.
    sentences: unique([
      ...ranked.slice(0, 3).map((reading) => reading.band.summary),
      ...tensions.slice(0, 1).map((tension) => tension.summary),
      ...last.slice(0, 2).map((reading) => reading.band.summary),
      ...ranked.slice(3).map((reading) => reading.band.summary),
    ]),
    // Most distinctive for values: the highest ranks, the 'top' of the Top 10.
    highlights: ranked.slice(0, 3).map((reading) => ({
      label: fillTemplate(general.summary.highlight_label, { label: reading.figure.label, band: reading.figure.bandLabel, score: formatNumber(language, reading.figure.score) }),
      text: reading.band.headline,
    })),
    strengths: unique(interleave(byDistance.slice(0, 4).map((reading) => reading.band.strengths.slice(0, 2)))),
    risks: unique([...tensions.map((tension) => tension.summary), ...interleave(byDistance.slice(0, 4).map((reading) => reading.band.risks.slice(0, 2)))]),
    steps: unique([...ranked.slice(0, 2), ...last.slice(0, 1)].map((reading) => reading.band.suggestions[0] ?? '')).filter(Boolean),
    lead: ranked[0]?.figure.label ?? '',
    bands: Object.fromEntries(readings.map((reading) => [reading.value.id, reading.figure.band])),
  };
}
