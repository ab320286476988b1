import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './preact-aliases.ts';

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
  ssr: { noExternal: true, resolve: { conditions: ['module', 'browser', 'development|production'] } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    // Bundled by Vite rather than loaded by Node, so that the aliases reach every library that
    // imports React and the tests run one runtime: Preact, as in the browser.
    server: { deps: { inline: true } },
    // Route tests render lazy pages against a local server; a loaded 2-core CI box needs headroom.
    testTimeout: 15_000,
  },
});
