import type { Big5Result, EnvironmentResult, ValuesResult } from '@app/contract/assessment-results';
import { reportAssessments, reportDocument, type GeneratedReportType, type Percentile, type ReportDocument } from '@app/contract/reports';
import { closingSections } from './closing-sections.ts';
import { composeBig5Part } from './compose-big5.ts';
import { composeComplete } from './compose-complete.ts';
import { composeEnvironmentPart } from './compose-environment.ts';
import { composeValuesPart } from './compose-values.ts';
import { howToReadSection } from './how-to-read.ts';
import type { InterpretationTexts } from './interpretation-schema.ts';
import { shippedInterpretations } from './load-interpretations.ts';
import { paragraph, section } from './report-blocks.ts';
import type { AssessmentId, PercentileLookup } from './norms.ts';
import type { ReportPart } from './report-part.ts';
import { fillTemplate } from './report-template.ts';

export interface ComposeReportInput {
  type: GeneratedReportType;
  personName: string;
  edition: number;
  generatedAt: Date;
  purchasedAt: Date;
  /** The complete profile needs all three; every other report needs its own. */
  results: { big5: Big5Result | null; environment: EnvironmentResult | null; values: ValuesResult | null };
  /** Percentiles of a score against norm groups with >= 100 people; omitted/empty => none. */
  percentiles?: (assessment: 'big5' | 'environment' | 'values', scaleId: string, score: number) => Percentile[];
  /** Default: the shipped English texts. */
  texts?: InterpretationTexts;
}

/** A report was asked for without the results it is made from. */
export class MissingResultsError extends Error {
  override readonly name = 'MissingResultsError';
}

function partOf(id: AssessmentId, input: ComposeReportInput, texts: InterpretationTexts, percentiles: PercentileLookup): ReportPart {
  const missing = () => new MissingResultsError(`The ${input.type} report needs the ${id} results, which are missing`);
  if (id === 'big5') {
    if (!input.results.big5) throw missing();
    return composeBig5Part(input.results.big5, texts, percentiles);
  }
  if (id === 'environment') {
    if (!input.results.environment) throw missing();
    return composeEnvironmentPart(input.results.environment, texts, percentiles);
  }
  if (!input.results.values) throw missing();
  return composeValuesPart(input.results.values, texts, percentiles);
}

/**
 * The report document of one edition, from the stored results and the interpretation texts. Pure:
 * the same input gives the same document. Throws MissingResultsError when a needed result is
 * missing, and a ZodError if the document would not match the contract (a bug, never stored).
 */
export function composeReport(input: ComposeReportInput): ReportDocument {
  const texts = input.texts ?? shippedInterpretations();
  let percentilesShown = false;
  const percentiles: PercentileLookup = (assessment, scaleId, score) => {
    const found = input.percentiles?.(assessment, scaleId, score) ?? [];
    if (found.length > 0) percentilesShown = true;
    return found;
  };

  const needed = reportAssessments[input.type];
  const missing = needed.filter((id) => input.results[id] === null || input.results[id] === undefined);
  if (missing.length > 0) throw new MissingResultsError(`The ${input.type} report needs the ${missing.join(', ')} results, which are missing`);
  const parts = needed.map((id) => partOf(id, input, texts, percentiles));
  const howToRead = howToReadSection(texts, parts, percentilesShown);

  let body: Pick<ReportDocument, 'summary' | 'sections'>;
  if (input.type === 'complete') {
    const byId = (id: AssessmentId) => {
      const part = parts.find((candidate) => candidate.assessment === id);
      if (!part) throw new MissingResultsError(`The complete report needs the ${id} results, which are missing`);
      return part;
    };
    body = composeComplete(texts, { big5: byId('big5'), environment: byId('environment'), values: byId('values') }, input.personName, howToRead);
  } else {
    const [part] = parts;
    if (!part) throw new MissingResultsError(`The ${input.type} report has no results to be made from`);
    body = {
      summary: { sentences: part.sentences.slice(0, 5), highlights: part.highlights.slice(0, 3) },
      sections: [
        section('overview', texts.general.section_titles.overview, [
          paragraph(fillTemplate(texts.general.overview.intro, { name: input.personName, assessment: part.title })),
          ...part.overview,
        ]),
        howToRead,
        ...part.details,
        ...closingSections(texts.general, part),
      ],
    };
  }

  const answersDate = new Date(Math.max(...parts.map((part) => new Date(part.completedAt).getTime())));
  return reportDocument.parse({
    type: input.type,
    title: texts.general.report_titles[input.type],
    person_name: input.personName,
    language: texts.language,
    edition: input.edition,
    generated_at: input.generatedAt.toISOString(),
    purchased_at: input.purchasedAt.toISOString(),
    answers_date: answersDate.toISOString(),
    scoring_versions: parts.map((part) => part.scoringVersion),
    summary: body.summary,
    sections: body.sections,
  });
}
