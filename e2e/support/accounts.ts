import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TokenPair } from '@app/contract/auth';
import { test as base, type APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { loginThroughApi, registerThroughApi, saveBirthDetailsThroughApi, type Credentials } from './api.ts';

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

/** A user created through the API (sign-up, then the birth-data step), signed in. */
export async function createUserThroughApi(
  request: APIRequestContext,
  label: string,
  options: { name?: string; birthDetails?: boolean } = {},
): Promise<Credentials & { session: TokenPair }> {
  const credentials = newCredentials(label, options.name);
  const session = await registerThroughApi(request, credentials);
  if (options.birthDetails) await saveBirthDetailsThroughApi(request, session);
  return { ...credentials, session };
}

/**
 * One account for the tests that only read (the guard's redirects, the axe scans, the
 * appearance choice): sign-up is limited to 10 per hour per IP (register.ip in
 * apps/server/src/plugins/rate-limit.ts), and every e2e client is 127.0.0.1. It has its birth
 * details, as a user who finished the signup-data step; big5 and env are not completed (there is
 * no questionnaire yet), so its registration is still incomplete.
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
