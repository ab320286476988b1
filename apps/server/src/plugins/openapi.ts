import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export interface OpenApiPluginOptions {
  publicUrl: string;
}

export const apiDocsPath = '/api/docs';

/**
 * The OpenAPI document, generated from the routes' zod schemas (which come from the contract):
 * JSON at /api/docs/json, browsable at /api/docs. Registered before any route, since it collects
 * routes as they are added.
 */
export const openApiPlugin = fp<OpenApiPluginOptions>(
  async (app, { publicUrl }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Compass API', version: '1.0.0', description: 'The API of the Compass web application (spec section 7 and our own calls).' },
        servers: [{ url: publicUrl }],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(async (docs) => {
      // The documentation is public and not worth counting in the request metrics.
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true, metrics: false };
      });
      await docs.register(swaggerUi, {
        routePrefix: apiDocsPath,
        uiConfig: { validatorUrl: null },
      });
    });
  },
  { name: 'openapi' },
);
