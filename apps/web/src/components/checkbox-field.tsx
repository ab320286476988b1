import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from '@/components/ui/field-error';

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  id: string;
  /** The label; may hold links (they open in a new tab so the form keeps its input). */
  label: ReactNode;
  error?: string;
}

/** A checkbox with its label beside it and its inline error below. */
export function CheckboxField({ id, label, error, ...inputProps }: CheckboxFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="peer mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary aria-invalid:outline-2 aria-invalid:outline-offset-2 aria-invalid:outline-destructive"
          {...inputProps}
        />
        <label htmlFor={id} className="cursor-pointer text-sm leading-snug text-foreground">
          {label}
        </label>
      </div>
      <FieldError id={errorId} className="pl-7">
        {error}
      </FieldError>
    </div>
  );
}
