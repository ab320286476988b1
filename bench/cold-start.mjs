// Issue 2: cold start of the built product on an existing data directory to a healthy /health.
// Target: under 5 s. The first start (which creates the database) is not counted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './lib/server-process.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
const port = 3201;
try {
  const first = await startServer({ dataDir, port });
  console.log(`first start (creates the database): ${first.healthyAfterMs.toFixed(0)} ms`);
  await first.stop();
  const runs = [];
  for (let i = 0; i < 3; i += 1) {
    const server = await startServer({ dataDir, port });
    runs.push(server.healthyAfterMs);
    await server.stop();
  }
  const worst = Math.max(...runs);
  console.log(`cold start on existing data, 3 runs: ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms (target < 5000 ms): ${worst < 5000 ? 'PASS' : 'FAIL'}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
