import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { faultServer } from './lib/server.ts';

/**
 * Starts the built server once on a fresh DATA_DIR (initdb, migrations, seed data) and stops it:
 * every test file's server starts from a copy of that DATA_DIR instead of making its own cluster,
 * which on two busy cores was most of a start's time.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const template = faultServer({ name: 'template', port: 3439 });
  await template.start();
  await template.stop();
  project.provide('faultsTemplateDataDir', template.dataDir);
  return () => rmSync(dirname(template.dataDir), { recursive: true, force: true });
}
