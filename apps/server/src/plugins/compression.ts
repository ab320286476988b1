import compress from '@fastify/compress';
import { apiPaths, shopApiPaths } from '@app/contract/api-paths';
import fp from 'fastify-plugin';

/**
 * Answers above this size are compressed (brotli, else gzip). Starting a compressor costs about
 * 30 µs whatever the size (brotli at quality 4 on 400 bytes, measured here), a third of the whole
 * CPU cost of GET /api/cart; below 4 KB that buys less than 3 KB saved, which does not change the
 * number of round trips an answer takes.
 */
export const compressionThresholdBytes = 4 * 1024;

/**
 * The hot, small answers get no compression hooks at all, so they keep their throughput
 * (bench/current-user, bench/cart): with the hooks and a 1 KB threshold, brotli on the 2.2 KB
 * basket cost about half of GET /api/cart's requests per second.
 */
const uncompressedRoutes = new Set([`GET ${apiPaths.user}`, `GET ${shopApiPaths.cart}`]);

/**
 * Compresses large dynamic answers (the OpenAPI document, report contents, long lists). The SPA's
 * files are compressed at build time and served as they are (plugins/spa.ts), and request bodies
 * are never decompressed (no client sends them compressed, and a small zip could expand to a large
 * body).
 */
export const compressionPlugin = fp(
  async (app) => {
    // Runs before @fastify/compress's own onRoute hook (registered below), which reads `compress`.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.some((method) => uncompressedRoutes.has(`${method} ${route.url}`))) route.compress = false;
    });
    await app.register(compress, {
      threshold: compressionThresholdBytes,
      encodings: ['br', 'gzip'],
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
