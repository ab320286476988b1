import fp from 'fastify-plugin';

/**
 * Request bodies are JSON (spec section 7: every request sends JSON). Other types, including
 * Fastify's default text/plain, get 415 unsupported_media_type. An empty body with a JSON content
 * type (a DELETE from a client that always sets the header) counts as no body rather than a 400.
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '') return done(null, undefined);
      parseJson(request, body as string, done);
    });
  },
  { name: 'json-body' },
);
