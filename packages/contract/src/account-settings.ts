import { z } from 'zod';
import { emailField } from './fields.ts';
import { validationMessages } from './messages.ts';
import { organisationStatuses, organisationTypes } from './organisations.ts';
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

/** The 422s of a deletion whose organisation choices are missing or wrong (on `organisations.<id>`, `organisations.<id>.new_owner_id`). */
export const accountDeletionMessages = {
  chooseForOrganisation: 'Choose whether to pass the organisation to another member or to close it.',
  newOwnerMustBeMember: 'Choose another member of this organisation.',
  notAnOwnedOrganisation: 'You are not the only owner of this organisation.',
} as const;

/**
 * What becomes of an organisation whose only owner deletes their account (issue 14): another
 * member becomes its owner at once, or it is closed (subscription cancelled, members removed).
 */
export const ownedOrganisationChoice = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('transfer'), new_owner_id: z.string({ error: validationMessages.required }).min(1, { error: validationMessages.required }) }),
    z.object({ action: z.literal('close') }),
  ],
  { error: accountDeletionMessages.chooseForOrganisation },
);
export type OwnedOrganisationChoice = z.infer<typeof ownedOrganisationChoice>;

/**
 * `DELETE /api/user` (the ConfirmPassword step): the password confirms the deletion, and
 * `organisations` holds a choice for every organisation the caller alone owns, keyed by its id
 * (`GET /api/user/owned-organisations` lists them).
 */
// Not trimmed: a password may begin or end with a space.
export const deleteAccountRequest = z.object({
  password: z.string({ error: validationMessages.required }).min(1, { error: validationMessages.required }),
  organisations: z.record(z.string(), ownedOrganisationChoice).default({}),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;
export type DeleteAccountInput = z.input<typeof deleteAccountRequest>;

/** Someone the organisation could pass to: another member, admins first. */
export const ownedOrganisationMember = z.object({ user_id: z.string(), name: z.string(), email: z.string(), role: z.enum(['admin', 'member']) });

/** An organisation the caller alone owns: deleting the account needs a choice for it. */
export const ownedOrganisation = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(organisationTypes),
  status: z.enum(organisationStatuses),
  /** The other members (at most `ownedOrganisationMembersShown`, admins first, then by name); empty: it can only be closed. */
  members: z.array(ownedOrganisationMember),
  /** How many other members it has in all. */
  members_total: z.number().int(),
});
export type OwnedOrganisation = z.infer<typeof ownedOrganisation>;

/** `GET /api/user/owned-organisations`. */
export const ownedOrganisationList = z.object({ data: z.array(ownedOrganisation) });
export type OwnedOrganisationList = z.infer<typeof ownedOrganisationList>;

/** Members listed per organisation for the choice; more than that: make the new owner an admin first. */
export const ownedOrganisationMembersShown = 200;


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
