import { z } from 'zod';

/** Birth details as the account object returns them (spec section 3). */
export const birthDetails = z.object({
  birth_date: z.string().nullable(),
  birth_time: z.string().nullable(),
  birth_city: z.string().nullable(),
  birth_country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Ours, beyond the spec's fields: what the birth-chart style reports need. */
  country_code: z.string().nullable(),
  timezone: z.string().nullable(),
  /** False when the person does not know the birth time (spec 3's legacy `ts_accurate`). */
  ts_accurate: z.boolean(),
});
export type BirthDetails = z.infer<typeof birthDetails>;

/** The account object of spec section 3, as `GET /api/user` and login return it. */
export const account = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  locale: z.string().default('en'),
  unanswered_questions: z.number().int().nonnegative(),
  signup_completed: z.boolean(),
  big5_completed: z.boolean(),
  env_completed: z.boolean(),
  /** Our addition to spec section 3: the third set (Top 10 values) has a result. */
  values_completed: z.boolean(),
  birth_details: birthDetails.nullable(),
  /** True when the accepted privacy policy or terms are older than the current ones. */
  policy_update_required: z.boolean(),
  /** False for accounts created through Google that never set a password. */
  has_password: z.boolean(),
  created_at: z.string(),
});
export type Account = z.infer<typeof account>;

// Defined beside the flags' other readers, without zod; kept importable from here too.
export { isRegistrationComplete } from './registration-status.ts';
