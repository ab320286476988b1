import textFaceUrl from '@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2?url';
import fontsUrl from '../fonts.css?url';

// The web fonts (fonts.css: Manrope for text, Fraunces for headings) load after the first screen
// has been drawn, in the system face meanwhile (`font-display: swap`): on a slow phone their 60 KB
// shared the line with the code that draws the page and held its largest paint back by a third of
// a second (issues 14, 15). When the browser's cache has them (an earlier visit), they are asked
// for at start instead, and the first screen is drawn in them as before.

/** Adds the fonts' stylesheet to the document, once. */
export function loadWebFonts(): void {
  if (document.querySelector('link[data-web-fonts]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = fontsUrl;
  link.dataset.webFonts = '';
  document.head.append(link);
}

/** Whether the text face's Latin file is in the HTTP cache: a fetch that may not use the network. */
async function textFaceCached(): Promise<boolean> {
  try {
    const response = await fetch(textFaceUrl, { cache: 'only-if-cached', mode: 'same-origin' });
    await response.body?.cancel();
    return response.ok;
  } catch {
    // Not cached (the browser's own 504 is a response; some browsers refuse the mode instead).
    return false;
  }
}

/** At start: the fonts at once when the cache has them (an earlier visit downloaded them). */
export async function loadCachedWebFonts(): Promise<void> {
  if (await textFaceCached()) loadWebFonts();
}
