/** The Chromium that drives every e2e test: Debian's, unless CHROMIUM_PATH names another. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a closed network: without them Chromium keeps calling home and logs refusals. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
