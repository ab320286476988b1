// `npm run bench`: builds the product once, then runs every benchmark and prints its figures.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });

const only = process.argv.slice(2);
const scripts = readdirSync(benchDir)
  .filter((name) => name.endsWith('.mjs') && name !== 'run-all.mjs')
  .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)))
  .sort();
for (const script of scripts) {
  console.log(`\n== ${script}`);
  execFileSync(process.execPath, [script], { cwd: benchDir, stdio: 'inherit' });
}
