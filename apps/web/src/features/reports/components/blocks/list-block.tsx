import type { ReportBlock } from '@app/contract/reports';
import { CircleCheck, CircleHelp, Dot, Lightbulb, TriangleAlert, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

type ListBlockData = Extract<ReportBlock, { kind: 'list' }>;

const styles: Record<ListBlockData['style'], { icon: LucideIcon | null; tone: string }> = {
  strengths: { icon: CircleCheck, tone: 'text-emerald-700 dark:text-emerald-400' },
  risks: { icon: TriangleAlert, tone: 'text-amber-700 dark:text-amber-400' },
  suggestions: { icon: Lightbulb, tone: 'text-primary' },
  questions: { icon: CircleHelp, tone: 'text-primary' },
  steps: { icon: null, tone: 'text-primary' },
  plain: { icon: Dot, tone: 'text-muted-foreground' },
};

/** A titled list: strengths, risks, suggestions, questions to ask, the steps of a plan (numbered). */
export function ListBlock({ block, headingLevel }: { block: ListBlockData; headingLevel: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const { icon: Icon, tone } = styles[block.style];
  const List = block.style === 'steps' ? 'ol' : 'ul';
  return (
    <div className="space-y-2 break-inside-avoid" data-list-style={block.style}>
      <Heading className="font-semibold">{block.title}</Heading>
      <List className="grid max-w-prose gap-2">
        {block.items.map((item, index) => (
          <li key={index} className="flex gap-2.5 leading-relaxed">
            {Icon ? (
              <Icon aria-hidden="true" className={cn('mt-1 size-4 shrink-0', tone)} />
            ) : (
              <span aria-hidden="true" className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
                {index + 1}
              </span>
            )}
            <span>{item}</span>
          </li>
        ))}
      </List>
    </div>
  );
}
