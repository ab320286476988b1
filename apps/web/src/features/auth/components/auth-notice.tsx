import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

const tones = {
  success: 'bg-emerald-600/10 text-emerald-700 dark:bg-emerald-400/10 dark:text-emerald-400',
  error: 'bg-destructive/10 text-destructive',
  info: 'bg-accent text-accent-foreground',
  muted: 'bg-muted text-muted-foreground',
} as const;

export interface AuthNoticeProps {
  icon: LucideIcon;
  tone: keyof typeof tones;
  title: string;
  /** What happened: one or more paragraphs under the title. */
  children: ReactNode;
  /** What to do next (links, buttons), under the text. */
  actions?: ReactNode;
  className?: string;
}

/** A guest page's outcome in place of a form (a link that expired, sign-up closed): an icon, a title, the text, then what to do. */
export function AuthNotice({ icon: Icon, tone, title, children, actions, className }: AuthNoticeProps) {
  return (
    <div className={cn('flex flex-col items-center gap-4 text-center', className)}>
      <span className={cn('flex size-12 items-center justify-center rounded-full', tones[tone])}>
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1.5">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{title}</h1>
        {children}
      </div>
      {actions}
    </div>
  );
}
