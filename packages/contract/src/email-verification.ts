import { z } from 'zod';
import { account } from './account.ts';
import { requiredString } from './fields.ts';

/**
 * `POST /api/email/verify`: the SPA route `verification.verify` passes the link's path params
 * (`id`, `hash` = SHA-1 of the e-mail) and query (`expires`, `signature`) through unchanged.
 */
export const verifyEmailRequest = z.object({
  id: requiredString,
  hash: requiredString,
  expires: z.coerce.number().int().positive(),
  signature: requiredString,
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequest>;

/** Its answer: `emailVerifiedMessage` and the account, now verified. */
export const verifyEmailResponse = z.object({ message: z.string(), account });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

export const emailVerifiedMessage = 'Your e-mail address has been verified.';
export const invalidVerificationLinkMessage = 'This verification link is invalid or has expired.';
export const verificationLinkSentMessage = 'A new verification link has been sent to your e-mail address.';
export const emailAlreadyVerifiedMessage = 'Your e-mail address is already verified.';
/** 403: the link is genuine but was sent to another account than the one logged in. */
export const verificationLinkForOtherAccountMessage =
  'This verification link belongs to another account. Log in with that account to use it.';
/** How long a verification link works. */
export const verificationLinkLifetimeMinutes = 60;
