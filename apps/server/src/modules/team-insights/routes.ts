import { teamInsightApiPaths } from '@app/contract/api-paths';
import { errorBody, validationErrorBody } from '@app/contract/errors';
import {
  consentEnvelope,
  consentList,
  consentRequest,
  groupMinimumEnvelope,
  groupMinimumRequest,
  memberResultsEnvelope,
  sharedResultsList,
  teamOverviewEnvelope,
  teamOverviewQuery,
} from '@app/contract/team-insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routePath } from '../../lib/route-path.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { findConsent, listConsents, setConsent } from './consent-service.ts';
import { changeGroupMinimum, findGroupMinimum } from './group-minimum-service.ts';
import { findMemberResults, listSharedMembers } from './shared-results-service.ts';
import type { TeamOverviewCache } from './team-overview-cache.ts';
import { teamOverview } from './team-overview-service.ts';

const organisationParams = z.object({ organisationId: z.string() });
const memberParams = organisationParams.extend({ userId: z.string() });
const refusals = { 403: errorBody, 404: errorBody };
const tags = ['team insights'];

/**
 * Team insights (issue 13): a member's consent to show their individual results, those results
 * for a business's owners and admins, the team overview and its group minimum. Whoever has no
 * relation to the organisation gets a 404 for every call, whether it exists or not.
 */
export const teamInsightRoutes: FastifyPluginAsyncZod<{ overviewCache: TeamOverviewCache }> = async (app, { overviewCache }) => {
  app.get(
    teamInsightApiPaths.consents,
    {
      schema: {
        tags,
        summary: 'The caller’s choice in every organisation they belong to: aggregate only (the default) or individual results, and who sees what',
        response: { 200: consentList },
      },
    },
    async (request) => ({ data: await listConsents(app.db, requireAuth(request).userId) }),
  );

  app.get(
    routePath(teamInsightApiPaths.consent, 'organisationId'),
    {
      schema: {
        tags,
        summary: 'The caller’s own choice for this organisation and who sees what of their results; members only',
        params: organisationParams,
        response: { 200: consentEnvelope, 404: errorBody },
      },
    },
    async (request) => ({ data: await findConsent(app.db, requireAuth(request).userId, request.params.organisationId) }),
  );

  app.put(
    routePath(teamInsightApiPaths.consent, 'organisationId'),
    {
      schema: {
        tags,
        summary:
          'Sets the caller’s own choice: `individual` lets the owners and admins of a business see their results, `aggregate_only` (the default) withdraws that at once. Leaving the organisation withdraws it too.',
        params: organisationParams,
        body: consentRequest,
        response: { 200: consentEnvelope, 404: errorBody, 422: validationErrorBody },
      },
    },
    async (request) => ({ data: await setConsent(app.db, requireAuth(request).userId, request.params.organisationId, request.body.visibility, app.clock.now()) }),
  );

  app.get(
    routePath(teamInsightApiPaths.sharedResults, 'organisationId'),
    {
      schema: {
        tags,
        summary: 'The members who share their individual results with the organisation; owners and admins of a business (403 for members)',
        params: organisationParams,
        response: { 200: sharedResultsList, ...refusals },
      },
    },
    async (request) => ({ data: await listSharedMembers(app.db, requireAuth(request).userId, request.params.organisationId) }),
  );

  app.get(
    routePath(teamInsightApiPaths.memberResults, 'organisationId', 'userId'),
    {
      schema: {
        tags,
        summary:
          'One member’s results (as GET /api/assessments/results gives them to the member), only while the member consents; owners and admins of a business. A member without consent answers 403 with the reason and no score; someone who is not a member 404.',
        params: memberParams,
        response: { 200: memberResultsEnvelope, ...refusals },
      },
    },
    async (request) => ({ data: await findMemberResults(app.db, requireAuth(request).userId, request.params.organisationId, request.params.userId) }),
  );

  app.get(
    routePath(teamInsightApiPaths.teamOverview, 'organisationId'),
    {
      schema: {
        tags,
        summary:
          'The team overview: BIG5 domain distributions, top values frequency and culture preferences of the members who completed each set, optionally filtered by position title and tenure. A group below the minimum, or one differing from another shown group by fewer than the minimum, is suppressed with the reason and the message to show. Every member.',
        params: organisationParams,
        querystring: teamOverviewQuery,
        response: { 200: teamOverviewEnvelope, ...refusals },
      },
    },
    async (request) => ({ data: await teamOverview(app.db, overviewCache, requireAuth(request).userId, request.params.organisationId, request.query, app.clock.now()) }),
  );

  app.get(
    routePath(teamInsightApiPaths.groupMinimum, 'organisationId'),
    {
      schema: {
        tags,
        summary: 'The group minimum in force, its default and floor, and every change (who, when), newest first; owners and admins',
        params: organisationParams,
        response: { 200: groupMinimumEnvelope, ...refusals },
      },
    },
    async (request) => ({ data: await findGroupMinimum(app.db, requireAuth(request).userId, request.params.organisationId) }),
  );

  app.put(
    routePath(teamInsightApiPaths.groupMinimum, 'organisationId'),
    {
      schema: {
        tags,
        summary: 'Changes the group minimum (never below 3, event organisers never below 10) and records who changed it and when; owners and admins',
        params: organisationParams,
        body: groupMinimumRequest,
        response: { 200: groupMinimumEnvelope, 422: validationErrorBody, ...refusals },
      },
    },
    async (request) => ({ data: await changeGroupMinimum(app.db, requireAuth(request).userId, request.params.organisationId, request.body.minimum, app.clock.now()) }),
  );
};
