import { organisationApiPaths } from '@app/contract/api-paths';
import { errorBody, validationErrorBody } from '@app/contract/errors';
import { acceptedInvitation, invitationEnvelope, invitationList, invitationPreviewEnvelope, invitationRequest } from '@app/contract/organisation-members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routePath } from '../../../lib/route-path.ts';
import { requireAuth } from '../../../plugins/auth.ts';
import { acceptInvitation, inviteMember, listInvitations, previewInvitation, resendInvitation, revokeInvitation } from './invitation-service.ts';

const organisationParams = z.object({ organisationId: z.string() });
const invitationParams = organisationParams.extend({ invitationId: z.string() });
const tokenParams = z.object({ token: z.string().max(200) });
const refusals = { 403: errorBody, 404: errorBody, 409: errorBody, 410: errorBody };

/** Invitations (issue 12): sent, listed, resent and withdrawn by owners and admins; seen and accepted by the invited account. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, mail: app.mail, clock: app.clock });

  app.get(
    routePath(organisationApiPaths.invitations, 'organisationId'),
    { schema: { tags: ['organisations'], summary: 'The invitations still waiting, expired ones included, newest first', params: organisationParams, response: { 200: invitationList, ...refusals } } },
    async (request) => ({ data: await listInvitations(deps(), requireAuth(request).userId, request.params.organisationId) }),
  );

  app.post(
    routePath(organisationApiPaths.invitations, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'Invites an e-mail address as admin or member: a link valid 7 days goes out by e-mail',
        params: organisationParams,
        body: invitationRequest,
        response: { 201: invitationEnvelope, 422: validationErrorBody, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await inviteMember(deps(), requireAuth(request).userId, request.params.organisationId, request.body) }),
  );

  app.post(
    routePath(organisationApiPaths.invitationResend, 'organisationId', 'invitationId'),
    { schema: { tags: ['organisations'], summary: 'Sends the invitation again with a new link; the old link stops working', params: invitationParams, response: { 200: invitationEnvelope, ...refusals } } },
    async (request) => ({ data: await resendInvitation(deps(), requireAuth(request).userId, request.params.organisationId, request.params.invitationId) }),
  );

  app.delete(
    routePath(organisationApiPaths.invitation, 'organisationId', 'invitationId'),
    { schema: { tags: ['organisations'], summary: 'Withdraws a pending invitation', params: invitationParams, response: { 204: z.null().describe('Withdrawn'), ...refusals } } },
    async (request, reply) => {
      await revokeInvitation(deps(), requireAuth(request).userId, request.params.organisationId, request.params.invitationId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    routePath(organisationApiPaths.invitationByToken, 'token'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'What an invitation link offers, for the account with the invited address (verified); 410 when withdrawn, expired or used',
        params: tokenParams,
        response: { 200: invitationPreviewEnvelope, ...refusals },
      },
    },
    async (request) => ({ data: await previewInvitation(deps(), requireAuth(request).userId, request.params.token) }),
  );

  app.post(
    routePath(organisationApiPaths.invitationAccept, 'token'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'Accepts the invitation: the account joins the organisation with its role, once',
        params: tokenParams,
        response: { 200: acceptedInvitation, ...refusals },
      },
    },
    async (request) => ({ data: await acceptInvitation(deps(), requireAuth(request).userId, request.params.token) }),
  );
};
