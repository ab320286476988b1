import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './preact-aliases.ts';
import { reactDependents } from './react-dependents.ts';

const bundled = reactDependents([fileURLToPath(new URL('../../node_modules', import.meta.url)), fileURLToPath(new URL('./node_modules', import.meta.url))]);

// jsdom by default, so component tests and the stores get a real localStorage and document.cookie;
// a test that needs nothing of the browser may opt out with `// @vitest-environment node`.
export default defineConfig({
  plugins: [react()],
  resolve: {
    conditions: ['module', 'browser', 'development|production'],
    mainFields: ['browser', 'module', 'jsnext:main', 'jsnext', 'main'],
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...preactAliases,
    ],
  },
  ssr: { noExternal: bundled, resolve: { conditions: ['module', 'browser', 'development|production'] } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    // The libraries that import React are bundled by Vite rather than loaded by Node, so that the
    // aliases reach them and the tests run one runtime: Preact, as in the browser.
    // (Matched against file paths: `/` ends a name, so `react-router/` is not `react-router-dom/`.)
    server: { deps: { inline: bundled.map((name) => `${name}/`) } },
    // Route tests render lazy pages against a local server; a loaded 2-core CI box needs headroom.
    testTimeout: 15_000,
  },
});
