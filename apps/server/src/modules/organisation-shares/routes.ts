import { errorBody, validationErrorBody } from '@app/contract/errors';
import {
  auditLogList,
  auditLogQuery,
  clientPeopleList,
  clientPersonEnvelope,
  clientPersonRequest,
  clientPersonUpdate,
  clientShareEnvelope,
  clientShareList,
  expertClientEnvelope,
  expertClientList,
  organisationShareApiPaths as paths,
  shareOfferRequest,
} from '@app/contract/organisation-shares';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routePath } from '../../lib/route-path.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { listAuditLog } from './audit-log.ts';
import { addClientPerson, inviteClientPerson, listClientPeople, removeClientPerson, revokeClientPersonInvitation, updateClientPerson } from './client-people-service.ts';
import { acceptShare, declineShare, listClientShares, listExpertClients, offerShare, revokeShareByClient, revokeShareByExpert } from './share-service.ts';

const clientParams = z.object({ clientId: z.string() });
const shareParams = clientParams.extend({ shareId: z.string() });
const expertParams = z.object({ expertId: z.string() });
const expertClientParams = expertParams.extend({ clientId: z.string() });
const personParams = expertClientParams.extend({ personId: z.string() });
const refusals = { 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['organisation shares'];

/**
 * Sharing a client with a Human Capital Expert (issue 13): the client's side (offer, list, revoke,
 * audit log), the expert's side (clients, accept, decline, revoke) and, within the scope, the
 * client's employees and contractors maintained by the expert. Whoever is not a member of the
 * organisation in the path gets a 404, and so does an expert for a client not shared with it.
 */
export const organisationShareRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, mail: app.mail, clock: app.clock });

  app.get(
    routePath(paths.shares, 'clientId'),
    { schema: { tags, summary: 'The organisation’s shares with Human Capital Experts, newest first; owners and admins', params: clientParams, response: { 200: clientShareList, ...refusals } } },
    async (request) => ({ data: await listClientShares(app.db, requireAuth(request).userId, request.params.clientId) }),
  );

  app.post(
    routePath(paths.shares, 'clientId'),
    {
      schema: {
        tags,
        summary:
          'The owner offers a share to the Human Capital Expert organisation owned by an e-mail address, with a scope (maintain_people, individual_results, aggregates); its owners or admins accept it. One share per pair: refused while one is offered or active.',
        params: clientParams,
        body: shareOfferRequest,
        response: { 201: clientShareEnvelope, 422: validationErrorBody, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await offerShare(app.db, app.mail, requireAuth(request).userId, request.params.clientId, request.body, app.clock.now()) }),
  );

  app.delete(
    routePath(paths.share, 'clientId', 'shareId'),
    { schema: { tags, summary: 'Revokes a share (offered or active): the expert’s access ends at once; owners and admins', params: shareParams, response: { 200: clientShareEnvelope, ...refusals } } },
    async (request) => ({ data: await revokeShareByClient(app.db, requireAuth(request).userId, request.params.clientId, request.params.shareId, app.clock.now()) }),
  );

  app.get(
    routePath(paths.auditLog, 'clientId'),
    {
      schema: {
        tags,
        summary: 'Everything a Human Capital Expert did to the organisation’s people (who, for which organisation, what, on whom, when), newest first, paged; owners and admins',
        params: clientParams,
        querystring: auditLogQuery,
        response: { 200: auditLogList, ...refusals },
      },
    },
    async (request) => listAuditLog(app.db, requireAuth(request).userId, request.params.clientId, request.query),
  );

  app.get(
    routePath(paths.clients, 'expertId'),
    { schema: { tags, summary: 'A Human Capital Expert’s clients: offers waiting, active and ended shares; owners and admins', params: expertParams, response: { 200: expertClientList, ...refusals } } },
    async (request) => ({ data: await listExpertClients(app.db, requireAuth(request).userId, request.params.expertId) }),
  );

  app.post(
    routePath(paths.clientAccept, 'expertId', 'clientId'),
    { schema: { tags, summary: 'Accepts an offered share; owners and admins of the expert', params: expertClientParams, response: { 200: expertClientEnvelope, ...refusals } } },
    async (request) => ({ data: await acceptShare(app.db, requireAuth(request).userId, request.params.expertId, request.params.clientId, app.clock.now()) }),
  );

  app.post(
    routePath(paths.clientDecline, 'expertId', 'clientId'),
    { schema: { tags, summary: 'Declines an offered share; owners and admins of the expert', params: expertClientParams, response: { 200: expertClientEnvelope, ...refusals } } },
    async (request) => ({ data: await declineShare(app.db, requireAuth(request).userId, request.params.expertId, request.params.clientId, app.clock.now()) }),
  );

  app.delete(
    routePath(paths.client, 'expertId', 'clientId'),
    { schema: { tags, summary: 'The expert ends a share (offered or active); owners and admins of the expert', params: expertClientParams, response: { 200: expertClientEnvelope, ...refusals } } },
    async (request) => ({ data: await revokeShareByExpert(app.db, requireAuth(request).userId, request.params.expertId, request.params.clientId, app.clock.now()) }),
  );

  const actor = (userId: string, params: { expertId: string; clientId: string }) => ({ viewerId: userId, expertId: params.expertId, clientId: params.clientId });

  app.get(
    routePath(paths.clientPeople, 'expertId', 'clientId'),
    {
      schema: { tags, summary: 'The client’s employees and contractors with their invitation’s state; within the maintain_people scope', params: expertClientParams, response: { 200: clientPeopleList, ...refusals } },
    },
    async (request) => ({ data: await listClientPeople(deps(), actor(requireAuth(request).userId, request.params)) }),
  );

  app.post(
    routePath(paths.clientPeople, 'expertId', 'clientId'),
    {
      schema: {
        tags,
        summary: 'Adds an employee or a contractor to the client (recorded in its audit log); within the maintain_people scope',
        params: expertClientParams,
        body: clientPersonRequest,
        response: { 201: clientPersonEnvelope, 422: validationErrorBody, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await addClientPerson(deps(), actor(requireAuth(request).userId, request.params), request.body) }),
  );

  app.patch(
    routePath(paths.clientPerson, 'expertId', 'clientId', 'personId'),
    {
      schema: {
        tags,
        summary: 'Changes a person’s position title, name, or e-mail address while they have not joined (recorded in the client’s audit log)',
        params: personParams,
        body: clientPersonUpdate,
        response: { 200: clientPersonEnvelope, 422: validationErrorBody, ...refusals },
      },
    },
    async (request) => ({ data: await updateClientPerson(deps(), actor(requireAuth(request).userId, request.params), request.params.personId, request.body) }),
  );

  app.delete(
    routePath(paths.clientPerson, 'expertId', 'clientId', 'personId'),
    {
      schema: {
        tags,
        summary: 'Takes a person off the client’s lists and withdraws a waiting invitation (recorded in its audit log); a member stays a member',
        params: personParams,
        response: { 204: z.null().describe('Removed'), ...refusals },
      },
    },
    async (request, reply) => {
      await removeClientPerson(deps(), actor(requireAuth(request).userId, request.params), request.params.personId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    routePath(paths.clientPersonInvitation, 'expertId', 'clientId', 'personId'),
    {
      schema: {
        tags,
        summary: 'Sends the person an invitation to join the client as a member, or sends it again with a new link (recorded in its audit log)',
        params: personParams,
        response: { 200: clientPersonEnvelope, 422: validationErrorBody, ...refusals },
      },
    },
    async (request) => ({ data: await inviteClientPerson(deps(), actor(requireAuth(request).userId, request.params), request.params.personId) }),
  );

  app.delete(
    routePath(paths.clientPersonInvitation, 'expertId', 'clientId', 'personId'),
    { schema: { tags, summary: 'Withdraws the person’s waiting invitation (recorded in the client’s audit log)', params: personParams, response: { 200: clientPersonEnvelope, ...refusals } } },
    async (request) => ({ data: await revokeClientPersonInvitation(deps(), actor(requireAuth(request).userId, request.params), request.params.personId) }),
  );
};
