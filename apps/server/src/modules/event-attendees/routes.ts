import { eventApiPaths } from '@app/contract/api-paths';
import { errorBody, validationErrorBody } from '@app/contract/errors';
import { eventEmailInvitationRequest, eventEmailInvitationResult, eventInvitationPreview, eventJoinResult, eventSessionEnvelope, eventSessionList, eventSessionRequest } from '@app/contract/event-attendees';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routePath } from '../../lib/route-path.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { joinEvent, previewEventLink } from './join-service.ts';
import { createSession, inviteByEmail, listSessions, rotateSessionLink } from './sessions-service.ts';

const organisationParams = z.object({ organisationId: z.string() });
const sessionParams = organisationParams.extend({ sessionId: z.string() });
const tokenParams = z.object({ token: z.string().max(200) });
const refusals = { 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['event attendees'];

/**
 * An event organiser's attendees (issue 13): sessions, their shareable links and e-mailed
 * invitations, and the attendee's joining. The organiser's answers hold counts, never a person;
 * the attendees' distributions are the team overview's (team-insights, minimum 10, by session).
 */
export const eventAttendeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, mail: app.mail, clock: app.clock });

  app.get(
    routePath(eventApiPaths.sessions, 'organisationId'),
    {
      schema: {
        tags,
        summary: 'The sessions with their shareable link and counts (sent the link, joined, completed the questionnaire), never who; owners and admins of an event organiser',
        params: organisationParams,
        response: { 200: eventSessionList, ...refusals },
      },
    },
    async (request) => ({ data: await listSessions(deps(), requireAuth(request).userId, request.params.organisationId) }),
  );

  app.post(
    routePath(eventApiPaths.sessions, 'organisationId'),
    {
      schema: { tags, summary: 'Names a new session, with its own shareable link', params: organisationParams, body: eventSessionRequest, response: { 201: eventSessionEnvelope, 422: validationErrorBody, ...refusals } },
    },
    async (request, reply) => reply.code(201).send({ data: await createSession(deps(), requireAuth(request).userId, request.params.organisationId, request.body.name) }),
  );

  app.post(
    routePath(eventApiPaths.linkRotate, 'organisationId', 'sessionId'),
    { schema: { tags, summary: 'Replaces the session’s link; the old link stops working at once', params: sessionParams, response: { 200: eventSessionEnvelope, ...refusals } } },
    async (request) => ({ data: await rotateSessionLink(deps(), requireAuth(request).userId, request.params.organisationId, request.params.sessionId) }),
  );

  app.post(
    routePath(eventApiPaths.emailInvitations, 'organisationId', 'sessionId'),
    {
      schema: {
        tags,
        summary: 'E-mails the session’s link to a list of addresses: validated, de-duplicated, at most 200 per request; an address already sent it is skipped',
        params: sessionParams,
        body: eventEmailInvitationRequest,
        response: { 200: eventEmailInvitationResult, 422: validationErrorBody, ...refusals },
      },
    },
    async (request) => ({ data: await inviteByEmail(deps(), requireAuth(request).userId, request.params.organisationId, request.params.sessionId, request.body.emails) }),
  );

  app.get(
    routePath(eventApiPaths.invitation, 'token'),
    {
      // Public: the link is meant to be shared; it tells a visitor only the event's and session's names.
      config: { public: true },
      schema: { tags, summary: 'What a session’s link is: the event’s and the session’s names (404 for an old or unknown link); public', params: tokenParams, response: { 200: eventInvitationPreview, 404: errorBody } },
    },
    async (request) => ({ data: await previewEventLink(app.db, request.params.token) }),
  );

  app.post(
    routePath(eventApiPaths.join, 'token'),
    { schema: { tags, summary: 'Joins the session as an attendee (once per event: the latest session counts)', params: tokenParams, response: { 200: eventJoinResult, 404: errorBody } } },
    async (request) => ({ data: await joinEvent(deps(), requireAuth(request).userId, request.params.token) }),
  );
};
