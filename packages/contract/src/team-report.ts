import { z } from 'zod';
import { reportStatus } from './reports.ts';
import { big5Overview, cultureOverview, valuesOverview } from './team-insights.ts';

// Issue 13, "Team insights": the team report, a PDF of the team overview's aggregate pages made
// through the reports pipeline for organisations that bought the team service. An edition is a
// snapshot of the overview when an owner or admin asked for it: per group its size and
// aggregates, or the suppression message the overview would show. Never a name, an e-mail, a free
// text answer or a single person's score.

/** The catalogue service that comes with the team report (docs/decisions.md, "Team report"). */
export const teamReportServiceSku = 'SERVICE-TEAM-PROFILES';

export const teamReportTitle = 'Team report';

export const teamReportMessages = {
  /** 403 for an organisation whose active subscription does not include the team service. */
  serviceRequired: 'Team reports come with the Team personality profiles service. Add it to your organisation’s subscription to create one.',
  /** 403 for a member: only owners and admins ask for an edition. */
  managersOnly: 'Only owners and admins can create a team report.',
  notReady: 'This team report is not ready yet.',
  notFailed: 'Only a team report that could not be made can be tried again.',
} as const;

/** One group of the report: the whole organisation or one filter value, each set shown or suppressed as the team overview decides. */
export const teamReportGroup = z.object({
  kind: z.enum(['organisation', 'position_title', 'tenure', 'event_session']),
  /** The organisation's own text (its name, a position title, a session's name), shown as plain text. */
  label: z.string(),
  big5: big5Overview,
  values: valuesOverview,
  culture: cultureOverview,
});
export type TeamReportGroup = z.infer<typeof teamReportGroup>;

/** What an edition's PDF is drawn from (stored with the edition). */
export const teamReportDocument = z.object({
  organisation_name: z.string(),
  edition: z.number().int(),
  generated_at: z.iso.datetime(),
  minimum: z.number().int(),
  groups: z.array(teamReportGroup),
});
export type TeamReportDocument = z.infer<typeof teamReportDocument>;

export const teamReportItem = z.object({
  id: z.string(),
  edition: z.number().int(),
  status: reportStatus.describe('pending and generating while the PDF is made; ready to download; failed: Try again'),
  created_at: z.iso.datetime(),
  generated_at: z.iso.datetime().nullable(),
  page_count: z.number().int().nullable(),
});
export type TeamReportItem = z.infer<typeof teamReportItem>;

/** `GET /api/organisations/{id}/team-reports`: everyone who may see the team overview. */
export const teamReportList = z.object({
  data: z.object({
    /** True for owners and admins of an organisation whose active subscription includes the team service. */
    can_create: z.boolean().describe('Whether the caller may create a new edition now'),
    /** Why not, when the caller is an owner or admin (null otherwise). */
    unavailable_message: z.string().nullable(),
    reports: z.array(teamReportItem).describe('Editions, newest first'),
  }),
});
export type TeamReportList = z.infer<typeof teamReportList>['data'];

/** `POST /api/organisations/{id}/team-reports`: the same key again answers the edition it made. */
export const createTeamReportRequest = z.object({ request_key: z.uuid() });
export type CreateTeamReportRequest = z.infer<typeof createTeamReportRequest>;

export const teamReportEnvelope = z.object({ data: teamReportItem });
