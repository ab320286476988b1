import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A form label; a native <label> (Radix's adds nothing a form here needs, and costs bytes on login). */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label data-slot="label" className={cn('text-sm leading-none font-medium text-foreground', className)} {...props} />;
}
