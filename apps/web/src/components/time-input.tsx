import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { cn } from '@/lib/utils';
import { NumberPartField, partColumnClasses, partGridClassName } from './number-part-field';

export type TimePart = 'hour' | 'minute' | 'period';
export const timePeriods = ['AM', 'PM'] as const;

export interface TimeInputProps {
  /** Prefix of the parts' ids: `${id}-hour`, `${id}-minute`, `${id}-period-am`, `${id}-period-pm`. */
  id: string;
  legend: string;
  description?: string;
  /** Hour and minute input props, and the props of both period radios (react-hook-form's `register(...)`). */
  inputs: Record<TimePart, ComponentProps<'input'>>;
  errors?: Partial<Record<TimePart, string>>;
  /** A message about the whole time (the server's `birth_time`). */
  error?: string;
  disabled?: boolean;
  /** Shown under the inputs, above the group's message (e.g. an "I don't know" checkbox). */
  children?: ReactNode;
}

/** A 12-hour time (spec sections 5 and 9): hour 1-12, minute 0-59, and AM or PM. */
export function TimeInput({ id, legend, description, inputs, errors = {}, error, disabled = false, children }: TimeInputProps) {
  const { t } = useTranslation();
  const descriptionId = `${id}-description`;
  const groupErrorId = `${id}-error`;
  const periodLabelId = `${id}-period-label`;
  const periodErrorId = `${id}-period-error`;
  const groupDescriptions = error ? [groupErrorId] : [];
  const periodDescriptions = [...(errors.period ? [periodErrorId] : []), ...groupDescriptions];

  return (
    <fieldset className="grid gap-3" aria-describedby={description ? descriptionId : undefined}>
      <legend className="mb-3 text-sm font-semibold">{legend}</legend>
      {description && (
        <p id={descriptionId} className="-mt-2 text-sm text-muted-foreground">
          {description}
        </p>
      )}
      <div className={cn(partGridClassName, 'grid-cols-[1fr_1fr_auto]')}>
        <NumberPartField
          id={`${id}-hour`}
          column={1}
          label={t('timeInput.hour')}
          placeholder={t('timeInput.hourPlaceholder')}
          maxLength={2}
          disabled={disabled}
          error={errors.hour}
          describedBy={groupDescriptions}
          input={inputs.hour}
        />
        <NumberPartField
          id={`${id}-minute`}
          column={2}
          label={t('timeInput.minute')}
          placeholder={t('timeInput.minutePlaceholder')}
          maxLength={2}
          disabled={disabled}
          error={errors.minute}
          describedBy={groupDescriptions}
          input={inputs.minute}
        />
        <div className="contents">
          <span id={periodLabelId} className={cn('text-sm leading-none font-medium', partColumnClasses[3].label, disabled && 'text-muted-foreground')}>
            {t('timeInput.period')}
          </span>
          {/* Native radios: arrow keys move the choice, and the form reads them like any input. */}
          <div
            role="radiogroup"
            aria-labelledby={periodLabelId}
            aria-describedby={periodDescriptions.length > 0 ? periodDescriptions.join(' ') : undefined}
            aria-invalid={errors.period ? true : undefined}
            aria-disabled={disabled || undefined}
            className={cn(
              'flex h-10 rounded-md border bg-muted p-1',
              partColumnClasses[3].control,
              errors.period ? 'border-destructive' : 'border-input',
              disabled && 'opacity-60',
            )}
          >
            {timePeriods.map((period) => {
              const radioId = `${id}-period-${period.toLowerCase()}`;
              return (
                <label key={period} htmlFor={radioId} className="relative flex">
                  <input id={radioId} type="radio" value={period} disabled={disabled} className="peer sr-only" {...inputs.period} />
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
          <FieldError id={periodErrorId} className={partColumnClasses[3].message}>
            {errors.period}
          </FieldError>
        </div>
      </div>
      {children}
      <FieldError id={groupErrorId}>{error}</FieldError>
    </fieldset>
  );
}
