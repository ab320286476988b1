import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberPartField } from './number-part-field';
import { PartsFieldset, partsErrorId } from './parts-fieldset';
import { PeriodPartField } from './period-part-field';

export type TimePart = 'hour' | 'minute' | 'period';

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
  const groupDescriptions = error ? [partsErrorId(id)] : [];

  return (
    <PartsFieldset id={id} legend={legend} description={description} columns="grid-cols-[1fr_1fr_auto]" error={error} below={children}>
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
      <PeriodPartField id={`${id}-period`} column={3} input={inputs.period} error={errors.period} describedBy={groupDescriptions} disabled={disabled} />
    </PartsFieldset>
  );
}
