import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'lint-rules',
    environment: 'node',
    include: ['*.test.ts'],
    // ESLint resolves and parses across the whole repository for the cycle and zone rules.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
