import { portfolioApiPaths } from '@app/contract/api-paths';
import { errorBody, validationErrorBody } from '@app/contract/errors';
import { investorLinkList, portfolioAcceptRequest, portfolioEntryEnvelope, portfolioInvitationPreview, portfolioInvitationRequest, portfolioList } from '@app/contract/portfolio';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routePath } from '../../lib/route-path.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { endPortfolioLink, invitePortfolioCompany, listPortfolio, resendPortfolioInvitation } from './portfolio-service.ts';
import { acceptPortfolioInvitation, endInvestorLink, listInvestors, previewPortfolioInvitation } from './representative-service.ts';

const organisationParams = z.object({ organisationId: z.string() });
const linkParams = organisationParams.extend({ linkId: z.string() });
const tokenParams = z.object({ token: z.string().max(200) });
const refusals = { 403: errorBody, 404: errorBody, 409: errorBody, 410: errorBody };
const tags = ['portfolio'];

/**
 * An investor's portfolio (issue 13): the investor's owners and admins invite portfolio companies'
 * representatives; a representative links their organisation; either side ends the link. What the
 * investor then reads is the company's team overview (team-insights, relation 'portfolio_investor').
 */
export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, mail: app.mail, clock: app.clock });

  app.get(
    routePath(portfolioApiPaths.portfolio, 'organisationId'),
    {
      schema: {
        tags,
        summary: 'The portfolio: every company invited (its latest invitation and link state) and the wizard’s companies not invited yet; owners and admins of an investor',
        params: organisationParams,
        response: { 200: portfolioList, ...refusals },
      },
    },
    async (request) => ({ data: await listPortfolio(deps(), requireAuth(request).userId, request.params.organisationId) }),
  );

  app.post(
    routePath(portfolioApiPaths.portfolio, 'organisationId'),
    {
      schema: {
        tags,
        summary: 'Invites a portfolio company’s representative by e-mail (a link valid 7 days): to sign up, answer the questionnaire and link their organisation',
        params: organisationParams,
        body: portfolioInvitationRequest,
        response: { 201: portfolioEntryEnvelope, 422: validationErrorBody, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await invitePortfolioCompany(deps(), requireAuth(request).userId, request.params.organisationId, request.body) }),
  );

  app.post(
    routePath(portfolioApiPaths.linkResend, 'organisationId', 'linkId'),
    { schema: { tags, summary: 'Sends a pending invitation again with a new link; the old link stops working', params: linkParams, response: { 200: portfolioEntryEnvelope, ...refusals } } },
    async (request) => ({ data: await resendPortfolioInvitation(deps(), requireAuth(request).userId, request.params.organisationId, request.params.linkId) }),
  );

  app.delete(
    routePath(portfolioApiPaths.link, 'organisationId', 'linkId'),
    { schema: { tags, summary: 'Withdraws a pending invitation or ends an accepted link', params: linkParams, response: { 204: z.null().describe('Withdrawn or ended'), ...refusals } } },
    async (request, reply) => {
      await endPortfolioLink(deps(), requireAuth(request).userId, request.params.organisationId, request.params.linkId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    routePath(portfolioApiPaths.investors, 'organisationId'),
    { schema: { tags, summary: 'The investors that read this organisation’s team overview; its owners and admins', params: organisationParams, response: { 200: investorLinkList, ...refusals } } },
    async (request) => ({ data: await listInvestors(deps(), requireAuth(request).userId, request.params.organisationId) }),
  );

  app.delete(
    routePath(portfolioApiPaths.investor, 'organisationId', 'linkId'),
    { schema: { tags, summary: 'Ends an investor’s link: it no longer sees anything of this organisation', params: linkParams, response: { 204: z.null().describe('Ended'), ...refusals } } },
    async (request, reply) => {
      await endInvestorLink(deps(), requireAuth(request).userId, request.params.organisationId, request.params.linkId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    routePath(portfolioApiPaths.invitation, 'token'),
    {
      schema: {
        tags,
        summary: 'What a representative’s link offers, for the invited address (verified), with the organisations they may link; 410 when withdrawn, expired or used',
        params: tokenParams,
        response: { 200: portfolioInvitationPreview, ...refusals },
      },
    },
    async (request) => ({ data: await previewPortfolioInvitation(deps(), requireAuth(request).userId, request.params.token) }),
  );

  app.post(
    routePath(portfolioApiPaths.invitationAccept, 'token'),
    {
      schema: {
        tags,
        summary: 'Links the chosen organisation (owned or administered by the caller) to the investor, once',
        params: tokenParams,
        body: portfolioAcceptRequest,
        response: { 200: z.object({ data: z.object({ organisation_id: z.string(), investor_name: z.string() }) }), 422: validationErrorBody, ...refusals },
      },
    },
    async (request) => ({ data: await acceptPortfolioInvitation(deps(), requireAuth(request).userId, request.params.token, request.body.organisation_id) }),
  );
};
