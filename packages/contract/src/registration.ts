import { z } from 'zod';
import { emailField, requiredString } from './fields.ts';
import { validationMessages } from './messages.ts';
import { newPassword, withPasswordConfirmation } from './password.ts';

export const nameField = requiredString.pipe(z.string().max(255, { error: 'Name may not be longer than 255 characters' }));

/** `POST /api/register` (ours): answers like login, with the new account signed in. */
export const registerRequest = withPasswordConfirmation(
  z.object({
    name: nameField,
    email: emailField.pipe(z.string().max(254, { error: validationMessages.email })),
    password: newPassword,
    password_confirmation: z.string({ error: validationMessages.passwordConfirmationRequired }),
    accept_privacy_policy: z.literal(true, { error: validationMessages.privacyPolicyRequired }),
    accept_terms: z.literal(true, { error: validationMessages.termsRequired }),
  }),
);
export type RegisterRequest = z.infer<typeof registerRequest>;

export const registrationMessages = {
  emailTaken: 'The email has already been taken.',
  signupDisabled: 'Sign-up is currently closed.',
} as const;
