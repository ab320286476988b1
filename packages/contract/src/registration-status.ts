// A file of its own, without zod: the web's navigation guard runs on every page's start-up and
// must not pull in the account schema (and with it classic zod) just to read three flags.

/** The completion flags of the account object (spec section 3). */
export type RegistrationFlags = { signup_completed: boolean; big5_completed: boolean; env_completed: boolean };

/** Registration is complete only when all three flags are true (spec section 4). */
export function isRegistrationComplete(user: RegistrationFlags): boolean {
  return user.signup_completed && user.big5_completed && user.env_completed;
}
