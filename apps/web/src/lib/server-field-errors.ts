import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * Spec section 5: a 422's field errors are passed to the form. Puts each field's first message
 * under it, in the form's field order, and moves the focus to the first of them. Errors for names
 * the form does not have are left to the caller (they are usually covered by the 422's message).
 * Returns whether any field got an error.
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  errors: Record<string, string[]> | null,
  fieldsInFormOrder: readonly FieldPath<Values>[],
  setError: UseFormSetError<Values>,
): boolean {
  let applied = false;
  for (const field of fieldsInFormOrder) {
    const message = errors?.[field]?.[0];
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
