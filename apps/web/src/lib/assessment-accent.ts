import type { ReportType } from '@app/contract/basket';

// One accent per assessment (styles.css: --big5, --environment, --values), the same on the
// dashboard, in the reports and in the PDFs (pdf-theme.ts). An element with the class sets
// `--assessment` for everything inside it (`text-assessment`, `bg-assessment-soft`, the charts).
// The complete profile and the bundle span all three and keep the brand's blue.

export type AccentKey = 'big5' | 'environment' | 'values' | 'complete';

// Whole class names, so Tailwind finds them in the source.
const accentClasses: Record<AccentKey, string> = {
  big5: 'accent-big5',
  environment: 'accent-environment',
  values: 'accent-values',
  complete: '',
};

export function accentClass(key: AccentKey): string {
  return accentClasses[key];
}

/** The accent of a product or basket line by the reports it grants: one report its own, the bundle and services none. */
export function productAccent(reportTypes: readonly ReportType[]): AccentKey {
  return reportTypes.length === 1 && reportTypes[0] !== undefined ? reportTypes[0] : 'complete';
}
