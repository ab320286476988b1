import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionErrorBoundary } from '@/components/section-error-boundary';
import { cn } from '@/lib/utils';

// Chart colours from the theme, so they follow light and dark mode (the dashboard's palette). The
// first is the report's assessment accent (lib/assessment-accent.ts), the brand's blue by default.
export const chartColours = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)', 'var(--chart-6)'];
export const chartPalette =
  '[--chart-1:var(--assessment)] [--chart-2:oklch(0.6_0.13_170)] [--chart-3:oklch(0.7_0.14_75)] [--chart-4:oklch(0.58_0.16_15)] [--chart-5:oklch(0.55_0.14_300)] [--chart-6:oklch(0.62_0.1_210)] ' +
  'dark:[--chart-2:oklch(0.75_0.12_170)] dark:[--chart-3:oklch(0.82_0.13_85)] dark:[--chart-4:oklch(0.72_0.14_20)] dark:[--chart-5:oklch(0.74_0.12_305)] dark:[--chart-6:oklch(0.78_0.09_210)]';

export const axisTick = { fill: 'var(--muted-foreground)', fontSize: 12 };
export const tooltipStyle = {
  contentStyle: { background: 'var(--popover)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--popover-foreground)', fontSize: 13 },
  labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600 },
  itemStyle: { color: 'var(--popover-foreground)' },
  cursor: { fill: 'var(--muted)', opacity: 0.5 },
};

export interface ChartFigureProps {
  title: string;
  /** The chart said in words: the drawing's accessible description. */
  alt: string;
  /** Height classes of the drawing. */
  chartClassName?: string;
  chart: ReactNode;
  /** What the drawing adds beside itself (a legend). */
  aside?: ReactNode;
  /** The data behind the chart, as a table: the alternative to the drawing. */
  table: ReactNode;
  headingLevel: 3 | 4;
}

/**
 * A chart of the report: its title, the drawing (described by the block's alt text for screen
 * readers), and the same data as a table behind "Show the data". A drawing that fails leaves the
 * title, the description and the table in place.
 */
export function ChartFigure({ title, alt, chartClassName, chart, aside, table, headingLevel }: ChartFigureProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const altId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <figure aria-labelledby={titleId} className={cn('space-y-3 rounded-xl border bg-card p-4 break-inside-avoid sm:p-5', chartPalette)}>
      <Heading id={titleId} className="font-semibold">
        {title}
      </Heading>
      <p id={altId} className="text-sm text-muted-foreground">
        {alt}
      </p>
      <SectionErrorBoundary fallback={<p className="text-sm text-muted-foreground">{t('reports.blocks.chartFailed')}</p>}>
        <div className="grid items-center gap-4 sm:grid-cols-[minmax(0,1fr)_auto]">
          {/* The drawing is one image for assistive technology: named by the title, described by the alt. */}
          <div role="img" aria-label={t('reports.blocks.chartOf', { title })} aria-describedby={altId} className={cn('w-full min-w-0', chartClassName)}>
            {chart}
          </div>
          {aside}
        </div>
      </SectionErrorBoundary>
      <details className="group text-sm print:hidden">
        <summary className="cursor-pointer rounded-sm font-medium text-primary select-none hover:underline">{t('reports.blocks.showData')}</summary>
        {/* Scrolls sideways on a phone: reachable by keyboard (axe: scrollable-region-focusable). */}
        <div role="region" aria-label={title} tabIndex={0} className="mt-3 overflow-x-auto">
          {table}
        </div>
      </details>
    </figure>
  );
}

/** A plain data table for a chart's "Show the data" and the document's table blocks. */
export function DataTable({ caption, columns, rows, captionHidden = false }: { caption: string; columns: string[]; rows: string[][]; captionHidden?: boolean }) {
  return (
    <table className="w-full min-w-[20rem] border-collapse text-sm">
      <caption className={cn('mb-2 text-left font-medium', captionHidden && 'sr-only')}>{caption}</caption>
      <thead>
        <tr className="border-b text-left text-xs text-muted-foreground">
          {columns.map((column) => (
            <th key={column} scope="col" className="px-3 py-2 font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y">
        {rows.map((row, rowIndex) => (
          <tr key={rowIndex}>
            {row.map((cell, cellIndex) =>
              cellIndex === 0 ? (
                <th key={cellIndex} scope="row" className="px-3 py-2 text-left font-medium">
                  {cell}
                </th>
              ) : (
                <td key={cellIndex} className="px-3 py-2 tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
