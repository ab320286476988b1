import { afterEach, describe, expect, it } from 'vitest';
import { takeEarlyAccountResponse } from './early-account.ts';

afterEach(() => {
  delete window.compassEarlyAccount;
});

describe('takeEarlyAccountResponse', () => {
  it('gives the early answer for the token it was asked with, once', () => {
    const response = Promise.resolve(new Response('{}'));
    window.compassEarlyAccount = { token: 'stored-token', response };

    expect(takeEarlyAccountResponse('stored-token')).toBe(response);
    expect(takeEarlyAccountResponse('stored-token')).toBeNull();
  });

  it('gives nothing for another token, and drops the early answer', () => {
    window.compassEarlyAccount = { token: 'old-token', response: Promise.resolve(new Response('{}')) };

    expect(takeEarlyAccountResponse('new-token')).toBeNull();
    expect(window.compassEarlyAccount).toBeUndefined();
  });

  it('gives nothing when nothing was asked early', () => {
    expect(takeEarlyAccountResponse('stored-token')).toBeNull();
  });
});
