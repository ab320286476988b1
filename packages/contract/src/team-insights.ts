import { z } from 'zod';
import { assessmentResultsResponse } from './assessment-results.ts';
import { organisationRoles, organisationTypes, type OrganisationType } from './organisations.ts';

// Issue 13, organisations part 2, first slice: a member's consent to show their individual
// results to the organisation, those results for the organisation's owners and admins, and the
// team overview (aggregates that never show a group of fewer than the group minimum, nor two
// groups that differ by fewer than it). Business organisations' own members; shares with human
// capital experts, investors' portfolios and event attendees come later through the same access
// decision on the server.

/** What an organisation may see of one member's results; aggregate only until the member chooses otherwise. */
export const resultVisibilities = ['aggregate_only', 'individual'] as const;
export type ResultVisibility = (typeof resultVisibilities)[number];
export const defaultResultVisibility: ResultVisibility = 'aggregate_only';

/** What one kind of viewer sees of the member's results. */
export const resultSights = ['individual_results', 'aggregates_only', 'nothing'] as const;
export type ResultSight = (typeof resultSights)[number];

export const teamInsightMessages = {
  /** The wording for a group below the minimum. */
  notEnoughResponses: 'Not enough responses to show this group',
  /** A group that could be subtracted from another shown group to single people out. */
  hiddenByDifference: 'This group is hidden because it differs from another group shown here by fewer people than the group minimum, so comparing the two could reveal individual answers.',
  /** GET of a member's results without their consent (403). */
  noConsent: 'This member has not chosen to share their individual results with the organisation.',
  /** Individual results are part of what a business organisation sees (issue 13, "Access by type"). */
  individualResultsNotOffered: 'Individual results are not available for this type of organisation.',
  consentSaved: 'Your choice is saved.',
  minimumTooLow: 'The group minimum cannot be lower than {value}.',
  minimumTooHigh: 'The group minimum cannot be higher than {value}.',
  /** Lowering it once people count would show groups that were hidden before, to those who saw them hidden. */
  minimumOnlyRaised: 'Once people have answered, the group minimum can only be raised: a lower one would show groups that were hidden before.',
  minimumSaved: 'The group minimum is changed.',
} as const;

// ---- Consent -------------------------------------------------------------------------------------

/** One kind of viewer and what it sees of this member's results. */
export const consentAudience = z.object({
  /** A role of the organisation's own members (later also shared organisations). */
  viewer: z.enum(organisationRoles).describe('A role in the organisation'),
  sees: z.enum(resultSights).describe('What that role sees of this member: their individual results, only aggregates, or nothing'),
});
export type ConsentAudience = z.infer<typeof consentAudience>;

/** A Human Capital Expert organisation the organisation shares itself with (issue 13), and what its owners and admins see of this member. */
export const consentExpert = z.object({
  organisation_name: z.string(),
  sees: z.enum(resultSights).describe('What the expert’s owners and admins see of this member under the share’s scope and this choice'),
});
export type ConsentExpert = z.infer<typeof consentExpert>;

export const consentView = z.object({
  organisation_id: z.string(),
  organisation_name: z.string(),
  organisation_type: z.enum(organisationTypes),
  visibility: z.enum(resultVisibilities).describe('aggregate_only (the default) or individual: whether the organisation may see this member’s individual results'),
  /** When individual results were shared; null while aggregate only. */
  shared_since: z.iso.datetime().nullable().describe('When the member chose individual; null while aggregate only'),
  /** Who sees what, given the visibility: owners, admins and members of the organisation. */
  audience: z.array(consentAudience).describe('Who sees what of the member’s results under this choice'),
  /** The HC experts the organisation is shared with (active shares only). */
  experts: z.array(consentExpert).optional().describe('Human Capital Expert organisations the organisation shares itself with, and what each sees of the member'),
});
export type ConsentView = z.infer<typeof consentView>;

/** `GET` and `PUT /api/organisations/{id}/consent` answer this. */
export const consentEnvelope = z.object({ data: consentView });
/** `GET /api/user/organisation-consents`: the caller's choice in every organisation they belong to. */
export const consentList = z.object({ data: z.array(consentView) });

/** `PUT /api/organisations/{id}/consent`: takes effect at once; leaving the organisation withdraws it. */
export const consentRequest = z.object({ visibility: z.enum(resultVisibilities, { error: 'Choose aggregate only or individual results' }) });
export type ConsentRequest = z.infer<typeof consentRequest>;

// ---- Individual results (owners and admins of a business) ----------------------------------------

/** A member who shares their individual results with the organisation. */
export const sharedResultsMember = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  shared_since: z.iso.datetime(),
});
export type SharedResultsMember = z.infer<typeof sharedResultsMember>;

/** `GET /api/organisations/{id}/shared-results`: the consenting members, by name. */
export const sharedResultsList = z.object({ data: z.array(sharedResultsMember) });

/** `GET /api/organisations/{id}/shared-results/{userId}`: that member's results, as they see them themselves. */
export const memberResultsEnvelope = z.object({
  data: sharedResultsMember.extend({ results: assessmentResultsResponse }),
});
export type MemberResults = z.infer<typeof memberResultsEnvelope>['data'];

// ---- Group minimum -------------------------------------------------------------------------------

export const groupMinimumLimits = { floor: 3, eventOrganiserFloor: 10, max: 1000 } as const;

/** The minimum a type starts with (issue 13: 5, event organisers 10). */
export function defaultGroupMinimum(type: OrganisationType): number {
  return type === 'event_organiser' ? 10 : 5;
}

/** The lowest minimum a type may set: never below 3, and never below 10 for event organisers. */
export function groupMinimumFloor(type: OrganisationType): number {
  return type === 'event_organiser' ? groupMinimumLimits.eventOrganiserFloor : groupMinimumLimits.floor;
}

export const groupMinimumChange = z.object({
  minimum: z.number().int(),
  /** Null when the account that made the change was deleted. */
  changed_by: z.object({ user_id: z.string(), name: z.string() }).nullable(),
  changed_at: z.iso.datetime(),
});

/** `GET /api/organisations/{id}/group-minimum` (owners and admins): the minimum in force and every change, newest first. */
export const groupMinimumEnvelope = z.object({
  data: z.object({
    minimum: z.number().int(),
    default: z.number().int(),
    floor: z.number().int(),
    changes: z.array(groupMinimumChange),
  }),
});
export type GroupMinimum = z.infer<typeof groupMinimumEnvelope>['data'];

/** `PUT /api/organisations/{id}/group-minimum`; the floor of the type is checked on the server (422 on `minimum`). */
export const groupMinimumRequest = z.object({
  minimum: z.number({ error: 'Enter a whole number' }).int({ error: 'Enter a whole number' }).max(groupMinimumLimits.max, { error: teamInsightMessages.minimumTooHigh.replace('{value}', String(groupMinimumLimits.max)) }),
});

// ---- Team overview -------------------------------------------------------------------------------

/** Time since joining the organisation (the membership's start). */
export const tenureBands = ['under_6_months', '6_to_12_months', '1_to_2_years', 'over_2_years'] as const;
export type TenureBand = (typeof tenureBands)[number];

/**
 * `GET /api/organisations/{id}/team-overview?position_title=&tenure=&event_session=`; all optional,
 * combined with "and". An event organiser's overview is of its attendees, filtered by session (the
 * session's id) instead of position title.
 */
export const teamOverviewQuery = z.object({
  position_title: z.string().trim().min(1).max(200).optional(),
  tenure: z.enum(tenureBands).optional(),
  event_session: z.string().trim().min(1).max(100).optional(),
});
export type TeamOverviewQuery = z.infer<typeof teamOverviewQuery>;

/** Why a group is not shown. */
export const suppressionReasons = ['below_minimum', 'difference'] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];

/** A group that is not shown: no count, no values, only why (the message to show as it is). */
export const suppressedGroup = z.object({
  status: z.literal('suppressed'),
  reason: z.enum(suppressionReasons).describe('below_minimum: fewer respondents than the minimum; difference: it differs from another group that can be shown by fewer people than the minimum'),
  message: z.string().describe('The sentence to show instead of the values'),
});
export type SuppressedGroup = z.infer<typeof suppressedGroup>;

const shownHeader = {
  status: z.literal('shown'),
  /** People of the group who completed this set (invited or unfinished people never count). */
  respondents: z.number().int().describe('People of the group who completed this set; never below the minimum'),
};

/** Per BIG5 domain, in the bank's order: the mean 0-100 score and how many people score low, average and high. */
export const big5DomainDistribution = z.object({
  id: z.string(),
  label: z.string(),
  mean: z.number().describe('Mean 0-100 score of the respondents, one decimal'),
  bands: z.object({ low: z.number().int(), average: z.number().int(), high: z.number().int() }).describe('Respondents per band'),
});
export const big5Overview = z.discriminatedUnion('status', [z.object({ ...shownHeader, domains: z.array(big5DomainDistribution) }), suppressedGroup]);

/** Per value (Schwartz's ten): how many people rank it among their top three (ties share a rank, so a person may count for more than three). */
export const valueFrequency = z.object({
  id: z.string(),
  label: z.string(),
  top_three: z.number().int().describe('Respondents who rank this value among their top three'),
  share: z.number().describe('top_three as a percentage of the respondents, one decimal'),
});
export const valuesOverview = z.discriminatedUnion('status', [z.object({ ...shownHeader, values: z.array(valueFrequency) }), suppressedGroup]);

/** Per culture preference: the mean share of the person's culture mix (0-100) and how many people prefer it most (first in bank order on a tie). */
export const culturePreference = z.object({
  id: z.string(),
  label: z.string(),
  mean_share: z.number().describe('Mean share (0-100) of this preference in the respondents’ culture mix, one decimal'),
  preferred_by: z.number().int().describe('Respondents for whom this preference has the largest share'),
});
export const cultureOverview = z.discriminatedUnion('status', [z.object({ ...shownHeader, preferences: z.array(culturePreference) }), suppressedGroup]);

export const teamOverview = z.object({
  organisation_id: z.string(),
  /** As its owner typed it: a viewer from another organisation (an HC expert, an investor) learns whose overview it is. */
  organisation_name: z.string(),
  /** The minimum in force: no group shown has fewer respondents, no two shown groups differ by fewer. */
  minimum: z.number().int().describe('The group minimum in force'),
  /** `event_session`: event organisers only. */
  filter: z.object({ position_title: z.string().nullable(), tenure: z.enum(tenureBands).nullable(), event_session: z.string().nullable().optional() }),
  /**
   * What the filters offer: the position titles of the organisation's lists, and the tenure bands;
   * for an event organiser its sessions instead of titles (names are the organiser's own).
   */
  filters: z
    .object({
      position_titles: z.array(z.string()),
      tenures: z.array(z.enum(tenureBands)),
      event_sessions: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
    })
    .describe('The values the position_title, tenure and event_session filters accept'),
  big5: big5Overview,
  values: valuesOverview,
  culture: cultureOverview,
});
export type TeamOverview = z.infer<typeof teamOverview>;
export const teamOverviewEnvelope = z.object({ data: teamOverview });
