import { negotiate } from '@fastify/accept-negotiator';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * The encodings the web build writes beside each file it compresses (`x.js.br`, `x.js.gz`), in
 * the order we prefer them. Brotli files are about 15% smaller than gzip ones.
 */
export const preCompressedEncodings = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

export type PreCompressedEncoding = (typeof preCompressedEncodings)[number]['encoding'];

/** index.html as sent for a path: the plain bytes and its compressed forms. */
export interface IndexDocument {
  identity: Buffer;
  readonly encoded: Map<PreCompressedEncoding, Buffer>;
}

/** The build's `.vite/route-preloads.json` (apps/web/vite-route-preloads.ts). */
const routePreloadsSchema = z.array(z.object({ path: z.string().startsWith('/'), modules: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)) }));
const routePreloadsFile = '.vite/route-preloads.json';

/** A React Router path pattern (`/report/:type/:id`) as a regular expression over URL paths. */
function pathPattern(routePath: string): RegExp {
  const segments = routePath
    .split('/')
    .slice(1)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`);
}

/**
 * A route's document, compressed the first time it is asked for rather than at start: brotli at its
 * best quality for every page route took over a second of a start on loaded cores, past Fastify's
 * plugin timeout (the fault tests met it).
 */
function routeDocument(identity: Buffer): IndexDocument {
  let encoded: Map<PreCompressedEncoding, Buffer> | undefined;
  return {
    identity,
    get encoded() {
      encoded ??= new Map<PreCompressedEncoding, Buffer>([
        ['br', brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })],
        ['gzip', gzipSync(identity, { level: constants.Z_BEST_COMPRESSION })],
      ]);
      return encoded;
    },
  };
}

export interface IndexDocuments {
  /** The document for a URL path: with the modulepreload links of the route it opens, if any. */
  forPath(pathname: string): IndexDocument;
}

/**
 * Reads the built index.html once, with its compressed twins, and makes one copy per page route
 * that names the route's chunks as `<link rel="modulepreload">`, so that the browser fetches the
 * first screen's code together with the entry instead of only once the entry has run. Undefined
 * when the SPA is not built.
 */
export function loadIndexDocuments(webDistDir: string): IndexDocuments | undefined {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const html = readFileSync(indexFile);
  const encoded = new Map<PreCompressedEncoding, Buffer>();
  for (const { encoding, extension } of preCompressedEncodings) {
    if (existsSync(indexFile + extension)) encoded.set(encoding, readFileSync(indexFile + extension));
  }
  const fallback: IndexDocument = { identity: html, encoded };

  const preloadsFile = path.join(webDistDir, routePreloadsFile);
  const routes = existsSync(preloadsFile) ? routePreloadsSchema.parse(JSON.parse(readFileSync(preloadsFile, 'utf8'))) : [];
  const text = html.toString('utf8');
  // At the end of the head, after the entry's own tags, and at low priority: the entry (and with
  // it the first paint) must not share a slow connection with them (measured: first contentful
  // paint 1.8 s instead of 2.3 s on the login page, 3.3 s on the dashboard, Lighthouse mobile).
  const insertAt = text.lastIndexOf('\n', text.indexOf('</head>')) + 1;
  const documents = routes
    .filter((route) => route.modules.length > 0 && insertAt > 0)
    .map((route) => {
      const links = route.modules.map((module) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="${module}">\n`).join('');
      return { pattern: pathPattern(route.path), document: routeDocument(Buffer.from(`${text.slice(0, insertAt)}${links}${text.slice(insertAt)}`)) };
    });

  return {
    forPath(pathname) {
      return documents.find(({ pattern }) => pattern.test(pathname))?.document ?? fallback;
    },
  };
}

/** The encoding to send a document in, by the request's Accept-Encoding; null for the plain bytes. */
export function documentEncoding(document: IndexDocument, acceptEncoding: string | undefined): PreCompressedEncoding | null {
  if (!acceptEncoding || document.encoded.size === 0) return null;
  return negotiate(acceptEncoding, [...document.encoded.keys()]);
}
