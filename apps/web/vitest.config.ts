import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// jsdom by default, so component tests and the stores get a real localStorage and document.cookie;
// a test that needs nothing of the browser may opt out with `// @vitest-environment node`.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    // Route tests render lazy pages against a local server; a loaded 2-core CI box needs headroom.
    testTimeout: 15_000,
  },
});
