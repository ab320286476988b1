import type { ReportBlock } from '@app/contract/reports';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, ResponsiveContainer, Tooltip } from 'recharts';
import { chartColours, ChartFigure, DataTable, tooltipStyle } from '../chart-figure';
import { formatCentred } from '../../lib/format';

type ValuesCircleBlockData = Extract<ReportBlock, { kind: 'values_circle' }>;

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

/**
 * Schwartz's circle: the ten values around the circle in their circular order, each as far out as
 * it matters to the person (centred on their own average, so the middle ring is "as usual"). The
 * higher-order motives are listed beside it.
 */
export function ValuesCircleBlock({ block, headingLevel }: { block: ValuesCircleBlockData; headingLevel: 3 | 4 }) {
  const { t } = useTranslation();
  const [sizeRef, width] = useWidth<HTMLDivElement>();
  // The names sit outside the circle: on a narrow screen the circle shrinks so they still fit.
  const outerRadius: number | string = width === null ? '70%' : Math.max(56, Math.min(150, width / 2 - labelRoom));
  // Each higher-order motive has its colour: the values' dots and the motives' list share it.
  const motiveColour = new Map(block.motives.map((motive, index) => [motive.id, chartColours[(index + 1) % chartColours.length] ?? 'var(--chart-1)']));
  const data = block.values.map((value) => ({
    label: value.label,
    centred: Math.round(value.centred * 100) / 100,
    colour: motiveColour.get(value.motive) ?? 'var(--chart-1)',
  }));
  // Symmetric around 0, so "as important as your average" is always the same ring.
  const extent = Math.max(1, Math.ceil(Math.max(...block.values.map((value) => Math.abs(value.centred))) * 2) / 2);
  const motiveLabel = new Map(block.motives.map((motive) => [motive.id, motive.label]));
  const byRank = [...block.values].sort((a, b) => a.rank - b.rank);

  return (
    <ChartFigure
      title={block.title}
      alt={block.alt}
      headingLevel={headingLevel}
      chartClassName="h-72 sm:h-96"
      chart={
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
