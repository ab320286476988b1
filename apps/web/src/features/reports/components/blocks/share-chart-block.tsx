import type { ReportBlock } from '@app/contract/reports';
import { useTranslation } from 'react-i18next';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { chartColours, ChartFigure, DataTable, tooltipStyle } from '../chart-figure';

type ShareChartBlockData = Extract<ReportBlock, { kind: 'share_chart' }>;

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
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 224, height: 224 }}>
          <PieChart accessibilityLayer={false}>
            <Pie data={block.shares} dataKey="share" nameKey="label" innerRadius="55%" outerRadius="95%" stroke="var(--card)" strokeWidth={2} isAnimationActive={false} rootTabIndex={-1}>
              {block.shares.map((entry, index) => (
                <Cell key={entry.id} fill={colour(index)} />
              ))}
            </Pie>
            <Tooltip {...tooltipStyle} formatter={(value, name) => [t('reports.blocks.share', { share: Number(value) }), String(name)]} />
          </PieChart>
        </ResponsiveContainer>
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
