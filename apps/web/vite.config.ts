import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import { compileHints } from './vite-compile-hints.ts';
import { preactAliases } from './preact-aliases.ts';
import { directIconImports } from './vite-direct-icon-imports.ts';
import { pageChunks } from './vite-page-chunks.ts';
import { precompress } from './vite-precompress.ts';
import { routePreloads } from './vite-route-preloads.ts';
import { zodWithoutJsonSchema } from './vite-zod-without-json-schema.ts';

const apiServer = 'http://localhost:3000';

// The server owns these prefixes (spec section 7 calls /me/... without /api). Anchored patterns,
// so `/me` does not swallow `/metrics` and `/api` does not swallow a page such as `/apiary`.
const proxy: Record<string, ProxyOptions> = {
  '^/api(/|$)': { target: apiServer },
  '^/me(/|$)': { target: apiServer },
  '^/sanctum(/|$)': { target: apiServer },
  '^/health$': { target: apiServer },
};

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
// A signed-in page also loads the account's schema at start, when the stored session is restored.
const signedIn = { layouts: ['app', 'settings', 'session'], importer: 'lib/session-store.ts', modules: ['@app/contract/account'] };
// Everything the entry imports statically goes into the entry's own chunk instead of ten small
// shared ones (react, jsx-runtime, i18n...).
const initialGroup = { name: 'index', tags: ['$initial' as const] };
// The entry's libraries (React Router and Preact, about 36 KB brotli) in a chunk of their own, which
// downloads beside the entry's other half on a second connection: Lighthouse's phone shares its
// bandwidth between the files in flight, and the 68 KB entry was the last file of every page.
const framework = { name: 'framework', test: /node_modules[\\/](react-router|preact)[\\/]/ };
// A file less on a first load is worth 10 KB gzipped and a page may load 30 % more than its first
// screen uses, but no chunk grows past 30 KB (Lighthouse's phone: each file waits a 150 ms round
// trip before its bytes come, six at a time; measured in docs/performance.md, Web pages).
const chunksByPages = pageChunks({ srcDir, signedIn, initialGroup, beforeInitial: [framework], plan: { fileCost: 10_000, unusedShare: 0.3, maxSize: 30_000 } });

export default defineConfig({
  plugins: [react(), tailwindcss(), zodWithoutJsonSchema(), directIconImports(), routePreloads({ srcDir, signedIn }), compileHints(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...preactAliases,
      // React Router's package exports name its development build only (its dev warnings on); the
      // production build beside it is the same code with them off: 0.5 KB gzipped less.
      { find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
    ],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    // Maps for error reporting uploads, without the comment that makes every browser fetch them.
    sourcemap: 'hidden',
    rolldownOptions: {
      // The first output plans the chunks by the pages that load them and is not written; the
      // second is the product (vite-page-chunks.ts).
      output: [chunksByPages.planningOutput, { codeSplitting: chunksByPages.codeSplitting }],
    },
  },
});
