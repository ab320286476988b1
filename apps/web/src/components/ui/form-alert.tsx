import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A form-wide error above the fields (a failure no field explains); announced when it appears. */
export function FormAlert({ className, children, ...props }: ComponentProps<'div'>) {
  if (!children) return null;
  return (
    <div
      role="alert"
      data-slot="form-alert"
      className={cn('rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive', className)}
      {...props}
    >
      {children}
    </div>
  );
}
