import fontsUrl from '../fonts.css?url';

// The web fonts (fonts.css: Manrope for text, Fraunces for headings) load after the first screen
// has been drawn, in the system face meanwhile (`font-display: swap`): on a slow phone their 60 KB
// shared the line with the code that draws the page and held its largest paint back by a third of
// a second (issues 14, 15). A browser that has had them once has them in its cache, so later
// visits ask for them at start and draw the first screen in them as before.

const cachedFlagKey = 'web_fonts_cached';

function rememberCached(): void {
  try {
    window.localStorage.setItem(cachedFlagKey, '1');
  } catch {
    // Storage unavailable: every visit loads them after the first screen.
  }
}

function wereCached(): boolean {
  try {
    return window.localStorage.getItem(cachedFlagKey) === '1';
  } catch {
    return false;
  }
}

/** Adds the fonts' stylesheet to the document, once; remembers when a face has arrived. */
export function loadWebFonts(): void {
  if (document.querySelector(`link[data-web-fonts]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = fontsUrl;
  link.dataset.webFonts = '';
  link.addEventListener('load', () => {
    void document.fonts?.ready.then(() => {
      if ([...document.fonts].some((face) => face.status === 'loaded')) rememberCached();
    });
  });
  document.head.append(link);
}

/** At start: the fonts at once when an earlier visit downloaded them (the cache has them). */
export function loadCachedWebFonts(): void {
  if (wereCached()) loadWebFonts();
}
