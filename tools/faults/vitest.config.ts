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
    globalSetup: ['global-setup.ts'],
    fileParallelism: true,
    // Most of a file's time is spent waiting (for a restart, a job, the renewal's minute), not on CPU;
    // but a server's start is CPU-bound: at a load average of 22-27 on two cores, four starts at once
    // made one miss Fastify's 10 s plugin timeout ('spa', which compresses each route's index.html at
    // start), five at once three of them. Three at a time passed every run.
    maxWorkers: 3,
    testTimeout: 240_000,
    hookTimeout: 150_000,
  },
});
