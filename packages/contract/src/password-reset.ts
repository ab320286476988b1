import { z } from 'zod';
import { emailField, requiredString } from './fields.ts';
import { validationMessages } from './messages.ts';
import { newPassword, withPasswordConfirmation } from './password.ts';

/** `POST /api/forgot-password`: always the same answer, registered or not. */
export const forgotPasswordRequest = z.object({ email: emailField });
export const forgotPasswordSentMessage =
  'If an account exists for that e-mail address, we have sent a link to reset its password.';

/** `POST /api/reset-password`: the token and e-mail come from the link in the e-mail. */
export const resetPasswordRequest = withPasswordConfirmation(
  z.object({
    token: requiredString,
    email: emailField,
    password: newPassword,
    password_confirmation: z.string({ error: validationMessages.passwordConfirmationRequired }),
  }),
);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;
export const passwordResetDoneMessage = 'Your password has been reset. You can now log in.';
export const invalidResetLinkMessage = 'This password reset link is invalid or has expired.';

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
/** How long a password reset link works. */
export const resetLinkLifetimeMinutes = 60;
