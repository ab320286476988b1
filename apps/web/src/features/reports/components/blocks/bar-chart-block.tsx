import type { ReportBlock } from '@app/contract/reports';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ErrorBar, Label, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisTick, ChartFigure, DataTable, tooltipStyle } from '../chart-figure';
import { formatScore } from '../../lib/format';

type BarChartBlockData = Extract<ReportBlock, { kind: 'bar_chart' }>;

/** Pixels per bar, so a chart of twelve facets is as readable as one of five traits. */
const rowHeight = 44;

/**
 * Horizontal bars on 0-100: the band zones (low, average, high) shaded behind, each bar with its
 * likely range drawn as an error bar. The numbers are in the table behind "Show the data".
 */
export function BarChartBlock({ block, headingLevel }: { block: BarChartBlockData; headingLevel: 3 | 4 }) {
  const { t } = useTranslation();
  const { zones } = block;
  const data = block.bars.map((bar) => ({
    label: bar.label,
    score: Math.round(bar.score * 10) / 10,
    // ErrorBar takes the distances below and above the value.
    range: [Math.max(bar.score - bar.error_band.low, 0), Math.max(bar.error_band.high - bar.score, 0)],
    low: bar.error_band.low,
    high: bar.error_band.high,
    band: bar.band,
  }));
  const longestLabel = Math.max(...block.bars.map((bar) => bar.label.length));
  const labelWidth = Math.min(Math.max(longestLabel * 7.5, 80), 180);
  const zoneLabel = { fontSize: 11, fill: 'var(--muted-foreground)' };

  return (
    <ChartFigure
      title={block.title}
      alt={block.alt}
      headingLevel={headingLevel}
      chart={
        <div style={{ height: block.bars.length * rowHeight + 48 }}>
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: block.bars.length * rowHeight + 48 }}>
            <BarChart data={data} layout="vertical" margin={{ left: 4, right: 16, top: 20, bottom: 4 }} accessibilityLayer={false}>
              <ReferenceArea x1={0} x2={zones.low_below} fill="var(--muted-foreground)" fillOpacity={0.06} ifOverflow="hidden">
                <Label value={t('reports.blocks.zones.low')} position="insideTop" offset={-16} {...zoneLabel} />
              </ReferenceArea>
              <ReferenceArea x1={zones.low_below} x2={zones.high_above} fill="var(--muted-foreground)" fillOpacity={0.12} ifOverflow="hidden">
                <Label value={t('reports.blocks.zones.average')} position="insideTop" offset={-16} {...zoneLabel} />
              </ReferenceArea>
              <ReferenceArea x1={zones.high_above} x2={100} fill="var(--muted-foreground)" fillOpacity={0.06} ifOverflow="hidden">
                <Label value={t('reports.blocks.zones.high')} position="insideTop" offset={-16} {...zoneLabel} />
              </ReferenceArea>
              <CartesianGrid horizontal={false} stroke="var(--border)" strokeDasharray="3 3" />
              <XAxis type="number" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={axisTick} stroke="var(--border)" />
              <YAxis type="category" dataKey="label" width={labelWidth} tick={axisTick} stroke="var(--border)" interval={0} />
              <Tooltip
                {...tooltipStyle}
                formatter={(_value, _name, item) => {
                  const point = item.payload as (typeof data)[number];
                  return [
                    `${formatScore(point.score)} · ${t('reports.blocks.range', { low: formatScore(point.low), high: formatScore(point.high) })}`,
                    t('reports.blocks.columns.score'),
                  ];
                }}
              />
              <Bar dataKey="score" fill="var(--chart-1)" radius={[0, 4, 4, 0]} barSize={16} isAnimationActive={false}>
                <ErrorBar dataKey="range" direction="x" width={6} strokeWidth={1.5} stroke="var(--foreground)" isAnimationActive={false} />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
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
