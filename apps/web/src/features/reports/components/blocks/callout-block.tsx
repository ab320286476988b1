import type { ReportBlock } from '@app/contract/reports';
import { Info, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';

type CalloutBlockData = Extract<ReportBlock, { kind: 'callout' }>;

/** A highlighted note: how to read a result, 'interpret with caution', a tension between two values. */
export function CalloutBlock({ block }: { block: CalloutBlockData }) {
  const caution = block.tone === 'caution';
  const Icon = caution ? TriangleAlert : Info;
  return (
    <aside
      aria-label={block.title}
      className={cn(
        'flex max-w-prose gap-3 rounded-lg border px-4 py-3 text-sm break-inside-avoid',
        caution ? 'border-amber-600/30 bg-amber-500/10 text-amber-950 dark:text-amber-100' : 'border-primary/25 bg-primary/5',
      )}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', caution ? 'text-amber-700 dark:text-amber-300' : 'text-primary')} />
      <div className="space-y-1">
        <p className="font-semibold">{block.title}</p>
        <p className="leading-relaxed">{block.text}</p>
      </div>
    </aside>
  );
}
