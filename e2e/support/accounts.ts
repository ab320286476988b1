import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TokenPair } from '@app/contract/auth';
import { test as base, type APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { loginThroughApi, registerThroughApi, saveBirthDetailsThroughApi, type Credentials } from './api.ts';
import { completeQuestionnaireThroughApi } from './questionnaire.ts';

export const strongPassword = 'Str0ng!Passw0rd#2026';
export const otherStrongPassword = 'N3w-Harbour!Light#2027';

/** An address no other test (or earlier run against the same database) uses. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
}

/** Name, unique e-mail and the strong password of a user about to be created. */
export function newCredentials(label: string, name = 'Ada Lovelace'): Credentials {
  return { name, email: uniqueEmail(label), password: strongPassword };
}

/**
 * A user created through the API (sign-up, then the birth-data step), signed in. With birth details
 * the questionnaire is answered too (a finished registration, which the app pages expect: an open
 * questionnaire covers them), unless `questionnaire: 'open'` leaves it to the test.
 */
export async function createUserThroughApi(
  request: APIRequestContext,
  label: string,
  options: { name?: string; birthDetails?: boolean; questionnaire?: 'answered' | 'open' } = {},
): Promise<Credentials & { session: TokenPair }> {
  const credentials = newCredentials(label, options.name);
  const session = await registerThroughApi(request, credentials);
  if (options.birthDetails) {
    await saveBirthDetailsThroughApi(request, session);
    if (options.questionnaire !== 'open') await completeQuestionnaireThroughApi(request, session.access_token);
  }
  return { ...credentials, session };
}

/**
 * One account for the tests that only read (the guard's redirects, the axe scans, the
 * appearance choice): sign-up is limited to 10 per hour per IP (register.ip in
 * apps/server/src/plugins/rate-limit.ts), and every e2e client is 127.0.0.1. It has its birth
 * details and has answered the whole questionnaire, so its registration is complete (an open
 * questionnaire would cover every app page).
 * Tests must not change it: no logout, no password, name or e-mail change.
 */
export interface SharedAccount extends Credentials {
  /** Tokens of a session this worker opened (one login, reused while it is fresh). */
  session(): Promise<TokenPair>;
}

const storedAccount = z.object({ name: z.string(), email: z.string(), password: z.string() });

/** Sessions are renewed well before the access token's 15 minutes, so no test sees a refresh. */
const sessionReuseMs = 8 * 60 * 1000;

export const test = base.extend<object, { sharedAccount: SharedAccount }>({
  sharedAccount: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      // Playwright empties the output directory at the start of each run and starts a new worker
      // after a failed test: the file lets later workers of this run reuse the account instead of
      // spending another sign-up.
      const file = join(workerInfo.project.outputDir, '.shared-account.json');
      let credentials: Credentials | null = null;
      let session: TokenPair | null = null;
      try {
        credentials = storedAccount.parse(JSON.parse(await readFile(file, 'utf8')));
        session = await loginThroughApi(request, credentials.email, credentials.password);
      } catch {
        credentials = newCredentials('shared', 'Grace Hopper');
        session = await registerThroughApi(request, credentials);
        await saveBirthDetailsThroughApi(request, session);
        await completeQuestionnaireThroughApi(request, session.access_token);
        await writeFile(file, JSON.stringify(credentials));
      }
      const account = credentials;
      let current = { tokens: session, openedAt: Date.now() };
      await use({
        ...account,
        async session() {
          if (Date.now() - current.openedAt > sessionReuseMs) {
            current = { tokens: await loginThroughApi(request, account.email, account.password), openedAt: Date.now() };
          }
          return current.tokens;
        },
      });
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
