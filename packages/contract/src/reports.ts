import { z } from 'zod';
import { scoreBand } from './assessment-results.ts';
import { reportTypes as purchasableReportTypes } from './basket.ts';
import { errorMessages } from './messages.ts';

// Reports (issue 11): what a buyer gets. The server composes one ReportDocument per edition from
// the stored scores and the interpretation texts (packages/assessments); the web view and the PDF
// both render that same document, block by block, so they can never hold different content.

/**
 * Every report the product generates: the three sold one by one, and the complete profile, which
 * the bundle grants as its fourth report (docs/decisions.md, "Reports").
 */
export const generatedReportTypes = [...purchasableReportTypes, 'complete'] as const;
export const generatedReportType = z.enum(generatedReportTypes);
export type GeneratedReportType = z.infer<typeof generatedReportType>;

/** The assessments whose results each report is made from: it waits until all are complete. */
export const reportAssessments: Record<GeneratedReportType, readonly (typeof purchasableReportTypes)[number][]> = {
  big5: ['big5'],
  environment: ['environment'],
  values: ['values'],
  complete: ['environment', 'big5', 'values'],
};

export const reportStatuses = ['pending', 'generating', 'ready', 'failed'] as const;
export const reportStatus = z.enum(reportStatuses);
export type ReportStatus = z.infer<typeof reportStatus>;

/** Report titles, as the list, the web view, the PDF and its file name show them. */
export const reportTitles: Record<GeneratedReportType, string> = {
  big5: 'BIG5 personality report',
  environment: 'Environment report',
  values: 'Top 10 values report',
  complete: 'Complete profile',
};

/** One row of `GET /api/reports` (spec section 3, Report). Instants are ISO 8601 UTC. */
export const reportListItem = z.object({
  id: z.string(),
  type: generatedReportType,
  title: z.string(),
  status: reportStatus,
  /** When the ready edition was generated; null until then. */
  generated_at: z.iso.datetime().nullable(),
  /** Pages of the PDF; null until ready. */
  page_count: z.number().int().positive().nullable(),
  /** When the order that granted it was paid. */
  purchased_at: z.iso.datetime(),
  created_at: z.iso.datetime(),
  /** 'New purchase': true until first opened on the web or downloaded. */
  is_new: z.boolean(),
  /** Why a pending report waits: the assessments still to finish (empty once it can be made). */
  waiting_for: z.array(z.enum(purchasableReportTypes)),
  /** The current edition (1 for the first; an update with newer answers adds one). */
  edition: z.number().int().positive(),
});
export type ReportListItem = z.infer<typeof reportListItem>;

export const reportList = z.object({ data: z.array(reportListItem) });
export type ReportList = z.infer<typeof reportList>;

/** Any text passes: a report id that is not a uuid, like another person's, is simply not found (404). */
export const reportParams = z.object({
  type: z.string().max(40),
  id: z.string().max(100),
});
export type ReportParams = z.infer<typeof reportParams>;

// ---- The document ----------------------------------------------------------------------------

/** Plus or minus one standard error of measurement around a score, clipped to 0-100. */
export const errorBand = z.object({ low: z.number().min(0).max(100), high: z.number().min(0).max(100) });
export type ErrorBand = z.infer<typeof errorBand>;

/** A percentile against a norm group, when that group has enough people (at least 100). */
export const percentile = z.object({
  /** 'everyone', or an age band: 'under_25', '25_39', '40_54', '55_plus'. */
  group: z.string(),
  group_label: z.string(),
  /** 1-99. */
  value: z.number().int().min(1).max(99),
  group_size: z.number().int(),
});
export type Percentile = z.infer<typeof percentile>;

/** One bar of a score chart: a scale or facet on 0-100 with its error band. */
export const scoreBar = z.object({
  id: z.string(),
  label: z.string(),
  score: z.number().min(0).max(100),
  band: scoreBand,
  error_band: errorBand,
});
export type ScoreBar = z.infer<typeof scoreBar>;

/** Where the bands change on 0-100 (low below `low_below`, high above `high_above`). */
export const bandZones = z.object({ low_below: z.number(), high_above: z.number() });
export type BandZones = z.infer<typeof bandZones>;

export const reportBlock = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('paragraph'), text: z.string() }),
  /** A titled list: strengths, risks, suggestions, questions to ask, steps of a plan. */
  z.object({
    kind: z.literal('list'),
    style: z.enum(['strengths', 'risks', 'suggestions', 'questions', 'steps', 'plain']),
    title: z.string(),
    items: z.array(z.string()).min(1),
  }),
  /** The headline figure of one scale: score, band, error band, percentiles when there are norms. */
  z.object({
    kind: z.literal('score'),
    id: z.string(),
    label: z.string(),
    score: z.number().min(0).max(100),
    band: scoreBand,
    band_label: z.string(),
    error_band: errorBand,
    percentiles: z.array(percentile),
    /** Says which norm group the band comes from, or that it comes from the scale alone. */
    norm_note: z.string(),
  }),
  /** Horizontal bars on 0-100 with the band zones shaded and each bar's error band drawn. */
  z.object({
    kind: z.literal('bar_chart'),
    title: z.string(),
    /** Alternative text: the chart said in words (PDF tag and web description). */
    alt: z.string(),
    zones: bandZones,
    bars: z.array(scoreBar).min(1),
  }),
  /** Schwartz's circle: the ten values in circular order with how much each matters (centred). */
  z.object({
    kind: z.literal('values_circle'),
    title: z.string(),
    alt: z.string(),
    values: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        /** The value's mean minus the person's overall mean (1-6 answer scale). */
        centred: z.number(),
        rank: z.number().int().positive(),
        /** The higher-order motive the value sits in (hedonism: 'openness_to_change'). */
        motive: z.string(),
      }),
    ),
    motives: z.array(z.object({ id: z.string(), label: z.string(), centred: z.number() })),
  }),
  /** Shares that add up to 100 (the environment report's culture mix). */
  z.object({
    kind: z.literal('share_chart'),
    title: z.string(),
    alt: z.string(),
    shares: z.array(z.object({ id: z.string(), label: z.string(), share: z.number().int().min(0).max(100) })),
  }),
  /** A highlighted note: 'interpret with caution', how to read, a tension between two values. */
  z.object({
    kind: z.literal('callout'),
    tone: z.enum(['info', 'caution']),
    title: z.string(),
    text: z.string(),
  }),
  /** A small table: the data behind a chart, or the ranked top 10. */
  z.object({
    kind: z.literal('table'),
    caption: z.string(),
    columns: z.array(z.string()).min(1),
    rows: z.array(z.array(z.string())),
  }),
]);
export type ReportBlock = z.infer<typeof reportBlock>;
export type ReportBlockKind = ReportBlock['kind'];

/** A titled part of the report; sections nest one level (a trait and its facets). */
export interface ReportSection {
  /** Stable anchor for the table of contents (`#section-openness`). */
  id: string;
  title: string;
  blocks: ReportBlock[];
  subsections: ReportSection[];
}
export const reportSection: z.ZodType<ReportSection> = z.lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    blocks: z.array(reportBlock),
    subsections: z.array(reportSection),
  }),
);

export const reportDocument = z.object({
  type: generatedReportType,
  title: z.string(),
  /** The person's name as they gave it: always drawn as text, never interpreted. */
  person_name: z.string(),
  /** BCP 47 language of the texts. */
  language: z.string(),
  edition: z.number().int().positive(),
  generated_at: z.iso.datetime(),
  purchased_at: z.iso.datetime(),
  /** When the newest answer the scores come from was given. */
  answers_date: z.iso.datetime(),
  /** The scoring rules and bank versions the scores come from, e.g. "big5:1/scoring:1". */
  scoring_versions: z.array(z.string()),
  /** 'You in five sentences' and the three most distinctive results, shown on one page. */
  summary: z.object({
    sentences: z.array(z.string()).min(1),
    highlights: z.array(z.object({ label: z.string(), text: z.string() })),
  }),
  sections: z.array(reportSection).min(1),
});
export type ReportDocument = z.infer<typeof reportDocument>;

/**
 * The optional AI narrative of the current edition (issue 11), written from the scores alone:
 * 'pending' while it is being written (the web asks again), 'ready' with its plain text, or
 * 'unavailable' with spec section 8's message when the AI endpoint failed (then it can be retried).
 */
export const reportNarrativeStatuses = ['pending', 'ready', 'unavailable'] as const;
export const reportNarrative = z.object({
  status: z.enum(reportNarrativeStatuses),
  /** Plain text, paragraphs separated by a blank line; never markup. Set when ready. */
  text: z.string().nullable(),
  /** Spec section 8's message when the AI endpoint failed. */
  message: z.string().nullable(),
});
export type ReportNarrative = z.infer<typeof reportNarrative>;

/** `POST /api/reports/{type}/{id}/narrative`: the narrative, pending again. */
export const reportNarrativeEnvelope = z.object({ data: reportNarrative });

/** `GET /api/reports/{type}/{id}`: the row and its ready document. */
export const reportView = z.object({
  data: z.object({
    report: reportListItem,
    document: reportDocument,
    /** The person changed answers after this edition: a free update with the latest answers is offered. */
    update_available: z.boolean(),
    /** The optional AI narrative; null when no AI endpoint is configured. */
    narrative: reportNarrative.nullable(),
  }),
});
export type ReportView = z.infer<typeof reportView>;

export const reportEnvelope = z.object({ data: reportListItem });
export type ReportEnvelope = z.infer<typeof reportEnvelope>;

export const reportMessages = {
  /** 409 while a report is pending, generating or failed. */
  notReady: 'This report is not ready yet. It appears here as soon as it has been generated.',
  /** 404 on every report route for a report that is not the caller's, or does not exist. */
  notFound: 'Report not found.',
  /** 409 on retry of a report that has not failed. */
  notFailed: 'Only a report whose generation failed can be tried again.',
  /** 409 on update when the answers have not changed since the current edition. */
  upToDate: 'This report already uses your latest answers.',
  /** Spec section 8, shown on the web view when the AI narrative could not be written. */
  aiUnavailable: errorMessages.aiUnavailable,
  /** 409 on the narrative's retry when no AI endpoint is configured. */
  narrativeDisabled: 'Personal narratives are not offered here.',
  /** 409 on the narrative's retry while it is being written or once it is written. */
  narrativeNotFailed: 'Only a narrative that could not be written can be tried again.',
} as const;
