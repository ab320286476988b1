import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberPartField } from './number-part-field';
import { PartsFieldset, partsErrorId } from './parts-fieldset';

export type DatePart = 'day' | 'month' | 'year';

export interface DateInputProps {
  /** Prefix of the parts' ids: `${id}-day`, `${id}-month`, `${id}-year`. */
  id: string;
  legend: string;
  description?: string;
  /** Each part's input props (react-hook-form's `register(...)`). */
  inputs: Record<DatePart, ComponentProps<'input'>>;
  /** Each part's own message. */
  errors?: Partial<Record<DatePart, string>>;
  /** A message about the whole date (a date in the future, the server's `birth_date`). */
  error?: string;
  /** Autofill hints for a birth date. */
  birthday?: boolean;
}

const parts = [
  { part: 'day', column: 1, maxLength: 2, autoComplete: 'bday-day' },
  { part: 'month', column: 2, maxLength: 2, autoComplete: 'bday-month' },
  { part: 'year', column: 3, maxLength: 4, autoComplete: 'bday-year' },
] as const;

/** A date as three inputs, day / month / year (spec section 5), in a fieldset with its legend. */
export function DateInput({ id, legend, description, inputs, errors = {}, error, birthday = false }: DateInputProps) {
  const { t } = useTranslation();

  return (
    <PartsFieldset id={id} legend={legend} description={description} columns="grid-cols-[1fr_1fr_1.35fr]" error={error}>
      {parts.map(({ part, column, maxLength, autoComplete }) => (
        <NumberPartField
          key={part}
          id={`${id}-${part}`}
          column={column}
          label={t(`dateInput.${part}`)}
          placeholder={t(`dateInput.${part}Placeholder`)}
          maxLength={maxLength}
          autoComplete={birthday ? autoComplete : 'off'}
          error={errors[part]}
          describedBy={error ? [partsErrorId(id)] : []}
          input={inputs[part]}
        />
      ))}
    </PartsFieldset>
  );
}
