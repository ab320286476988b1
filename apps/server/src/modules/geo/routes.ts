import { accountApiPaths } from '@app/contract/api-paths';
import { locationSearchQuery, locationSearchResponse } from '@app/contract/locations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchLocations } from './service.ts';

/** GET /api/locations?q=&limit=: birth-place suggestions, offline. Private: the auth hook guards it. */
export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    accountApiPaths.locations,
    {
      schema: {
        tags: ['geo'],
        summary: 'Search places by the start of their name (accents and case ignored), most populous first',
        querystring: locationSearchQuery,
        response: { 200: locationSearchResponse },
      },
    },
    async (request) => ({ data: searchLocations(request.query.q, request.query.limit) }),
  );
};
