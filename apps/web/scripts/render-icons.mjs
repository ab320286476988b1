// Renders the app icons of the web manifest (public/icons/*.png) from our mark, public/favicon.svg,
// in Debian's Chromium. The PNGs are committed; run this again after changing the mark:
//   node apps/web/scripts/render-icons.mjs
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const mark = readFileSync(`${publicDir}favicon.svg`, 'utf8');
// Full-bleed variants: launchers and iOS cut their own shape, so the square must fill the canvas.
// The ring stays within the middle 80% that a maskable icon may show (w3.org/TR/appmanifest/#icon-masks).
const fullBleed = mark.replace(/ rx="[\d.]+"/, '');
if (fullBleed === mark) throw new Error('favicon.svg has no rounded corners (rx) to remove');

const icons = [
  { file: 'icons/icon-192.png', size: 192, svg: mark },
  { file: 'icons/icon-512.png', size: 512, svg: mark },
  { file: 'icons/icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'icons/apple-touch-icon.png', size: 180, svg: fullBleed },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(`<body style="margin:0"><img src="${source}" width="${size}" height="${size}" style="display:block"></body>`);
    await page.locator('img').evaluate((image) => image.decode());
    writeFileSync(`${publicDir}${file}`, await page.screenshot({ type: 'png', omitBackground: true }));
    console.log(`${file}: ${size}x${size}`);
  }
} finally {
  await browser.close();
}
