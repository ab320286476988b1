import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'assessments',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
