import type { ReportBlock } from '@app/contract/reports';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { WhenVisible } from '@/components/when-visible';
import { chartColours, ChartFigure, DataTable } from '../chart-figure';

type ShareChartBlockData = Extract<ReportBlock, { kind: 'share_chart' }>;

// The drawing loads when it comes near the viewport (recharts is large: chart-drawings.tsx).
const ShareChartDrawing = lazy(() => import('./chart-drawings').then((module) => ({ default: module.ShareChartDrawing })));

/** Shares that add up to 100 (the culture mix) as a ring, with a legend that gives each share. */
export function ShareChartBlock({ block, headingLevel }: { block: ShareChartBlockData; headingLevel: 3 | 4 }) {
  const { t } = useTranslation();
  const colour = (index: number) => chartColours[index % chartColours.length];
  return (
    <ChartFigure
      title={block.title}
      alt={block.alt}
      headingLevel={headingLevel}
      chartClassName="mx-auto h-56 max-w-56"
      chart={
        <WhenVisible className="size-full">
          <ShareChartDrawing block={block} colour={colour} />
        </WhenVisible>
      }
      aside={
        <ul className="grid min-w-44 gap-1.5 text-sm">
          {block.shares.map((entry, index) => (
            <li key={entry.id} className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ background: colour(index) }} />
              <span className="flex-1">{entry.label}</span>
              <span className="tabular-nums text-muted-foreground">{t('reports.blocks.share', { share: entry.share })}</span>
            </li>
          ))}
        </ul>
      }
      table={
        <DataTable
          caption={block.title}
          captionHidden
          columns={[t('reports.blocks.columns.scale'), t('reports.blocks.columns.share')]}
          rows={block.shares.map((entry) => [entry.label, t('reports.blocks.share', { share: entry.share })])}
        />
      }
    />
  );
}
