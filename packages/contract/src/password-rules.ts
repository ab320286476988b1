// The password rules as plain values, without zod: the web's checklist shows them as the person
// types, on pages whose first screen must not wait for zod (the sign-up page; zod loads with the
// first validation). password.ts builds the schema from them.

// Spec section 5 leaves the minimum length open; we require 12 (docs/decisions.md). The upper
// bound only stops absurd inputs: argon2id hashes the whole password, nothing is truncated.
export const passwordMinLength = 12;
export const passwordMaxLength = 128;

export const passwordRuleMessages = {
  minLength: `Password must be at least ${passwordMinLength} characters`,
  maxLength: `Password may not be longer than ${passwordMaxLength} characters`,
  uppercase: 'Password must contain an uppercase letter',
  lowercase: 'Password must contain a lowercase letter',
  number: 'Password must contain a number',
  special: 'Password must contain a special character',
  common: 'This password is too common. Please choose a less predictable one.',
} as const;

/** Each rule of spec section 5, tested on its own so every missing class gets its own message. */
export const passwordRules = [
  { key: 'minLength', test: (value: string) => [...value].length >= passwordMinLength },
  { key: 'maxLength', test: (value: string) => [...value].length <= passwordMaxLength },
  { key: 'uppercase', test: (value: string) => /\p{Lu}/u.test(value) },
  { key: 'lowercase', test: (value: string) => /\p{Ll}/u.test(value) },
  { key: 'number', test: (value: string) => /\p{N}/u.test(value) },
  { key: 'special', test: (value: string) => /[^\p{L}\p{N}\s]/u.test(value) },
] as const satisfies ReadonlyArray<{ key: keyof typeof passwordRuleMessages; test: (value: string) => boolean }>;
