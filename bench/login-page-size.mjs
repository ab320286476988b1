// Issue 2: the JavaScript the login page loads, gzipped. Target: at most 150 KB.
// Loads /login in Chromium and gzips every script response it fetched.
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from './lib/server-process.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-size-'));
const server = await startServer({ dataDir, port: 3203 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
  let total = 0;
  for (const response of scripts) {
    const size = gzipSync(await response.body(), { level: 9 }).length;
    total += size;
    console.log(`  ${new URL(response.url()).pathname}: ${(size / 1024).toFixed(1)} KB gzipped`);
  }
  console.log(`login page JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.length} files (target <= 150 KB): ${total <= 150 * 1024 ? 'PASS' : 'FAIL'}`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
