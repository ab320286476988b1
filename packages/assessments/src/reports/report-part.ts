import type { ResultFlag, ScoreBand } from '@app/contract/assessment-results';
import type { ReportBlock, ReportSection } from '@app/contract/reports';
import type { Precision } from './interpretation-schema.ts';
import type { AssessmentId } from './norms.ts';

/**
 * What one assessment contributes to a report. A single report shows one part; the complete
 * profile puts three together and links them.
 */
export interface ReportPart {
  assessment: AssessmentId;
  title: string;
  scoringVersion: string;
  completedAt: string;
  flags: readonly ResultFlag[];
  /** The reliability figures the error bands of this part use, for 'How to read this report'. */
  precision: Precision[];
  /** Intro, the chart of every scale sorted by score and its table, and anything else that belongs up front. */
  overview: ReportBlock[];
  /** The detail sections of the single report (they may have subsections). */
  details: ReportSection[];
  /**
   * The complete profile's compact readings of this part, one level down in its section: BIG5 and
   * environment give per scale the score block and a paragraph (the band's summary and what it
   * means at work; BIG5 facets in their trait's chart), then environment the culture mix and the
   * questions to ask; values give the ranked top 10 with each value in brief, the circle and the
   * tensions. The single report holds the long sections.
   */
  profileSections: ReportSection[];
  /** Sentences for 'you in five sentences', best first; at least five. */
  sentences: string[];
  /** The most distinctive results, most distinctive first; at least three. */
  highlights: { label: string; text: string }[];
  strengths: string[];
  risks: string[];
  steps: string[];
  /** The label of the part's leading result (most distinctive trait, first value, largest culture), for the complete profile's portrait. */
  lead: string;
  /** Band per scale id, for the complete profile's themes. */
  bands: Record<string, ScoreBand>;
}
