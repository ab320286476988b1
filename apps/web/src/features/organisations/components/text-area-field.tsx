import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

export interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  id: string;
  label: string;
  error?: string;
  /** Ids of more text that describes the field (a hint, a counter), after the error. */
  describedBy?: string;
  /** Shown at the end of the label's row (a character counter). */
  labelAside?: ReactNode;
  children?: ReactNode;
}

/** A labelled textarea with its inline error, linked for assistive technology (as TextField). */
export function TextAreaField({ id, label, error, describedBy, labelAside, className, children, ...props }: TextAreaFieldProps) {
  const errorId = `${id}-error`;
  const descriptionIds = [error ? errorId : null, describedBy ?? null].filter((value) => value !== null).join(' ');
  return (
    <div className="grid content-start gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={descriptionIds || undefined}
        className={cn(
          'flex min-h-32 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm',
          className,
        )}
        {...props}
      />
      <FieldError id={errorId}>{error}</FieldError>
      {children}
    </div>
  );
}
