import type { ScoreBand } from '@app/contract/assessment-results';
import type { BandZones, ErrorBand, Percentile, ReportBlock, ReportSection, ScoreBar } from '@app/contract/reports';
import type { BandText, GeneralTexts } from './interpretation-schema.ts';
import { fillTemplate } from './report-template.ts';

// The building blocks every part of a report shares: score blocks, charts with their words, the
// data table, the lists. Numbers are formatted for the texts' language; nothing builds markup.

/** The BIG5 cut-offs on 0-100 (mean 2.5 and 3.5 on 1-5), also used for environment scales. */
export const scaleZones: BandZones = { low_below: 37.5, high_above: 62.5 };

/** low below `low_below`, high above `high_above`, average between (both ends inclusive). */
export function bandOf(score: number, zones: BandZones): ScoreBand {
  if (score < zones.low_below) return 'low';
  if (score > zones.high_above) return 'high';
  return 'average';
}

export function formatNumber(language: string, value: number, decimals = 0): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value + 0);
}

/** One scale as the report shows it: its numbers, its band and everything needed to say them. */
export interface ScaleFigure {
  id: string;
  label: string;
  score: number;
  band: ScoreBand;
  bandLabel: string;
  errorBand: ErrorBand;
  percentiles: Percentile[];
  normNote: string;
}

export function scoreBlock(figure: ScaleFigure): ReportBlock {
  return {
    kind: 'score',
    id: figure.id,
    label: figure.label,
    score: figure.score,
    band: figure.band,
    band_label: figure.bandLabel,
    error_band: figure.errorBand,
    percentiles: figure.percentiles,
    norm_note: figure.normNote,
  };
}

/**
 * Which norm groups the percentiles come from, or that there is none and the band comes from the
 * scale alone; `bandNote` replaces what is said about the band when it comes from elsewhere (values).
 */
export function normNote(general: GeneralTexts, language: string, percentiles: readonly Percentile[], zones: BandZones, bandNote?: string): string {
  const cutOffs = { low: formatNumber(language, zones.low_below, 1), high: formatNumber(language, zones.high_above, 1) };
  if (percentiles.length === 0) return bandNote ? `${general.score.no_norm_group} ${bandNote}` : fillTemplate(general.score.norm_none, cutOffs);
  const groups = percentiles.map((entry) => fillTemplate(general.score.norm_group, { group: entry.group_label, size: formatNumber(language, entry.group_size) })).join(', ');
  return `${fillTemplate(general.score.norm_some, { groups })} ${bandNote ?? fillTemplate(general.score.band_from_scale, cutOffs)}`;
}

/**
 * A sentence when the score's likely range crosses a band border (the band could as well be the
 * neighbouring one), or null. `bandLabels` names the bands as this part of the report does.
 */
export function borderNote(general: GeneralTexts, figure: ScaleFigure, zones: BandZones, bandLabels: Record<ScoreBand, string>): string | null {
  const { low, high } = figure.errorBand;
  const crosses = (cut: number) => low < cut && cut < high;
  let neighbour: ScoreBand | null = null;
  if (crosses(zones.low_below)) neighbour = figure.band === 'low' ? 'average' : 'low';
  else if (crosses(zones.high_above)) neighbour = figure.band === 'high' ? 'average' : 'high';
  return neighbour === null ? null : fillTemplate(general.score.border_note, { label: figure.label, band: bandLabels[neighbour] });
}

export function toBar(figure: ScaleFigure): ScoreBar {
  return { id: figure.id, label: figure.label, score: figure.score, band: figure.band, error_band: figure.errorBand };
}

/** The chart in words: every bar with its score, band and error band, in the chart's order. */
export function barsInWords(general: GeneralTexts, language: string, figures: readonly ScaleFigure[]): string {
  return figures
    .map((figure) =>
      fillTemplate(general.overview.bar_alt, {
        label: figure.label,
        score: formatNumber(language, figure.score),
        band: figure.bandLabel.toLowerCase(),
        low: formatNumber(language, figure.errorBand.low),
        high: formatNumber(language, figure.errorBand.high),
      }),
    )
    .join('; ');
}

export function barChart(title: string, alt: string, zones: BandZones, figures: readonly ScaleFigure[]): ReportBlock {
  return { kind: 'bar_chart', title, alt, zones, bars: figures.map(toBar) };
}

/** Highest score first; equal scores keep the given order. */
export function sortedByScore<T extends { score: number }>(entries: readonly T[]): T[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.score - a.entry.score || a.index - b.index)
    .map(({ entry }) => entry);
}

function percentilesInWords(general: GeneralTexts, figure: ScaleFigure): string {
  if (figure.percentiles.length === 0) return general.overview.no_percentiles;
  return figure.percentiles.map((entry) => fillTemplate(general.overview.percentile_entry, { group: entry.group_label, value: entry.value })).join(', ');
}

/** The data behind a chart: one row per scale with score, band, error band and percentiles. */
export function dataTable(general: GeneralTexts, language: string, caption: string, figures: readonly ScaleFigure[]): ReportBlock {
  const columns = general.overview.columns;
  return {
    kind: 'table',
    caption,
    columns: [columns.scale, columns.score, columns.band, columns.error_band, columns.percentiles],
    rows: figures.map((figure) => [
      figure.label,
      formatNumber(language, figure.score, 1),
      figure.bandLabel,
      fillTemplate(general.overview.error_band_range, { low: formatNumber(language, figure.errorBand.low, 1), high: formatNumber(language, figure.errorBand.high, 1) }),
      percentilesInWords(general, figure),
    ]),
  };
}

/** The overview of one assessment: all scales sorted by score as a chart, then the same as a table. */
export function overviewBlocks(general: GeneralTexts, language: string, assessmentTitle: string, zones: BandZones, figures: readonly ScaleFigure[]): ReportBlock[] {
  const sorted = sortedByScore(figures);
  return [
    barChart(
      fillTemplate(general.overview.chart_title, { assessment: assessmentTitle }),
      fillTemplate(general.overview.chart_alt, { assessment: assessmentTitle, bars: barsInWords(general, language, sorted) }),
      zones,
      sorted,
    ),
    dataTable(general, language, fillTemplate(general.overview.table_caption, { assessment: assessmentTitle }), sorted),
  ];
}

/** The small chart at the top of a detail section (a trait and its facets, or a scale and the person's average). */
export function sectionChart(general: GeneralTexts, language: string, label: string, zones: BandZones, figures: readonly ScaleFigure[]): ReportBlock {
  return barChart(
    fillTemplate(general.overview.section_chart_title, { label }),
    fillTemplate(general.overview.section_chart_alt, { bars: barsInWords(general, language, figures) }),
    zones,
    figures,
  );
}

export function paragraph(text: string): ReportBlock {
  return { kind: 'paragraph', text };
}

/** A paragraph when there is text, nothing otherwise (to spread into a block list). */
export function optionalParagraph(text: string | null): ReportBlock[] {
  return text === null ? [] : [paragraph(text)];
}

/** Paragraphs for meaning, work, teams and relationships, then strengths, risks and suggestions. */
export function bandBlocks(general: GeneralTexts, text: BandText): ReportBlock[] {
  return [
    paragraph(text.meaning),
    paragraph(text.work),
    paragraph(text.teams),
    paragraph(text.relationships),
    { kind: 'list', style: 'strengths', title: general.lists.strengths, items: [...text.strengths] },
    { kind: 'list', style: 'risks', title: general.lists.risks, items: [...text.risks] },
    { kind: 'list', style: 'suggestions', title: general.lists.suggestions, items: [...text.suggestions] },
  ];
}

/**
 * The complete profile's compact reading of one scale: the score block, what the band says about
 * the person and what it means at work in one paragraph, any `notes` (a facet out of step with its
 * trait), then a chart when given (a trait and its facets). The score block leaves out the norm
 * note, which would repeat one sentence on every card: 'How to read this report' says where the
 * bands come from (and the values part how values are banded), and the card still lists its
 * percentiles with their groups. No border note either: the card draws the likely range across
 * the bands, and 'How to read this report' explains what a score near a border means.
 */
export function compactReading(figure: ScaleFigure, text: BandText, options: { notes?: readonly string[]; chart?: ReportBlock } = {}): ReportBlock[] {
  return [
    scoreBlock({ ...figure, normNote: '' }),
    paragraph(`${text.summary} ${text.work}`),
    ...(options.notes ?? []).map(paragraph),
    ...(options.chart ? [options.chart] : []),
  ];
}

/** A section; its anchor is `section-` and the given id in kebab case (`section-working-conditions`). */
export function section(id: string, title: string, blocks: ReportBlock[], subsections: ReportSection[] = []): ReportSection {
  return { id: `section-${id.replaceAll('_', '-')}`, title, blocks, subsections };
}

/** Distinct texts in their first order (two scales may share a sentence). */
export function unique(texts: readonly string[]): string[] {
  return [...new Set(texts)];
}
