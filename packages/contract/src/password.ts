import { z } from 'zod';
import { validationMessages } from './messages.ts';
import { passwordRuleMessages, passwordRules } from './password-rules.ts';

/** A new password: required, then every composition rule. Never trimmed: spaces are allowed. */
export const newPassword = z
  .string({ error: validationMessages.required })
  .min(1, { error: validationMessages.required })
  .superRefine((value, context) => {
    if (value.length === 0) return;
    for (const rule of passwordRules) {
      if (!rule.test(value)) context.addIssue({ code: 'custom', message: passwordRuleMessages[rule.key] });
    }
  });

/** Adds 'Please confirm your password' and 'Passwords do not match' on `password_confirmation`. */
export function withPasswordConfirmation<Schema extends z.ZodType<{ password: string; password_confirmation: string }>>(
  schema: Schema,
): Schema {
  // Refinements in zod 4 are checks on the same schema, so input and output types stay intact
  // (react-hook-form's resolver needs the input type).
  return schema.superRefine(
    (value, context) => {
      if (value.password_confirmation.length === 0) {
        context.addIssue({ code: 'custom', path: ['password_confirmation'], message: validationMessages.passwordConfirmationRequired });
      } else if (value.password !== value.password_confirmation) {
        context.addIssue({ code: 'custom', path: ['password_confirmation'], message: validationMessages.passwordMismatch });
      }
    },
    // zod 4 skips object refinements once any field failed; the confirmation must still be
    // reported beside the other fields' errors, so run whenever both values are strings.
    { when: (payload) => hasPasswordPair(payload.value) },
  );
}

function hasPasswordPair(value: unknown): value is { password: string; password_confirmation: string } {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.password === 'string' && typeof candidate.password_confirmation === 'string';
}
