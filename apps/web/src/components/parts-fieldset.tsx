import type { ReactNode } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { cn } from '@/lib/utils';

export interface PartsFieldsetProps {
  /** Prefix of the ids: the description is `${id}-description`, the group's message `partsErrorId(id)`. */
  id: string;
  legend: string;
  description?: string;
  /** The grid's columns (`grid-cols-[...]`); each part places itself in it (partColumnClasses). */
  columns: string;
  /** A message about the whole value, under everything. */
  error?: string;
  /** Shown under the parts, above the group's message (e.g. an "I don't know" checkbox). */
  below?: ReactNode;
  /** The parts, up to three. */
  children: ReactNode;
}

/** The id of a group's own message, which each part lists among its descriptions. */
export function partsErrorId(id: string): string {
  return `${id}-error`;
}

/** One value typed in parts (DateInput, TimeInput): a fieldset with its legend, the parts' grid and the group's message. */
export function PartsFieldset({ id, legend, description, columns, error, below, children }: PartsFieldsetProps) {
  const descriptionId = `${id}-description`;
  return (
    <fieldset className="grid gap-3" aria-describedby={description ? descriptionId : undefined}>
      <legend className="mb-3 text-sm font-semibold">{legend}</legend>
      {description && (
        <p id={descriptionId} className="-mt-2 text-sm text-muted-foreground">
          {description}
        </p>
      )}
      <div className={cn('grid items-end gap-x-3 gap-y-2', columns)}>{children}</div>
      {below}
      <FieldError id={partsErrorId(id)}>{error}</FieldError>
    </fieldset>
  );
}
