// Fails the e2e step early, with one line saying how to fix it, when no Chromium is installed.
import { existsSync } from 'node:fs';

const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(candidate)) {
  console.error(
    `Chromium not found at ${candidate}: install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
