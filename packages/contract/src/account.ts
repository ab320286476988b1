import { z } from 'zod';

/** Birth details as the account object returns them (spec section 3). */
export const birthDetails = z.object({
  birth_date: z.string().nullable(),
  birth_time: z.string().nullable(),
  birth_city: z.string().nullable(),
  birth_country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
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
  birth_details: birthDetails.nullable(),
});
export type Account = z.infer<typeof account>;

/** Registration is complete only when all three flags are true (spec section 4). */
export function isRegistrationComplete(user: Pick<Account, 'signup_completed' | 'big5_completed' | 'env_completed'>): boolean {
  return user.signup_completed && user.big5_completed && user.env_completed;
}
