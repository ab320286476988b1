import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import { preactAliases } from './preact-aliases.ts';
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

export default defineConfig({
  plugins: [react(), tailwindcss(), zodWithoutJsonSchema(), routePreloads({ srcDir: fileURLToPath(new URL('./src', import.meta.url)), signedIn: { layouts: ['app', 'settings', 'session'], importer: 'lib/session-store.ts', modules: ['@app/contract/account'] } }), precompress()],
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
      output: {
        // Everything the entry imports statically goes into the entry's own chunk instead of ten
        // small shared ones (react, jsx-runtime, i18n...): over HTTP/1.1 a phone opens six
        // connections per host, so each further file of the first load costs a round trip.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The form parts every form page uses (the login page first): one file instead of six
            // of a few hundred bytes each, 1.5 KB less gzipped on the login page.
            { name: 'form-ui', test: /src\/components\/(ui\/(input|label|button|pending-button|form-alert)|text-field|email-field)\.tsx$/ },
          ],
        },
      },
    },
  },
});
