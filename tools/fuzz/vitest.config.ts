import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// `npm run test:fuzz`: the built server (apps/server/dist/main.js) in a child process, driven over
// real HTTP with requests generated from its OpenAPI document. Not part of the root vitest run
// (vitest.config.ts's projects): it needs the build, and it is CI's bounded fuzz step.
export default defineProject({
  // Run from the repository's root (`vitest run -c tools/fuzz/vitest.config.ts`): the tests are here.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'fuzz',
    environment: 'node',
    include: ['*.test.ts'],
    // FUZZ_REQUESTS=4000 takes longer than the bounded run; the run stops itself at its own deadline.
    testTimeout: 30 * 60_000,
    hookTimeout: 120_000,
  },
});
