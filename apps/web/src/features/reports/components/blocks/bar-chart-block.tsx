import type { ReportBlock } from '@app/contract/reports';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { WhenVisible } from '@/components/when-visible';
import { ChartFigure, DataTable } from '../chart-figure';
import { formatScore } from '../../lib/format';

type BarChartBlockData = Extract<ReportBlock, { kind: 'bar_chart' }>;

// The drawing loads when it comes near the viewport (recharts is large: chart-drawings.tsx).
const BarChartDrawing = lazy(() => import('./chart-drawings').then((module) => ({ default: module.BarChartDrawing })));

/** Pixels per bar, so a chart of twelve facets is as readable as one of five traits. */
const rowHeight = 44;

/**
 * Horizontal bars on 0-100: the band zones (low, average, high) shaded behind, each bar with its
 * likely range drawn as an error bar. The numbers are in the table behind "Show the data".
 */
export function BarChartBlock({ block, headingLevel }: { block: BarChartBlockData; headingLevel: 3 | 4 }) {
  const { t } = useTranslation();
  const height = block.bars.length * rowHeight + 48;
  return (
    <ChartFigure
      title={block.title}
      alt={block.alt}
      headingLevel={headingLevel}
      chart={
        <div style={{ height }}>
          <WhenVisible className="size-full">
            <BarChartDrawing block={block} height={height} />
          </WhenVisible>
        </div>
      }
      table={
        <DataTable
          caption={block.title}
          captionHidden
          columns={[t('reports.blocks.columns.scale'), t('reports.blocks.columns.score'), t('reports.blocks.columns.band'), t('reports.blocks.columns.range')]}
          rows={block.bars.map((bar) => [
            bar.label,
            formatScore(bar.score),
            t(`reports.blocks.bands.${bar.band}`),
            `${formatScore(bar.error_band.low)}–${formatScore(bar.error_band.high)}`,
          ])}
        />
      }
    />
  );
}
