import { afterEach, describe, expect, it } from 'vitest';
import { loadWebFonts } from './web-fonts.ts';

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
});
