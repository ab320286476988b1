import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { cn } from '@/lib/utils';
import { partColumnClasses } from './number-part-field';

export const timePeriods = ['AM', 'PM'] as const;

export interface PeriodPartFieldProps {
  /** Prefix of the ids: the radios are `${id}-am` and `${id}-pm`, the message `${id}-error`. */
  id: string;
  /** Its column in the group's grid. */
  column: keyof typeof partColumnClasses;
  /** The props of both radios (react-hook-form's `register(...)`). */
  input: ComponentProps<'input'>;
  /** Its own message, shown under it. */
  error?: string;
  /** Ids of further descriptions (a message that concerns the whole group). */
  describedBy?: string[];
  disabled?: boolean;
}

/** AM or PM, the last part of a 12-hour time (TimeInput), as a two-button switch. */
export function PeriodPartField({ id, column, input, error, describedBy = [], disabled = false }: PeriodPartFieldProps) {
  const { t } = useTranslation();
  const placement = partColumnClasses[column];
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const descriptions = [...(error ? [errorId] : []), ...describedBy];

  return (
    // `contents`: the label, radios and message are placed in the group's grid, not in a box of their own.
    <div className="contents">
      <span id={labelId} className={cn('text-sm leading-none font-medium', placement.label, disabled && 'text-muted-foreground')}>
        {t('timeInput.period')}
      </span>
      {/* Native radios: arrow keys move the choice, and the form reads them like any input. */}
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={descriptions.length > 0 ? descriptions.join(' ') : undefined}
        aria-invalid={error ? true : undefined}
        aria-disabled={disabled || undefined}
        className={cn('flex h-10 rounded-md border bg-muted p-1', placement.control, error ? 'border-destructive' : 'border-input', disabled && 'opacity-60')}
      >
        {timePeriods.map((period) => {
          const radioId = `${id}-${period.toLowerCase()}`;
          return (
            <label key={period} htmlFor={radioId} className="relative flex">
              <input id={radioId} type="radio" value={period} disabled={disabled} className="peer sr-only" {...input} />
              <span
                className={cn(
                  'flex min-w-11 items-center justify-center rounded-sm px-2.5 text-sm font-medium text-muted-foreground transition-colors select-none',
                  'peer-checked:bg-card peer-checked:text-foreground peer-checked:shadow-sm',
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-ring',
                  disabled ? 'cursor-not-allowed' : 'cursor-pointer hover:text-foreground',
                )}
              >
                {t(`timeInput.${period.toLowerCase()}`)}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} className={placement.message}>
        {error}
      </FieldError>
    </div>
  );
}
