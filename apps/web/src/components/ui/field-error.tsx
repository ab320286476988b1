import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The inline message under a form field; link it to the input with aria-describedby. */
export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p data-slot="field-error" className={cn('text-sm font-medium text-destructive', className)} {...props}>
      {children}
    </p>
  );
}
