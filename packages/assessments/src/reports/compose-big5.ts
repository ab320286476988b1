import type { Big5Result, Big5Trait } from '@app/contract/assessment-results';
import type { ReportBlock, ReportSection } from '@app/contract/reports';
import { interleave } from './closing-sections.ts';
import type { Big5Combination, Big5Texts, InterpretationTexts } from './interpretation-schema.ts';
import { errorBandOf, standardError } from './measurement-precision.ts';
import { bandBlocks, borderNote, compactReading, formatNumber, normNote, optionalParagraph, overviewBlocks, paragraph, scaleZones, scoreBlock, section, sectionChart, unique, type ScaleFigure } from './report-blocks.ts';
import type { PercentileLookup } from './norms.ts';
import type { ReportPart } from './report-part.ts';
import { fillTemplate } from './report-template.ts';

interface FacetReading {
  figure: ScaleFigure;
  texts: Big5Texts['traits'][string]['facets'][string];
  /** Said when the facet lies in another band than its trait; null otherwise. */
  contrast: string | null;
}

interface TraitReading {
  trait: Big5Trait;
  figure: ScaleFigure;
  texts: Big5Texts['traits'][string];
  facets: FacetReading[];
  /** How far from the middle of the scale: the most distinctive results are the farthest. */
  distance: number;
}

function traitTexts(texts: Big5Texts, id: string): Big5Texts['traits'][string] {
  const found = texts.traits[id];
  if (!found) throw new Error(`The BIG5 interpretation texts have no trait "${id}"`);
  return found;
}

/** The combination rules whose every condition holds, the strongest (farthest from the middle) first. */
export function matchingCombinations(texts: Big5Texts, result: Big5Result): Big5Combination[] {
  const byId = new Map(result.traits.map((trait) => [trait.id, trait]));
  const strength = (rule: Big5Combination) => rule.when.reduce((sum, condition) => sum + Math.abs((byId.get(condition.scale)?.score ?? 50) - 50), 0);
  return texts.combinations
    .map((rule, index) => ({ rule, index }))
    .filter(({ rule }) => rule.when.every((condition) => byId.get(condition.scale)?.band === condition.band))
    .sort((a, b) => strength(b.rule) - strength(a.rule) || a.index - b.index)
    .map(({ rule }) => rule);
}

export function composeBig5Part(result: Big5Result, all: InterpretationTexts, percentiles: PercentileLookup): ReportPart {
  const texts = all.big5;
  const general = all.general;
  const language = all.language;
  const traitError = standardError(texts.precision.trait);
  const facetError = standardError(texts.precision.facet);

  const figureOf = (id: string, label: string, score: number, band: Big5Trait['band'], error: number): ScaleFigure => {
    const found = percentiles('big5', id, score);
    return {
      id,
      label,
      score,
      band,
      bandLabel: texts.band_labels[band],
      errorBand: errorBandOf(score, error),
      percentiles: found,
      normNote: normNote(general, language, found, scaleZones),
    };
  };

  const facetsOf = (trait: Big5Trait, own: Big5Texts['traits'][string]): FacetReading[] =>
    trait.facets.map((facet) => {
      const facetTexts = own.facets[facet.id];
      if (!facetTexts) throw new Error(`The BIG5 interpretation texts have no facet "${facet.id}" of "${trait.id}"`);
      const contrast =
        facet.band === trait.band
          ? null
          : fillTemplate(texts.facets.contrast, {
              facet: facetTexts.label,
              trait: own.label,
              facet_band: texts.band_labels[facet.band].toLocaleLowerCase(language),
              trait_band: texts.band_labels[trait.band].toLocaleLowerCase(language),
            });
      return { figure: figureOf(facet.id, facetTexts.label, facet.score, facet.band, facetError), texts: facetTexts, contrast };
    });
  const readings: TraitReading[] = result.traits.map((trait) => {
    const own = traitTexts(texts, trait.id);
    const figure = figureOf(trait.id, own.label, trait.score, trait.band, traitError);
    return { trait, texts: own, figure, facets: facetsOf(trait, own), distance: Math.abs(trait.score - 50) };
  });
  const byDistance = [...readings].sort((a, b) => b.distance - a.distance);
  const combinations = matchingCombinations(texts, result);

  // The trait and its facets in one chart, at the top of the trait's section in either report.
  const facetChart = (reading: TraitReading) =>
    sectionChart(general, language, fillTemplate(texts.facets.chart_title, { label: reading.figure.label }), scaleZones, [reading.figure, ...reading.facets.map((entry) => entry.figure)]);

  const traitSection = (reading: TraitReading): ReportSection => {
    const { trait, figure } = reading;
    const band = reading.texts.bands[trait.band];
    // A combination is told once, in the section of the first trait it names.
    const callouts: ReportBlock[] = combinations
      .filter((rule) => rule.when[0]?.scale === trait.id)
      .map((rule) => ({ kind: 'callout', tone: 'info', title: rule.title, text: `${rule.text} ${rule.suggestion}` }));
    const blocks: ReportBlock[] = [
      scoreBlock(figure),
      facetChart(reading),
      ...optionalParagraph(borderNote(general, figure, scaleZones, texts.band_labels)),
      paragraph(reading.texts.description),
      ...bandBlocks(general, band),
      ...callouts,
      paragraph(fillTemplate(texts.facets.intro, { label: figure.label })),
    ];
    const subsections = reading.facets.map((entry) =>
      section(`${trait.id}-${entry.figure.id}`, entry.figure.label, [
        scoreBlock(entry.figure),
        paragraph(`${entry.texts.description} ${entry.texts.bands[entry.figure.band]}${entry.contrast ? ` ${entry.contrast}` : ''}`),
      ]),
    );
    return section(trait.id, figure.label, blocks, subsections);
  };

  // The complete profile's reading of a trait: its score, its facets in the chart, the band's
  // summary and what it means at work, and a note for each facet out of step with the trait.
  const traitReading = (reading: TraitReading): ReportSection => {
    const notes = reading.facets.flatMap((entry) => (entry.contrast === null ? [] : [entry.contrast]));
    return section(reading.trait.id, reading.figure.label, compactReading(reading.figure, reading.texts.bands[reading.trait.band], { chart: facetChart(reading), notes }));
  };

  const overview: ReportBlock[] = [
    paragraph(texts.intro),
    ...overviewBlocks(
      general,
      language,
      all.general.assessment_titles.big5,
      scaleZones,
      readings.map((reading) => reading.figure),
    ),
  ];
  if (combinations.length > 0) {
    overview.push(paragraph(texts.combinations_intro), {
      kind: 'list',
      style: 'plain',
      title: texts.combinations_title,
      items: combinations.map((rule) => `${rule.title}: ${rule.summary}`),
    });
  }

  const bandOf = (reading: TraitReading) => reading.texts.bands[reading.trait.band];
  // A step per area: the two strongest combinations, then the most distinctive traits they leave out.
  const covered = new Set(combinations.slice(0, 2).flatMap((rule) => rule.when.map((condition) => condition.scale)));
  // A trait a combination already speaks for gives its second point, not its first, which the combination's text echoes.
  const ownItems = (reading: TraitReading, list: 'strengths' | 'risks') => bandOf(reading)[list].slice(covered.has(reading.trait.id) ? 1 : 0).slice(0, 2);
  const stepTraits = byDistance.slice(0, 3).filter((reading) => !covered.has(reading.trait.id));
  const traitSentences = byDistance.map((reading) => reading.texts.bands[reading.trait.band].summary);
  const sentences = unique([...traitSentences.slice(0, 3), ...combinations.slice(0, 2).map((rule) => rule.summary), ...traitSentences.slice(3)]);

  return {
    assessment: 'big5',
    title: general.assessment_titles.big5,
    scoringVersion: result.scoring_version,
    completedAt: result.completed_at,
    flags: result.flags,
    precision: [texts.precision.trait, texts.precision.facet],
    overview,
    details: readings.map(traitSection),
    profileSections: readings.map(traitReading),
    sentences,
    highlights: byDistance.slice(0, 3).map((reading) => ({
      label: fillTemplate(general.summary.highlight_label, { label: reading.figure.label, band: reading.figure.bandLabel, score: formatNumber(language, reading.figure.score) }),
      text: reading.texts.bands[reading.trait.band].headline,
    })),
    strengths: unique([...combinations.slice(0, 2).map((rule) => rule.strength), ...interleave(byDistance.map((reading) => ownItems(reading, 'strengths')))]),
    risks: unique([...combinations.slice(0, 2).map((rule) => rule.risk), ...interleave(byDistance.map((reading) => ownItems(reading, 'risks')))]),
    steps: unique([...combinations.slice(0, 2).map((rule) => rule.suggestion), ...stepTraits.map((reading) => bandOf(reading).suggestions[0] ?? '')]).filter(Boolean),
    lead: byDistance[0]?.figure.label ?? '',
    bands: Object.fromEntries(result.traits.map((trait) => [trait.id, trait.band])),
  };
}
