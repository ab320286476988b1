import { z } from 'zod';
import { account } from './account.ts';
import { emailField, requiredString } from './fields.ts';
import { validationMessages } from './messages.ts';

export const loginRequest = z.object({
  email: emailField,
  // Not requiredString: a password is sent as typed, spaces included.
  password: z.string({ error: validationMessages.required }).min(1, { error: validationMessages.required }),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const googleLoginRequest = z.object({ token: requiredString });

/** Tokens of a session; `expires_at` is the access token's expiry in Unix seconds (spec section 3). */
export const tokenPair = z.object({
  access_token: z.string(),
  expires_at: z.number().int(),
  refresh_token: z.string(),
});
export type TokenPair = z.infer<typeof tokenPair>;

export const loginResponse = tokenPair.extend({ account });
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshTokenRequest = z.object({ refresh_token: requiredString });

/** Auth config (spec section 3): linkedin is always false. */
export const authConfig = z.object({
  providers: z.object({ google: z.boolean(), facebook: z.boolean(), linkedin: z.literal(false) }),
  signup_enabled: z.boolean(),
  /** The OAuth client id the Google button needs; null when Google sign-in is off. */
  google_client_id: z.string().nullable(),
});
export type AuthConfig = z.infer<typeof authConfig>;

export const googleLoginMessages = {
  providerDisabled: 'Google sign-in is not available.',
  invalidToken: 'Google sign-in could not be verified. Please try again.',
  /** An unverified Google e-mail that belongs to an existing account is never linked to it. */
  accountExists: 'An account with this email already exists. Log in with your password.',
} as const;
