import { Fragment, useMemo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { countryOptions } from '@/lib/countries';
import { EmailField } from './email-field';
import { TextField } from './text-field';
import { FieldError } from './ui/field-error';
import { Label } from './ui/label';
import { NativeSelect } from './ui/native-select';

/** One field of a billing address. */
export interface BillingField {
  /** The input's id; its error is `<id>-error`, its hint `<id>-hint`. */
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** The message under the field, already translated. */
  error?: string;
  /** 'country': the list of countries, `placeholder` its empty choice. Text unless told. */
  kind?: 'text' | 'email' | 'country';
  autoComplete?: string;
  placeholder?: string;
  /** A line under the field (a country's only while it has no error). */
  hint?: string;
  /** Across both columns from the sm breakpoint. */
  wide?: boolean;
}

export interface BillingFieldsProps {
  /** Names the group for assistive technology (the section's heading says it to everyone). */
  legend: string;
  fields: readonly BillingField[];
  disabled?: boolean;
}

/**
 * A billing address as the checkout and Settings › Billing both lay it out: two columns from the
 * sm breakpoint, each field with its label, error and hint, the country as a native select.
 */
export function BillingFields({ legend, fields, disabled = false }: BillingFieldsProps) {
  return (
    <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">{legend}</legend>
      {fields.map((field) => (
        <Fragment key={field.id}>
          {field.wide ? (
            <div className="sm:col-span-2">
              <BillingFieldInput field={field} />
            </div>
          ) : (
            <BillingFieldInput field={field} />
          )}
        </Fragment>
      ))}
    </fieldset>
  );
}

function BillingFieldInput({ field }: { field: BillingField }) {
  const { id, label, registration, error, kind = 'text', autoComplete, placeholder, hint } = field;
  const hintId = `${id}-hint`;
  if (kind === 'country') return <CountryField field={field} />;
  const Field = kind === 'email' ? EmailField : TextField;
  // Only what is given: an e-mail field has its own autocomplete.
  const optional = { ...(autoComplete && { autoComplete }), ...(placeholder && { placeholder }), ...(hint && { describedBy: hintId }) };
  return (
    <Field id={id} label={label} error={error} {...optional} {...registration}>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </Field>
  );
}

const markupEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** The text as markup writes it: the names come from the browser's Intl, the empty choice's label from our texts. */
function escapeMarkup(text: string): string {
  return text.replace(/[&<>"]/g, (character) => markupEscapes[character] ?? character);
}

/**
 * The country list's options (the empty choice, then about 250 countries) as markup, set as the
 * select's content in one go: the browser builds them in well under a millisecond, where rendering
 * them as components held a slow phone's checkout for about 100 ms more (Lighthouse's total
 * blocking time, issues 14, 15). Set before the form registers the select, so its value applies.
 */
function countryOptionsMarkup(emptyChoice: string): string {
  const options = countryOptions().map((country) => `<option value="${country.code}">${escapeMarkup(country.name)}</option>`);
  return `<option value="">${escapeMarkup(emptyChoice)}</option>${options.join('')}`;
}

function CountryField({ field: { id, label, registration, error, placeholder, hint } }: { field: BillingField }) {
  const optionsMarkup = useMemo(() => ({ __html: countryOptionsMarkup(placeholder ?? '') }), [placeholder]);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        autoComplete="country"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hint ? hintId : undefined}
        dangerouslySetInnerHTML={optionsMarkup}
        {...registration}
      />
      <FieldError id={errorId}>{error}</FieldError>
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
