import { afterEach, describe, expect, it } from 'vitest';
import { loadCachedWebFonts, loadWebFonts } from './web-fonts.ts';

const fontLinks = () => document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-web-fonts]');

/** A stand-in for the browser's FontFaceSet (jsdom has none): one face, as loaded as `status` says. */
function useFontFaceSet(status: FontFaceLoadStatus) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: Object.assign([{ status }], { ready: Promise.resolve() }) });
}

afterEach(() => {
  for (const link of fontLinks()) link.remove();
  localStorage.clear();
  Reflect.deleteProperty(document, 'fonts');
});

describe('the web fonts', () => {
  // The stylesheet's address is the build's (the web delivery journey checks that the faces arrive).
  it('add their stylesheet once, however often they are asked for', () => {
    loadWebFonts();
    loadWebFonts();
    expect(fontLinks()).toHaveLength(1);
  });

  it('are asked for at start only when an earlier visit downloaded a face', async () => {
    loadCachedWebFonts();
    expect(fontLinks()).toHaveLength(0);

    useFontFaceSet('loaded');
    loadWebFonts();
    fontLinks()[0]!.dispatchEvent(new Event('load'));
    await Promise.resolve();
    await Promise.resolve();
    fontLinks()[0]!.remove();

    loadCachedWebFonts();
    expect(fontLinks()).toHaveLength(1);
  });

  it('are not remembered as downloaded when no face arrived', async () => {
    useFontFaceSet('error');
    loadWebFonts();
    fontLinks()[0]!.dispatchEvent(new Event('load'));
    await Promise.resolve();
    await Promise.resolve();
    fontLinks()[0]!.remove();

    loadCachedWebFonts();
    expect(fontLinks()).toHaveLength(0);
  });
});
