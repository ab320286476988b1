import { reportApiPaths } from '@app/contract/api-paths';
import { errorBody } from '@app/contract/errors';
import { reportEnvelope, reportList, reportNarrativeEnvelope, reportParams, reportView } from '@app/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimitRule } from '../../lib/rate-limiter.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { rateLimitPreHandler, type RouteRateLimit } from '../../plugins/rate-limit.ts';
import { routePath } from '../../lib/route-path.ts';
import type { ReportsService } from './service.ts';

export interface ReportRoutesOptions {
  reports: ReportsService;
}

/** Each retry of a narrative costs a call to the AI endpoint (and up to two retries): a few per hour is plenty for a reader. */
export const narrativeRetryRule: RateLimitRule = { name: 'report-narrative-retries.user', limit: 10, windowSeconds: 60 * 60 };
const narrativeRetryLimits: readonly RouteRateLimit[] = [{ rule: narrativeRetryRule, by: (request) => (request.auth ? [request.auth.userId] : undefined) }];

const pdfQuery = z.object({ edition: z.coerce.number().int().min(1).max(10_000).optional() });

/** The reports calls (issue 11). Private; each answers for the caller's own reports only. */
export const reportRoutes: FastifyPluginAsyncZod<ReportRoutesOptions> = async (app, { reports }) => {
  app.get(
    reportApiPaths.list,
    { schema: { tags: ['reports'], summary: 'The caller’s reports, newest first, with their state', response: { 200: reportList } } },
    async (request) => ({ data: await reports.list(requireAuth(request).userId) }),
  );

  app.get(
    routePath(reportApiPaths.report, 'type', 'id'),
    {
      schema: {
        tags: ['reports'],
        summary: 'A ready report’s content for the web view (409 while it is being generated)',
        params: reportParams,
        response: { 200: reportView, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({ data: await reports.view(requireAuth(request).userId, request.params.type, request.params.id) }),
  );

  app.get(
    routePath(reportApiPaths.pdf, 'type', 'id'),
    {
      schema: {
        tags: ['reports'],
        summary: 'A ready report as a PDF file; `edition` for an earlier edition',
        params: reportParams,
        querystring: pdfQuery,
        response: { 200: z.any().describe('application/pdf'), 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const file = await reports.pdf(requireAuth(request).userId, request.params.type, request.params.id, request.query.edition);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.pdf);
    },
  );

  app.post(
    routePath(reportApiPaths.retry, 'type', 'id'),
    {
      schema: {
        tags: ['reports'],
        summary: '‘Try again’ for a report whose generation failed',
        params: reportParams,
        response: { 200: reportEnvelope, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({ data: await reports.retry(requireAuth(request).userId, request.params.type, request.params.id) }),
  );

  app.post(
    routePath(reportApiPaths.narrative, 'type', 'id'),
    {
      preHandler: rateLimitPreHandler(narrativeRetryLimits),
      schema: {
        tags: ['reports'],
        summary: '‘Retry’ for the AI narrative of a ready report after it could not be written; 202 with the narrative, pending again',
        params: reportParams,
        response: { 202: reportNarrativeEnvelope, 404: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const narrative = await reports.retryNarrative(requireAuth(request).userId, request.params.type, request.params.id);
      return reply.code(202).send({ data: narrative });
    },
  );

  app.post(
    routePath(reportApiPaths.update, 'type', 'id'),
    {
      schema: {
        tags: ['reports'],
        summary: 'A free new edition made from the latest answers; the earlier edition stays downloadable',
        params: reportParams,
        response: { 200: reportEnvelope, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({ data: await reports.update(requireAuth(request).userId, request.params.type, request.params.id) }),
  );
};

/** An attachment with a readable name: ASCII fallback plus the UTF-8 name (RFC 6266, RFC 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * as they are, which RFC 5987 does not allow there: an
  // organisation's name with an apostrophe made browsers drop the UTF-8 name for the fallback's '_'s.
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
