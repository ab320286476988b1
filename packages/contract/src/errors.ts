import { z } from 'zod';

// Error codes a failed response carries in `code` (DESIGN.md section 4). The web translates each
// as `serverErrors.<code>` and falls back to `serverErrors.generic`.
export const errorCodes = [
  'generic',
  'not_found',
  'unauthenticated',
  'forbidden',
  'csrf_mismatch',
  'too_many_requests',
  'validation_failed',
  'bad_request',
  'unsupported_media_type',
  'payload_too_large',
  'service_unavailable',
  // Accounts (issue 3).
  'signup_disabled',
  'provider_disabled',
  'invalid_google_token',
  'account_exists',
  // Checkout and payments (issue 5).
  'basket_changed',
  'order_not_payable',
  'checkout_in_progress',
  'payment_provider_unavailable',
  'card_form_unavailable',
  // Reports (issue 11).
  'report_not_ready',
  'report_not_failed',
  'report_up_to_date',
  'report_narrative_disabled',
  'report_narrative_not_failed',
  // Organisations (issue 12).
  'organisation_rule',
  'invitation_unusable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** 422: the message plus the field errors, keyed by the field name the form uses. */
export const validationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

/** 400: a message meant for the user. */
export const badRequestBody = z.object({ message: z.string() });

/** Every other failure: a message and a code the web can translate. */
export const errorBody = z.object({ message: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;
export type BadRequestBody = z.infer<typeof badRequestBody>;
