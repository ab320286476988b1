import { account, type Account } from '@app/contract/account';
import { apiPaths } from '@app/contract/api-paths';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/users.ts';
import type { TestApp } from './test-app.ts';

export type UserRow = typeof users.$inferSelect;

/** The user's row as stored, or undefined once deleted. */
export async function userRow(t: TestApp, userId: string): Promise<UserRow | undefined> {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** GET /api/user with these headers, parsed; throws unless it answers 200. */
export async function currentAccount(t: TestApp, headers: { authorization: string }): Promise<Account> {
  const response = await t.app.inject({ method: 'GET', url: apiPaths.user, headers: { authorization: headers.authorization } });
  if (response.statusCode !== 200) throw new Error(`GET /api/user answered ${response.statusCode}: ${response.body}`);
  return account.parse(response.json());
}
