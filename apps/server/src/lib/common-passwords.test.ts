import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';

describe('isCommonPassword', () => {
  it.each(['password', 'PASSWORD', 'Password123!', '!!Sunshine2024', '2024iloveyou!!', 'p@ssw0rd', 'P@ssw0rd12345'])('finds %s common', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['Blue-Harbour-Lantern-42', 'Grüße aus Zürich, 2027', 'correct horse battery staple 9!'])('lets %s through', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
