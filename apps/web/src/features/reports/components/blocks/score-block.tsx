import type { ReportBlock } from '@app/contract/reports';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { formatScore } from '../../lib/format';

type ScoreBlockData = Extract<ReportBlock, { kind: 'score' }>;

export const bandTone = {
  low: 'border border-input text-muted-foreground',
  average: 'bg-secondary text-secondary-foreground',
  high: 'bg-primary text-primary-foreground',
} as const;

/**
 * The headline figure of one scale: the score, its band, the likely range (error band) on a 0-100
 * scale, and percentiles against norm groups when there are any.
 */
export function ScoreBlock({ block, headingLevel }: { block: ScoreBlockData; headingLevel: 3 | 4 }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const low = formatScore(block.error_band.low);
  const high = formatScore(block.error_band.high);
  return (
    <div role="group" aria-labelledby={labelId} className="space-y-3 rounded-xl border bg-card p-4 break-inside-avoid sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <Heading id={labelId} className="font-semibold">
          {block.label}
        </Heading>
        <p className="flex items-center gap-2">
          <span className="text-2xl font-semibold tabular-nums">{t('reports.blocks.score', { score: formatScore(block.score) })}</span>
          <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium', bandTone[block.band])}>{block.band_label}</span>
        </p>
      </div>
      {/* The scale drawn: the likely range as a band, the score as a mark. The numbers are in the text beside it. */}
      <div aria-hidden="true" className="relative h-3 rounded-full bg-muted">
        <div
          className="absolute inset-y-0 rounded-full bg-assessment/25"
          style={{ left: `${block.error_band.low}%`, width: `${Math.max(block.error_band.high - block.error_band.low, 1)}%` }}
        />
        <div className="absolute -top-1 -bottom-1 w-1 -translate-x-1/2 rounded-full bg-assessment" style={{ left: `${block.score}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">{t('reports.blocks.range', { low, high })}</p>
      {block.percentiles.length > 0 && (
        <ul className="flex flex-wrap gap-2 text-sm">
          {block.percentiles.map((percentile) => (
            <li key={percentile.group} className="rounded-md bg-muted px-2.5 py-1">
              {t('reports.blocks.percentile', { value: percentile.value, group: percentile.group_label })}
              <span className="text-muted-foreground"> · {t('reports.blocks.groupSize', { size: new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en').format(percentile.group_size) })}</span>
            </li>
          ))}
        </ul>
      )}
      {/* The complete profile's compact cards leave it out: How to read says it once for all. */}
      {block.norm_note && <p className="text-xs text-muted-foreground">{block.norm_note}</p>}
    </div>
  );
}
