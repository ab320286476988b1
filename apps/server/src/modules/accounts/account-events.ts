import type { Account } from '@app/contract/account';
import type { FastifyBaseLogger } from 'fastify';

/** What a listener learns about a new account. */
export interface AccountRegisteredEvent {
  account: Account;
  /** How the account was created: the sign-up form, or a first Google sign-in (already verified). */
  via: 'password' | 'google';
}

export type AccountRegisteredListener = (event: AccountRegisteredEvent) => void | Promise<void>;

/**
 * A tiny per-app registry of what happens after an account is created, so other modules react
 * (the verification e-mail) without the accounts service knowing them. Listeners run after the
 * account is committed; a failing listener is logged and never fails the registration.
 */
export interface AccountEvents {
  onRegistered(listener: AccountRegisteredListener): void;
  emitRegistered(event: AccountRegisteredEvent, log: FastifyBaseLogger): Promise<void>;
}

export function createAccountEvents(): AccountEvents {
  const registeredListeners: AccountRegisteredListener[] = [];
  return {
    onRegistered(listener) {
      registeredListeners.push(listener);
    },
    async emitRegistered(event, log) {
      for (const listener of registeredListeners) {
        try {
          await listener(event);
        } catch (error) {
          log.error({ err: error, userId: event.account.id }, 'an account-registered listener failed');
        }
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Register listeners with `app.accountEvents.onRegistered(...)` (e.g. the mail module). */
    accountEvents: AccountEvents;
  }
}
