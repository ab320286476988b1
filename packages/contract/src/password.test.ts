import { describe, expect, it } from 'vitest';
import { validationMessages } from './messages.ts';
import { passwordRuleMessages } from './password-rules.ts';
import { newPassword } from './password.ts';
import { registerRequest } from './registration.ts';

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string): string[] {
  return (result.error?.issues ?? []).filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);
}

describe('newPassword (spec section 5, minimum 12)', () => {
  it.each([
    ['no uppercase letter', 'lowercase-only-12!', passwordRuleMessages.uppercase],
    ['no lowercase letter', 'UPPERCASE-ONLY-12!', passwordRuleMessages.lowercase],
    ['no number', 'No-Numbers-Here!', passwordRuleMessages.number],
    ['no special character', 'NoSpecials12345', passwordRuleMessages.special],
  ])('names the missing class when there is %s', (_case, password, message) => {
    const result = newPassword.safeParse(password);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('refuses 11 characters and accepts 12 and 128, refuses 129', () => {
    expect(newPassword.safeParse('Abcdefgh1!x').error?.issues.map((issue) => issue.message)).toEqual([passwordRuleMessages.minLength]);
    expect(newPassword.safeParse('Abcdefgh1!xy').success).toBe(true);
    expect(newPassword.safeParse(`Ab1!${'x'.repeat(124)}`).success).toBe(true);
    expect(newPassword.safeParse(`Ab1!${'x'.repeat(125)}`).error?.issues.map((issue) => issue.message)).toEqual([passwordRuleMessages.maxLength]);
  });

  it('accepts letters beyond ASCII and spaces', () => {
    expect(newPassword.safeParse('Grüße aus Zürich 9!').success).toBe(true);
  });

  it('says only "Field is required" for an empty password', () => {
    expect(newPassword.safeParse('').error?.issues.map((issue) => issue.message)).toEqual([validationMessages.required]);
  });
});

describe('registerRequest', () => {
  it('reports every missing field of an empty form at once, the confirmation included', () => {
    const result = registerRequest.safeParse({ name: '', email: '', password: '', password_confirmation: '' });
    expect(messagesOf(result, 'name')).toEqual([validationMessages.required]);
    expect(messagesOf(result, 'email')).toEqual([validationMessages.required]);
    expect(messagesOf(result, 'password')).toEqual([validationMessages.required]);
    expect(messagesOf(result, 'password_confirmation')).toEqual([validationMessages.passwordConfirmationRequired]);
    expect(messagesOf(result, 'accept_privacy_policy')).toEqual([validationMessages.privacyPolicyRequired]);
    expect(messagesOf(result, 'accept_terms')).toEqual([validationMessages.termsRequired]);
  });

  it('says the passwords do not match', () => {
    const result = registerRequest.safeParse({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'Str0ng!Passw0rd',
      password_confirmation: 'Str0ng!Passw0rd-typo',
      accept_privacy_policy: true,
      accept_terms: true,
    });
    expect(messagesOf(result, 'password_confirmation')).toEqual([validationMessages.passwordMismatch]);
  });

  it('refuses an address that is not an e-mail', () => {
    const result = registerRequest.safeParse({ email: 'not-an-email' });
    expect(messagesOf(result, 'email')).toEqual([validationMessages.email]);
  });
});
