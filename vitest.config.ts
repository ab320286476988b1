import { defineConfig } from 'vitest/config';

// One command runs every unit and integration suite; each workspace keeps its own settings. The
// server suite runs twice: with the in-memory caches off (server) and on (server-cached).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/assessments', 'apps/server', 'apps/server/vitest.cached.config.ts', 'apps/web', 'tools/lint-rules'],
  },
});
