import type { ComponentProps } from 'react';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { cn } from '@/lib/utils';

const tones = {
  error: { role: 'alert', icon: CircleAlert, className: 'border-destructive/40 bg-destructive/10 text-destructive' },
  success: {
    role: 'status',
    icon: CircleCheck,
    className: 'border-emerald-600/30 bg-emerald-600/10 text-emerald-800 dark:border-emerald-400/30 dark:bg-emerald-400/10 dark:text-emerald-300',
  },
  info: {
    role: 'status',
    icon: Info,
    className: 'border-sky-600/30 bg-sky-600/10 text-sky-900 dark:border-sky-400/30 dark:bg-sky-400/10 dark:text-sky-200',
  },
} as const;

export interface FormAlertProps extends ComponentProps<'div'> {
  /**
   * An error (role alert, announced at once; the default), a success (role status), or a notice
   * about what happened before the form (role status: why the user is on this page).
   */
  tone?: keyof typeof tones;
}

/** A message above a form's fields: a failure no field explains, or the outcome of the submit. Nothing without children. */
export function FormAlert({ tone = 'error', className, children, ...props }: FormAlertProps) {
  if (!children) return null;
  const { role, icon: Icon, className: toneClassName } = tones[tone];
  return (
    <div
      role={role}
      data-slot="form-alert"
      className={cn('flex items-start gap-2 rounded-md border px-3 py-2 text-sm font-medium', toneClassName, className)}
      {...props}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
