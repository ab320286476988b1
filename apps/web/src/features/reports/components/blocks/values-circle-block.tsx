import type { ReportBlock } from '@app/contract/reports';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { WhenVisible } from '@/components/when-visible';
import { chartColours, ChartFigure, DataTable } from '../chart-figure';
import { formatCentred } from '../../lib/format';

type ValuesCircleBlockData = Extract<ReportBlock, { kind: 'values_circle' }>;

// The drawing loads when it comes near the viewport (recharts is large: chart-drawings.tsx).
const ValuesCircleDrawing = lazy(() => import('./chart-drawings').then((module) => ({ default: module.ValuesCircleDrawing })));

/**
 * Schwartz's circle: the ten values around the circle in their circular order, each as far out as
 * it matters to the person (centred on their own average, so the middle ring is "as usual"). The
 * higher-order motives are listed beside it.
 */
export function ValuesCircleBlock({ block, headingLevel }: { block: ValuesCircleBlockData; headingLevel: 3 | 4 }) {
  const { t } = useTranslation();
  // Each higher-order motive has its colour: the values' dots and the motives' list share it.
  const motiveColour = new Map(block.motives.map((motive, index) => [motive.id, chartColours[(index + 1) % chartColours.length] ?? 'var(--chart-1)']));
  const motiveLabel = new Map(block.motives.map((motive) => [motive.id, motive.label]));
  const byRank = [...block.values].sort((a, b) => a.rank - b.rank);

  return (
    <ChartFigure
      title={block.title}
      alt={block.alt}
      headingLevel={headingLevel}
      chartClassName="h-72 sm:h-96"
      chart={
        <WhenVisible className="size-full">
          <ValuesCircleDrawing block={block} colourOfMotive={(motive) => motiveColour.get(motive) ?? 'var(--chart-1)'} />
        </WhenVisible>
      }
      aside={
        block.motives.length > 0 ? (
          <ul className="grid min-w-44 gap-1.5 text-sm">
            {block.motives.map((motive) => (
              <li key={motive.id} className="flex items-center gap-2">
                <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ background: motiveColour.get(motive.id) }} />
                <span className="flex-1">{motive.label}</span>
                <span className="tabular-nums text-muted-foreground">{formatCentred(motive.centred)}</span>
              </li>
            ))}
          </ul>
        ) : null
      }
      table={
        <DataTable
          caption={block.title}
          captionHidden
          columns={[t('reports.blocks.columns.value'), t('reports.blocks.columns.rank'), t('reports.blocks.columns.centred'), t('reports.blocks.columns.motive')]}
          rows={byRank.map((value) => [value.label, String(value.rank), formatCentred(value.centred), motiveLabel.get(value.motive) ?? value.motive])}
        />
      }
    />
  );
}
