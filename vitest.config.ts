import { defineConfig } from 'vitest/config';

// One command runs every unit and integration suite; each workspace keeps its own settings.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/assessments', 'apps/server', 'apps/web', 'tools/lint-rules'],
  },
});
