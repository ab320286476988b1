import { errorBody, validationErrorBody } from '@app/contract/errors';
import { teamReportApiPaths } from '@app/contract/api-paths';
import { createTeamReportRequest, teamReportEnvelope, teamReportList } from '@app/contract/team-report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routePath } from '../../lib/route-path.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { contentDisposition } from './routes.ts';
import type { TeamReportService } from './team-report-service.ts';

const organisationParams = z.object({ organisationId: z.string() });
const reportParams = organisationParams.extend({ reportId: z.string() });
const tags = ['reports'];

/**
 * The team report (issue 13): its editions, a new one, 'Try again' and the PDF. Whoever has no
 * relation to the organisation gets a 404, whether it exists or not.
 */
export const teamReportRoutes: FastifyPluginAsyncZod<{ teamReports: TeamReportService }> = async (app, { teamReports }) => {
  app.get(
    routePath(teamReportApiPaths.list, 'organisationId'),
    {
      schema: {
        tags,
        summary: 'The organisation’s team report editions, newest first, and whether the caller may create one; everyone who may see the team overview',
        params: organisationParams,
        response: { 200: teamReportList, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await teamReports.list(requireAuth(request).userId, request.params.organisationId) }),
  );

  app.post(
    routePath(teamReportApiPaths.list, 'organisationId'),
    {
      schema: {
        tags,
        summary:
          'A new team report edition from the team overview as it is now (aggregates only), generated in the background; owners and admins of an organisation whose active subscription includes the team service (403 otherwise). The same request_key again answers the edition it made (200).',
        params: organisationParams,
        body: createTeamReportRequest,
        response: { 200: teamReportEnvelope, 202: teamReportEnvelope, 403: errorBody, 404: errorBody, 422: validationErrorBody },
      },
    },
    async (request, reply) => {
      const { created, report } = await teamReports.create(requireAuth(request).userId, request.params.organisationId, request.body.request_key);
      return reply.code(created ? 202 : 200).send({ data: report });
    },
  );

  app.post(
    routePath(teamReportApiPaths.retry, 'organisationId', 'reportId'),
    {
      schema: {
        tags,
        summary: '‘Try again’ for a team report edition whose generation failed; owners and admins',
        params: reportParams,
        response: { 200: teamReportEnvelope, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({ data: await teamReports.retry(requireAuth(request).userId, request.params.organisationId, request.params.reportId) }),
  );

  app.get(
    routePath(teamReportApiPaths.pdf, 'organisationId', 'reportId'),
    {
      schema: {
        tags,
        summary: 'A ready team report edition as a PDF file; everyone who may see the team overview',
        params: reportParams,
        response: { 200: z.any().describe('application/pdf'), 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const file = await teamReports.pdf(requireAuth(request).userId, request.params.organisationId, request.params.reportId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.pdf);
    },
  );
};
