import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCachedWebFonts, loadWebFonts } from './web-fonts.ts';

const fontLinks = () => document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-web-fonts]');

afterEach(() => {
  for (const link of fontLinks()) link.remove();
});

describe('the web fonts', () => {
  // The stylesheet's address is the build's (the web delivery journey checks that the faces arrive).
  it('add their stylesheet once, however often they are asked for', () => {
    loadWebFonts();
    loadWebFonts();
    expect(fontLinks()).toHaveLength(1);
  });

  it('are asked for at start when the browser has the text face cached, without using the network', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('font', { status: 200 }));
    await loadCachedWebFonts();
    expect(fontLinks()).toHaveLength(1);
    expect(fetch).toHaveBeenCalledWith(expect.stringMatching(/manrope-latin-wght-normal/), { cache: 'only-if-cached', mode: 'same-origin' });
  });

  it('wait for the first screen when the cache does not have it, or the browser refuses to look', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(null, { status: 504 }));
    await loadCachedWebFonts();
    expect(fontLinks()).toHaveLength(0);

    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('only-if-cached is not supported'));
    await loadCachedWebFonts();
    expect(fontLinks()).toHaveLength(0);
  });
});
