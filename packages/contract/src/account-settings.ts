import { z } from 'zod';
import { emailField } from './fields.ts';
import { validationMessages } from './messages.ts';
import { newPassword, withPasswordConfirmation } from './password.ts';
import { nameField } from './registration.ts';

export const supportedLocales = ['en'] as const;

/** `PATCH /api/user/profile`: a changed e-mail must be verified again. */
export const updateProfileRequest = z.object({
  name: nameField,
  email: emailField,
  locale: z.enum(supportedLocales, { error: 'Choose a supported language' }),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

/** `PUT /api/user/password`: signs out every other session. */
export const changePasswordRequest = withPasswordConfirmation(
  z.object({
    current_password: z.string({ error: validationMessages.required }).min(1, { error: validationMessages.required }),
    password: newPassword,
    password_confirmation: z.string({ error: validationMessages.passwordConfirmationRequired }),
  }),
);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
export const passwordChangedMessage = 'Your password has been changed.';
export const wrongPasswordMessage = 'The password is incorrect.';

/** `DELETE /api/user` (the ConfirmPassword step): the password confirms the deletion. */
// Not trimmed: a password may begin or end with a space.
export const deleteAccountRequest = z.object({
  password: z.string({ error: validationMessages.required }).min(1, { error: validationMessages.required }),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

/** Answers of the settings calls beyond the field rules above. */
export const accountSettingsMessages = {
  /** Change password on an account created through Google: the reset e-mail sets a first password. */
  noPasswordYet: 'This account has no password yet. Use “Forgot password” to set one.',
  /** Deleting an account without a password: a fresh Google sign-in stands in for the password. */
  reauthenticateToDelete: 'Please sign in with Google again, then delete the account within 10 minutes.',
  /** …and the confirmation field then takes the account's e-mail address. */
  typeEmailToDelete: 'Type your e-mail address to confirm the deletion.',
} as const;

/** How recent the sign-in of an account without a password must be to delete it. */
export const recentSignInSeconds = 10 * 60;
