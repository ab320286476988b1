import fastifyStatic from '@fastify/static';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { NotFoundError } from '../lib/domain-errors.ts';
import { documentEncoding, loadIndexDocuments, preCompressedEncodings } from './spa-index.ts';

export interface SpaPluginOptions {
  /** The built SPA (apps/web/dist). When it has no index.html, unknown paths get JSON 404s. */
  webDistDir: string;
}

// Paths the server owns (spec section 7 calls /me/... and /sanctum/... without /api).
const serverPathPattern = /^\/(api|me|sanctum)(\/|$|\?)/;

/** Vite names files under /assets by content hash, so they may be cached forever. */
function cacheControlFor(webDistDir: string, filePath: string): string {
  // The compressed twin of a file (index.html.br) is cached like the file itself.
  const original = preCompressedEncodings.reduce((file, { extension }) => (file.endsWith(extension) ? file.slice(0, -extension.length) : file), filePath);
  const relative = path.relative(webDistDir, original).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (relative === 'index.html') return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Every file of the build, as URL paths: not the compressed twins (reached through their
 * originals), nor dotfiles and dot-folders (build metadata such as .vite/).
 */
async function servedFiles(webDistDir: string): Promise<string[]> {
  const entries = await readdir(webDistDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !preCompressedEncodings.some(({ extension }) => entry.name.endsWith(extension)))
    .map((entry) => path.relative(webDistDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').some((part) => part.startsWith('.')));
}

/**
 * Serves the built SPA and answers unknown paths: under /api, /me and /sanctum with a JSON 404;
 * any other GET with index.html and status 200, so the SPA's router shows its NotFound page.
 * Files come compressed when the client accepts it: the web build writes brotli and gzip twins
 * (apps/web/vite-precompress.ts), so nothing is compressed while answering.
 */
export const spaPlugin = fp<SpaPluginOptions>(
  async (app, { webDistDir }) => {
    // Read once, with a copy per page route: small, and the fallback answers it for every deep link.
    const indexDocuments = loadIndexDocuments(webDistDir);

    if (indexDocuments) {
      await app.register(async (files) => {
        await files.register(fastifyStatic, {
          root: webDistDir,
          serve: false,
          index: false,
          cacheControl: false,
          // Picks x.js.br or x.js.gz by Accept-Encoding and adds `Vary: accept-encoding`.
          preCompressed: true,
          setHeaders: (reply, filePath) => void reply.header('cache-control', cacheControlFor(webDistDir, filePath)),
        });
        // One route per file found at start-up; anything else falls through to the handler below.
        // The build compressed what is worth it, so these routes skip the compression plugin.
        for (const file of await servedFiles(webDistDir)) {
          files.get(`/${file}`, { config: { public: true }, compress: false, schema: { hide: true } }, (_request, reply) => reply.sendFile(file));
        }
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage =
        indexDocuments !== undefined &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !serverPathPattern.test(request.url) &&
        // A missing hashed asset (an old tab after a deploy) must fail as a 404, not as HTML.
        !request.url.startsWith('/assets/');
      if (!isPage) throw new NotFoundError();
      const document = indexDocuments.forPath(request.url.split('?')[0] ?? request.url);
      const encoding = documentEncoding(document, request.headers['accept-encoding']);
      reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (encoding === null) return reply.send(document.identity);
      return reply.header('content-encoding', encoding).send(document.encoded.get(encoding));
    });
  },
  { name: 'spa', dependencies: ['errors'] },
);
