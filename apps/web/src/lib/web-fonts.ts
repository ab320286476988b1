import fontsUrl from '../fonts.css?url';

// The web fonts (fonts.css: Manrope for text, Fraunces for headings) load once the first screen
// has been drawn, in metric-matched stand-ins meanwhile (styles.css: the change of face moves next
// to nothing): on a slow phone their 60 KB shared the line with the code that draws the page and
// held its largest paint back by a third of a second (issues 14, 15). A later page load finds them
// in the browser's cache and changes face a moment after its first frame.

/** Adds the fonts' stylesheet to the document, once. */
export function loadWebFonts(): void {
  if (document.querySelector('link[data-web-fonts]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = fontsUrl;
  link.dataset.webFonts = '';
  document.head.append(link);
}
