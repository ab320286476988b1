import { defineConfig } from 'vitest/config';

// One command runs every unit and integration suite; each workspace keeps its own settings. The
// server suite runs twice: with the in-memory caches off (server) and on (server-cached).
export default defineConfig({
  test: {
    // Three test files at a time on CI's two cores: most of a server file's time is spent waiting
    // for PostgreSQL, so one worker per spare core (vitest's default: one here) left the cores idle;
    // measured 53 s -> 30 s on the organisations and billing files (docs/performance.md).
    maxWorkers: 3,
    projects: ['packages/contract', 'packages/assessments', 'apps/server', 'apps/server/vitest.cached.config.ts', 'apps/web', 'tools/lint-rules'],
  },
});
