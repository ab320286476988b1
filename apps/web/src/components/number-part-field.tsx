import type { ChangeEvent, ComponentProps } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/**
 * Where a part sits in its group's grid (PartsFieldset): label in row 1, input in row 2,
 * the message under its own column from sm up, and across the whole row below the inputs on
 * phones, where a column is too narrow for a sentence.
 */
export const partColumnClasses = {
  1: { label: 'col-start-1 row-start-1', control: 'col-start-1 row-start-2', message: 'col-span-full sm:col-span-1 sm:col-start-1 sm:row-start-3' },
  2: { label: 'col-start-2 row-start-1', control: 'col-start-2 row-start-2', message: 'col-span-full sm:col-span-1 sm:col-start-2 sm:row-start-3' },
  3: { label: 'col-start-3 row-start-1', control: 'col-start-3 row-start-2', message: 'col-span-full sm:col-span-1 sm:col-start-3 sm:row-start-3' },
} as const;

export interface NumberPartFieldProps {
  /** The input's id; its error is `${id}-error`. */
  id: string;
  /** Its column in the group's grid. */
  column: keyof typeof partColumnClasses;
  label: string;
  placeholder: string;
  maxLength: number;
  /** The field's own message, shown under it. */
  error?: string;
  /** Ids of further descriptions (a message that concerns the whole group). */
  describedBy?: string[];
  disabled?: boolean;
  autoComplete?: string;
  /** What react-hook-form's `register` returns, or any other input props. */
  input: ComponentProps<'input'>;
}

/**
 * One numeric part of a date or a time (day, month, year, hour, minute): a labelled text input that
 * keeps only digits, with its inline error. Text rather than type="number": no spinner, no
 * scroll-wheel changes, and leading zeros ('07') stay as typed.
 */
export function NumberPartField({ id, column, label, placeholder, maxLength, error, describedBy = [], disabled, autoComplete, input }: NumberPartFieldProps) {
  const placement = partColumnClasses[column];
  const errorId = `${id}-error`;
  const descriptions = [...(error ? [errorId] : []), ...describedBy];
  const { onChange, ...inputProps } = input;

  const keepDigits = (event: ChangeEvent<HTMLInputElement>) => {
    const digits = event.target.value.replace(/\D+/g, '');
    if (digits !== event.target.value) event.target.value = digits;
    onChange?.(event);
  };

  return (
    // `contents`: the label, input and message are placed in the group's grid, not in a box of their own.
    <div className="contents">
      <Label htmlFor={id} className={cn(placement.label, disabled && 'text-muted-foreground')}>
        {label}
      </Label>
      <Input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete={autoComplete ?? 'off'}
        placeholder={placeholder}
        maxLength={maxLength}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={descriptions.length > 0 ? descriptions.join(' ') : undefined}
        className={cn('tabular-nums', placement.control)}
        {...inputProps}
        onChange={keepDigits}
      />
      <FieldError id={errorId} className={placement.message}>
        {error}
      </FieldError>
    </div>
  );
}
