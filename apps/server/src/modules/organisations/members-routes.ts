import { organisationApiPaths } from '@app/contract/api-paths';
import { errorBody, validationErrorBody } from '@app/contract/errors';
import { memberList, memberListQuery, memberProgressSummary, memberRoleRequest, ownershipTransferRequest, ownershipTransferView } from '@app/contract/organisation-members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routePath } from '../../lib/route-path.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { acceptOwnership, changeMemberRole, findOwnershipOffer, listMembers, memberProgressSummary as progressSummary, offerOwnership, removeMember, withdrawOwnershipOffer } from './members-service.ts';

const organisationParams = z.object({ organisationId: z.string() });
const memberParams = organisationParams.extend({ userId: z.string() });
const noContent = z.null().describe('Done');
const refusals = { 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * Members of an organisation (issue 12): the list for owners and admins, role changes, leaving and
 * removal, and the transfer of ownership. A caller who is not a member gets a 404.
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routePath(organisationApiPaths.members, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'The members with their role and questionnaire progress (never their answers), paged and searchable by name or e-mail; owners and admins',
        params: organisationParams,
        querystring: memberListQuery,
        response: { 200: memberList, ...refusals },
      },
    },
    async (request) => listMembers(app.db, requireAuth(request).userId, request.params.organisationId, request.query),
  );

  app.get(
    routePath(organisationApiPaths.membersProgress, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'How many members have done, started or not started the questionnaire (counts only, never answers); owners and admins',
        params: organisationParams,
        response: { 200: memberProgressSummary, ...refusals },
      },
    },
    async (request) => ({ data: await progressSummary(app.db, requireAuth(request).userId, request.params.organisationId) }),
  );

  app.patch(
    routePath(organisationApiPaths.member, 'organisationId', 'userId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'Makes a member an admin or a member; only an owner changes an owner, and the last owner keeps the role',
        params: memberParams,
        body: memberRoleRequest,
        response: { 204: noContent, 422: validationErrorBody, ...refusals },
      },
    },
    async (request, reply) => {
      await changeMemberRole(app.db, requireAuth(request).userId, request.params.organisationId, request.params.userId, request.body.role);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    routePath(organisationApiPaths.member, 'organisationId', 'userId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'Removes a member, or leaves when the id is the caller’s; the last owner cannot leave, only an owner removes an owner',
        params: memberParams,
        response: { 204: noContent, ...refusals },
      },
    },
    async (request, reply) => {
      await removeMember(app.db, requireAuth(request).userId, request.params.organisationId, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    routePath(organisationApiPaths.ownershipTransfer, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'The open offer of the ownership, if any',
        params: organisationParams,
        response: { 200: z.object({ data: ownershipTransferView.nullable() }), ...refusals },
      },
    },
    async (request) => ({ data: await findOwnershipOffer(app.db, requireAuth(request).userId, request.params.organisationId) }),
  );

  app.post(
    routePath(organisationApiPaths.ownershipTransfer, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'An owner offers the ownership to another member, who must accept it; the organisation keeps its owner meanwhile',
        params: organisationParams,
        body: ownershipTransferRequest,
        response: { 204: noContent, 422: validationErrorBody, ...refusals },
      },
    },
    async (request, reply) => {
      await offerOwnership(app.db, requireAuth(request).userId, request.params.organisationId, request.body.user_id, app.clock.now());
      return reply.code(204).send(null);
    },
  );

  app.delete(
    routePath(organisationApiPaths.ownershipTransfer, 'organisationId'),
    { schema: { tags: ['organisations'], summary: 'An owner withdraws the open offer of the ownership', params: organisationParams, response: { 204: noContent, ...refusals } } },
    async (request, reply) => {
      await withdrawOwnershipOffer(app.db, requireAuth(request).userId, request.params.organisationId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    routePath(organisationApiPaths.ownershipTransferAccept, 'organisationId'),
    {
      schema: {
        tags: ['organisations'],
        summary: 'The recipient accepts the ownership: they become an owner, the owner who offered it an admin',
        params: organisationParams,
        response: { 204: noContent, ...refusals },
      },
    },
    async (request, reply) => {
      await acceptOwnership(app.db, requireAuth(request).userId, request.params.organisationId);
      return reply.code(204).send(null);
    },
  );
};
