import type { Page } from '@playwright/test';
import { signInBrowser } from '../support/api.ts';
import { expect, test } from '../support/accounts.ts';

// Issue 15: what a browser receives from the built product. Chromium asks for brotli; each page
// names its first screen's code in the HTML, so nothing the page needs waits for the entry to run.

/** Opens `path` and collects the scripts it loads, with the modulepreload links its HTML named. */
async function openAndCollectScripts(page: Page, path: string) {
  const scripts: { path: string; encoding: string | undefined }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ path: new URL(response.url()).pathname, encoding: response.headers()['content-encoding'] });
  });
  const document = await page.goto(path);
  const html = (await document?.text()) ?? '';
  const named = [...html.matchAll(/<script type="module"[^>]* src="([^"]+)"|<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((match) => match[1] ?? match[2]);
  return { document, scripts, named };
}

test('the login page arrives compressed, its first screen named in the HTML', async ({ page }) => {
  const { document, scripts, named } = await openAndCollectScripts(page, '/login');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(document?.headers()['content-encoding']).toBe('br');
  expect(document?.headers()['vary']).toBe('accept-encoding');
  const hashed = scripts.filter((script) => script.path.startsWith('/assets/'));
  expect(hashed.length).toBeGreaterThan(1);
  for (const script of hashed) expect(script, script.path).toMatchObject({ encoding: 'br' });
  // Every module the page loaded was named by its HTML (route preloads are in step with the build).
  expect(hashed.map((script) => script.path).filter((path) => !named.includes(path))).toEqual([]);
});

test('a signed-in page names the app shell and the page in its HTML, and the browser uses them', async ({ page, sharedAccount }) => {
  await signInBrowser(page, await sharedAccount.session());
  const { scripts, named } = await openAndCollectScripts(page, '/checkout/basket');
  await expect(page.getByRole('heading', { name: 'Basket', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = scripts.map((script) => script.path).filter((path) => path.startsWith('/assets/'));
  expect(loaded.filter((path) => !named.includes(path))).toEqual([]);
});

test('the web fonts arrive after the first screen, and their stand-ins take the same room', async ({ page }) => {
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(new URL(request.url()).pathname);
  });
  const response = await page.goto('/login');
  // Not in the HTML (no preload) and not in the app's stylesheet: the first screen is drawn first.
  expect(await response?.text()).not.toMatch(/woff2/);
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  const loadedFamilies = () =>
    page.evaluate(() => {
      const families = new Set<string>();
      document.fonts.forEach((face) => {
        // The web fonts' faces (the stand-ins are the system's, always there).
        if (face.status === 'loaded' && face.family.includes('Variable')) families.add(face.family.replace(/"/g, ''));
      });
      return [...families].sort();
    });
  await expect.poll(loadedFamilies).toEqual(['Fraunces Variable', 'Manrope Variable']);
  expect(fontRequests.some((path) => /manrope-latin-wght-normal-[\w-]+\.woff2$/.test(path))).toBe(true);

  // How wide the page's texts are drawn in the web fonts, and in the stand-ins alone (the fonts
  // refused): a text that keeps its width keeps its line breaks, so nothing below it moves.
  const textWidths = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('main h1, main p, main label, main button'), (element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return { text: element.textContent ?? '', width: range.getBoundingClientRect().width };
      }),
    );
  const inWebFonts = await textWidths();
  await page.route('**/*.woff2', (route) => route.abort());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await expect.poll(loadedFamilies).toEqual([]);
  const inStandIns = await textWidths();
  expect(inStandIns.map((block) => block.text)).toEqual(inWebFonts.map((block) => block.text));
  inWebFonts.forEach((block, index) => {
    expect(inStandIns[index]!.width / block.width, `"${block.text}"`).toBeGreaterThan(0.95);
    expect(inStandIns[index]!.width / block.width, `"${block.text}"`).toBeLessThan(1.05);
  });
});

test('robots.txt keeps signed-in pages out of search engines; the manifest names icons that exist', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toMatch(/^Disallow: \/dashboard$/m);

  const manifestResponse = await request.get('/manifest.webmanifest');
  expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestResponse.json()) as { name: string; start_url: string; icons: { src: string; sizes: string; type: string; purpose?: string }[] };
  expect(manifest).toMatchObject({ name: 'Compass', start_url: '/' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type'], icon.src).toContain(icon.type);
  }
});
