import type { AssessmentResultsResponse } from '@app/contract/assessment-results';
import { teamInsightMessages, type ConsentView, type GroupMinimum, type TeamOverview } from '@app/contract/team-insights';

// Team insights as the server answers them (issue 13), changed per test by overriding only what
// the test is about.

export const notEnoughResponses = { status: 'suppressed', reason: 'below_minimum', message: teamInsightMessages.notEnoughResponses } as const;
export const hiddenByDifference = { status: 'suppressed', reason: 'difference', message: teamInsightMessages.hiddenByDifference } as const;

const domain = (id: string, label: string, mean: number, bands: { low: number; average: number; high: number }) => ({ id, label, mean, bands });

/** A group of `respondents` people with every set shown. */
export function shownOverview(respondents: number, overrides: Partial<TeamOverview> = {}): TeamOverview {
  return {
    organisation_id: '7d0c4a52-3f6e-4b8a-9c1d-2e5f6a7b8c9d',
    organisation_name: 'Oak & Pine Ltd',
    minimum: 5,
    filter: { position_title: null, tenure: null },
    filters: { position_titles: ['Carpenter', 'Designer'], tenures: ['under_6_months', '6_to_12_months', '1_to_2_years', 'over_2_years'] },
    big5: {
      status: 'shown',
      respondents,
      domains: [
        domain('openness', 'Openness', 64.2, { low: 0, average: 3, high: 2 }),
        domain('conscientiousness', 'Conscientiousness', 55, { low: 1, average: 3, high: 1 }),
        domain('extraversion', 'Extraversion', 41.8, { low: 2, average: 3, high: 0 }),
        domain('agreeableness', 'Agreeableness', 70.4, { low: 0, average: 2, high: 3 }),
        domain('neuroticism', 'Neuroticism', 35.6, { low: 3, average: 2, high: 0 }),
      ],
    },
    values: {
      status: 'shown',
      respondents,
      values: [
        { id: 'benevolence', label: 'Benevolence', top_three: 4, share: 80 },
        { id: 'self_direction', label: 'Self-direction', top_three: 3, share: 60 },
        { id: 'security', label: 'Security', top_three: 2, share: 40 },
      ],
    },
    culture: {
      status: 'shown',
      respondents,
      preferences: [
        { id: 'collaborative', label: 'Collaborative', mean_share: 38.5, preferred_by: 3 },
        { id: 'innovative', label: 'Innovative', mean_share: 27.1, preferred_by: 2 },
      ],
    },
    ...overrides,
  };
}

export function consentFixture(overrides: Partial<ConsentView> = {}): ConsentView {
  return {
    organisation_id: '7d0c4a52-3f6e-4b8a-9c1d-2e5f6a7b8c9d',
    organisation_name: 'Oak & Pine Ltd',
    organisation_type: 'business',
    visibility: 'aggregate_only',
    shared_since: null,
    audience: [
      { viewer: 'owner', sees: 'aggregates_only' },
      { viewer: 'admin', sees: 'aggregates_only' },
      { viewer: 'member', sees: 'aggregates_only' },
    ],
    ...overrides,
  };
}

/** The consent after choosing individual results in a business. */
export function sharedConsent(overrides: Partial<ConsentView> = {}): ConsentView {
  return consentFixture({
    visibility: 'individual',
    shared_since: '2026-11-26T10:00:00.000Z',
    audience: [
      { viewer: 'owner', sees: 'individual_results' },
      { viewer: 'admin', sees: 'individual_results' },
      { viewer: 'member', sees: 'aggregates_only' },
    ],
    ...overrides,
  });
}

export function groupMinimumFixture(overrides: Partial<GroupMinimum> = {}): GroupMinimum {
  return { minimum: 5, default: 5, floor: 3, changes: [], ...overrides };
}

const header = { scoring_version: 'v1', completed_at: '2026-11-20T10:00:00.000Z' };

/** A member's BIG5 results (the other sets not completed). */
export const memberResultsFixture: AssessmentResultsResponse = {
  big5: {
    ...header,
    flags: [],
    traits: [
      { id: 'openness', label: 'Openness', mean: 4.2, score: 81.3, band: 'high', facets: [] },
      { id: 'conscientiousness', label: 'Conscientiousness', mean: 3.5, score: 62.5, band: 'average', facets: [] },
      { id: 'extraversion', label: 'Extraversion', mean: 2.3, score: 31.3, band: 'low', facets: [] },
      { id: 'agreeableness', label: 'Agreeableness', mean: 3.3, score: 56.3, band: 'average', facets: [] },
      { id: 'neuroticism', label: 'Neuroticism', mean: 2, score: 25, band: 'low', facets: [] },
    ],
    emotional_stability: { id: 'emotional_stability', label: 'Emotional stability', score: 75, band: 'high' },
  },
  environment: null,
  values: null,
};
