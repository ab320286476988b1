import type { ReportBlock, ReportDocument, ReportSection } from '@app/contract/reports';
import { closingSections, interleave } from './closing-sections.ts';
import type { CompleteTexts, InterpretationTexts } from './interpretation-schema.ts';
import { paragraph, section, unique } from './report-blocks.ts';
import type { AssessmentId } from './norms.ts';
import type { ReportPart } from './report-part.ts';
import { fillTemplate } from './report-template.ts';

export type CompleteParts = Record<AssessmentId, ReportPart>;

/** The order the complete profile tells its parts: who you are, what drives you, where you thrive. */
const partOrder: readonly AssessmentId[] = ['big5', 'values', 'environment'];

type Theme = CompleteTexts['themes'][number];

const conditionKey = (condition: Theme['when'][number]) => `${condition.assessment}:${condition.scale}:${condition.band}`;

/** True when `wider` holds every condition of `narrower` and more. */
function contains(wider: Theme, narrower: Theme): boolean {
  const keys = new Set(wider.when.map(conditionKey));
  return wider.when.length > narrower.when.length && narrower.when.every((condition) => keys.has(conditionKey(condition)));
}

/**
 * The themes whose every condition holds across the three results, in the file's order, leaving
 * out a theme whose conditions a wider matching theme already covers (the three-way theme tells it).
 */
export function matchingThemes(texts: CompleteTexts, parts: CompleteParts): Theme[] {
  const matching = texts.themes.filter((theme) => theme.when.every((condition) => parts[condition.assessment].bands[condition.scale] === condition.band));
  return matching.filter((theme) => !matching.some((other) => contains(other, theme)));
}

/**
 * The complete profile, a profile of its own rather than the three reports in one: a combined
 * summary linking personality, values and environment (themes from complete.json), then each
 * assessment as a top-level section with its overview and, one level down, its compact readings
 * (`ReportPart.profileSections`: per trait and environment scale the score, the band's summary
 * and what it means at work, BIG5 facets in their trait's chart; the values' ranking with each in
 * brief, circle and tensions; the culture mix and questions to ask), then the shared strengths,
 * blind spots and plan.
 */
export function composeComplete(
  texts: InterpretationTexts,
  parts: CompleteParts,
  personName: string,
  howToRead: ReportSection,
): { summary: ReportDocument['summary']; sections: ReportSection[] } {
  const complete = texts.complete;
  const ordered = partOrder.map((id) => parts[id]);
  const themes = matchingThemes(complete, parts);

  const combinedBlocks: ReportBlock[] = [
    paragraph(fillTemplate(complete.intro, { name: personName })),
    paragraph(fillTemplate(complete.portrait, { trait: parts.big5.lead, value: parts.values.lead, culture: parts.environment.lead })),
    paragraph(themes.length > 0 ? complete.themes_intro : complete.no_theme),
    ...themes.map((theme): ReportBlock => ({ kind: 'callout', tone: 'info', title: theme.title, text: theme.text })),
  ];
  // Each part: what it describes and that its own report goes deeper, its overview, then the
  // compact readings (the bundle's single reports already hold the long sections).
  const partSections = ordered.map((part) =>
    section(
      part.assessment,
      part.title,
      [
        paragraph(`${complete.parts_intro[part.assessment]} ${fillTemplate(complete.parts_in_depth[part.assessment], { report: texts.general.report_titles[part.assessment] })}`),
        ...part.overview,
        paragraph(complete.readings_intro[part.assessment]),
      ],
      part.profileSections,
    ),
  );

  const sentences = unique([...themes.slice(0, 2).map((theme) => theme.summary), ...interleave(ordered.map((part) => part.sentences))]).slice(0, 5);
  const highlights = ordered.map((part) => part.highlights[0]).filter((highlight) => highlight !== undefined);

  return {
    summary: { sentences, highlights },
    sections: [
      section('overview', complete.section_title, combinedBlocks),
      howToRead,
      ...partSections,
      ...closingSections(texts.general, {
        strengths: interleave(ordered.map((part) => part.strengths)),
        risks: interleave(ordered.map((part) => part.risks)),
        steps: interleave(ordered.map((part) => part.steps)),
      }),
    ],
  };
}
