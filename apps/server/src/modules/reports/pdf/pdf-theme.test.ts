import { generatedReportTypes } from '@app/contract/reports';
import { describe, expect, it } from 'vitest';
import { accentPalettes, colors } from './pdf-theme.ts';

// Each report's accent (issue 16: one per assessment, as on the web) keeps its text readable:
// WCAG AA, 4.5:1, for every pair the PDF draws as text.

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe.each(generatedReportTypes)('the accent of the %s report', (type) => {
  const accent = accentPalettes[type];

  it('is readable as text on white, on its tint and on its high zone, and its light text is readable on it', () => {
    expect(contrast(accent.main, colors.white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(accent.main, accent.zones.high)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(accent.dark, accent.tint)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(accent.dark, accent.soft)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(accent.soft, accent.main)).toBeGreaterThanOrEqual(4.5);
  });
});

it('gives each assessment its own accent, and the complete profile the brand blue', () => {
  const mains = (['big5', 'environment', 'values'] as const).map((type) => accentPalettes[type].main);
  expect(new Set(mains).size).toBe(3);
  expect(accentPalettes.complete.main).toBe(colors.primary);
});
