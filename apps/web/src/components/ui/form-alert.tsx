import type { ComponentProps } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface FormAlertProps extends ComponentProps<'div'> {
  /** An error (role alert, announced at once; the default) or a success (role status). */
  tone?: 'error' | 'success';
}

/** A message above a form's fields: a failure no field explains, or the outcome of the submit. Nothing without children. */
export function FormAlert({ tone = 'error', className, children, ...props }: FormAlertProps) {
  if (!children) return null;
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-slot="form-alert"
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2 text-sm font-medium',
        tone === 'error'
          ? 'border-destructive/40 bg-destructive/10 text-destructive'
          : 'border-emerald-600/30 bg-emerald-600/10 text-emerald-800 dark:border-emerald-400/30 dark:bg-emerald-400/10 dark:text-emerald-300',
        className,
      )}
      {...props}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
