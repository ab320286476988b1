import { defineConfig } from 'vitest/config';

// `npm run test:faults` (issue 14, "Faults"): each file starts the built server as a child process,
// breaks something under it (SIGKILL, the database stopped, the file storage read-only) and checks
// what users and the data see afterwards. Files run side by side (each with its own DATA_DIR and
// port); the tests inside a file run one after the other, on that file's server.
export default defineConfig({
  test: {
    name: 'faults',
    root: import.meta.dirname,
    environment: 'node',
    include: ['*.test.ts'],
    fileParallelism: true,
    // Most of a file's time is spent waiting (for a restart, a job, a claim to go stale), not on CPU.
    maxWorkers: 5,
    testTimeout: 150_000,
    hookTimeout: 90_000,
  },
});
