import type { ReportBlock } from '@app/contract/reports';
import { useTranslation } from 'react-i18next';
import { PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, ResponsiveContainer, Tooltip } from 'recharts';
import { chartColours, ChartFigure, DataTable, tooltipStyle } from '../chart-figure';
import { formatCentred } from '../../lib/format';

type ValuesCircleBlockData = Extract<ReportBlock, { kind: 'values_circle' }>;

/**
 * Schwartz's circle: the ten values around the circle in their circular order, each as far out as
 * it matters to the person (centred on their own average, so the middle ring is "as usual"). The
 * higher-order motives are listed beside it.
 */
export function ValuesCircleBlock({ block, headingLevel }: { block: ValuesCircleBlockData; headingLevel: 3 | 4 }) {
  const { t } = useTranslation();
  const data = block.values.map((value) => ({ label: value.label, centred: Math.round(value.centred * 100) / 100 }));
  // Symmetric around 0, so "as important as your average" is always the same ring.
  const extent = Math.max(1, Math.ceil(Math.max(...block.values.map((value) => Math.abs(value.centred))) * 2) / 2);
  const motiveLabel = new Map(block.motives.map((motive) => [motive.id, motive.label]));
  const byRank = [...block.values].sort((a, b) => a.rank - b.rank);

  return (
    <ChartFigure
      title={block.title}
      alt={block.alt}
      headingLevel={headingLevel}
      chartClassName="h-80 sm:h-96"
      chart={
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 400, height: 360 }}>
          <RadarChart data={data} outerRadius="72%" accessibilityLayer={false}>
            <PolarGrid stroke="var(--border)" />
            <PolarAngleAxis dataKey="label" tick={{ fill: 'var(--foreground)', fontSize: 12 }} />
            <PolarRadiusAxis domain={[-extent, extent]} tickCount={5} angle={90} tick={{ fill: 'var(--muted-foreground)', fontSize: 10 }} stroke="var(--border)" tickFormatter={(value: number) => formatCentred(value)} />
            <Tooltip {...tooltipStyle} formatter={(value) => [formatCentred(Number(value)), t('reports.blocks.columns.centred')]} />
            <Radar dataKey="centred" stroke="var(--chart-1)" fill="var(--chart-1)" fillOpacity={0.3} strokeWidth={2} dot={{ r: 3, fill: 'var(--chart-1)' }} isAnimationActive={false} />
          </RadarChart>
        </ResponsiveContainer>
      }
      aside={
        block.motives.length > 0 ? (
          <ul className="grid min-w-44 gap-1.5 text-sm">
            {block.motives.map((motive, index) => (
              <li key={motive.id} className="flex items-center gap-2">
                <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ background: chartColours[(index + 1) % chartColours.length] }} />
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
