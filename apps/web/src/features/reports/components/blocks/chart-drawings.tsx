import type { ReportBlock } from '@app/contract/reports';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@/lib/charts-on-preact';
import { Bar, BarChart, CartesianGrid, Cell, ErrorBar, Label, PieChart, Pie, PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisTick, tooltipStyle } from '../chart-figure';
import { formatCentred, formatScore } from '../../lib/format';

// The report's drawings, in a chunk of their own: recharts (about 100 KB gzipped) loads when a
// chart comes near the viewport (components/when-visible.tsx), never with the page's first screen.
// Each block (bar-chart-block.tsx, ...) keeps its title, description, legend and data table.

type BarChartBlockData = Extract<ReportBlock, { kind: 'bar_chart' }>;
type ValuesCircleBlockData = Extract<ReportBlock, { kind: 'values_circle' }>;
type ShareChartBlockData = Extract<ReportBlock, { kind: 'share_chart' }>;

/** `height`: the block's, in pixels (before the container is measured). */
export function BarChartDrawing({ block, height }: { block: BarChartBlockData; height: number }) {
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
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height }}>
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
  );
}

/** The element's width, followed as it changes (null until measured, or where it cannot be). */
function useWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? null));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Room left around the circle for the values' names (the longest is about 12 characters). */
const labelRoom = 78;

export function ValuesCircleDrawing({ block, colourOfMotive }: { block: ValuesCircleBlockData; colourOfMotive: (motive: string) => string }) {
  const { t } = useTranslation();
  const [sizeRef, width] = useWidth<HTMLDivElement>();
  // The names sit outside the circle: on a narrow screen the circle shrinks so they still fit.
  const outerRadius: number | string = width === null ? '70%' : Math.max(56, Math.min(150, width / 2 - labelRoom));
  const data = block.values.map((value) => ({
    label: value.label,
    centred: Math.round(value.centred * 100) / 100,
    colour: colourOfMotive(value.motive),
  }));
  // Symmetric around 0, so "as important as your average" is always the same ring.
  const extent = Math.max(1, Math.ceil(Math.max(...block.values.map((value) => Math.abs(value.centred))) * 2) / 2);
  return (
    <div ref={sizeRef} className="size-full">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 400, height: 360 }}>
        <RadarChart data={data} outerRadius={outerRadius} accessibilityLayer={false}>
          <PolarGrid stroke="var(--border)" />
          <PolarAngleAxis dataKey="label" tick={{ fill: 'var(--foreground)', fontSize: width !== null && width < 400 ? 11 : 12 }} />
          {/* No numbers on the rings: they would cover the shape; the table has them. */}
          <PolarRadiusAxis domain={[-extent, extent]} tickCount={5} tick={false} axisLine={false} />
          <Tooltip {...tooltipStyle} formatter={(value) => [formatCentred(Number(value)), t('reports.blocks.columns.centred')]} />
          <Radar
            dataKey="centred"
            stroke="var(--chart-1)"
            fill="var(--chart-1)"
            fillOpacity={0.3}
            strokeWidth={2}
            isAnimationActive={false}
            dot={(props: { cx?: number; cy?: number; index?: number }) => (
              <circle key={props.index} cx={props.cx} cy={props.cy} r={4.5} fill={data[props.index ?? 0]?.colour} stroke="var(--card)" strokeWidth={1.5} />
            )}
          />
        </RadarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function ShareChartDrawing({ block, colour }: { block: ShareChartBlockData; colour: (index: number) => string | undefined }) {
  const { t } = useTranslation();
  return (
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
  );
}
