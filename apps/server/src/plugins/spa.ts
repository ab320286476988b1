import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { NotFoundError } from '../lib/domain-errors.ts';

export interface SpaPluginOptions {
  /** The built SPA (apps/web/dist). When it has no index.html, unknown paths get JSON 404s. */
  webDistDir: string;
}

// Paths the server owns (spec section 7 calls /me/... and /sanctum/... without /api).
const serverPathPattern = /^\/(api|me|sanctum)(\/|$|\?)/;

/** Vite names files under /assets by content hash, so they may be cached forever. */
function cacheControlFor(webDistDir: string, filePath: string): string {
  const relative = path.relative(webDistDir, filePath).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (relative === 'index.html') return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built SPA and answers unknown paths: under /api, /me and /sanctum with a JSON 404;
 * any other GET with index.html and status 200, so the SPA's router shows its NotFound page.
 */
export const spaPlugin = fp<SpaPluginOptions>(
  async (app, { webDistDir }) => {
    const indexFile = path.join(webDistDir, 'index.html');
    // Read once: it is small, and the fallback answers it for every deep link.
    const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : undefined;

    if (indexHtml) {
      await app.register(async (files) => {
        files.addHook('onRoute', (route) => {
          route.config = { ...route.config, public: true };
        });
        await files.register(fastifyStatic, {
          root: webDistDir,
          // One route per file found at start-up; anything else falls through to the handler below.
          wildcard: false,
          index: false,
          cacheControl: false,
          setHeaders: (reply, filePath) => void reply.header('cache-control', cacheControlFor(webDistDir, filePath)),
        });
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage =
        indexHtml !== undefined &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !serverPathPattern.test(request.url) &&
        // A missing hashed asset (an old tab after a deploy) must fail as a 404, not as HTML.
        !request.url.startsWith('/assets/');
      if (!isPage) throw new NotFoundError();
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    });
  },
  { name: 'spa', dependencies: ['errors'] },
);
