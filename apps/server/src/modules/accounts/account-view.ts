import type { Account } from '@app/contract/account';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import type { DbExecutor } from '../auth/session-service.ts';
import { birthDetailsOfUser } from '../birth-details/normalise-birth-details.ts';
import { isPolicyUpdateRequired } from './policy-versions.ts';

export type UserRow = typeof users.$inferSelect;

/** The account object of spec section 3, as GET /api/user, login and registration answer it. */
export async function loadAccount(db: DbExecutor, userId: string): Promise<Account> {
  const [user] = await userById(db).execute({ userId });
  if (!user) throw new NotFoundError('This account no longer exists.');
  return toAccount(user);
}

// GET /api/user is the most frequent call of all: a named prepared statement, built once per handle.
const userByIdQueries = new WeakMap<DbExecutor, ReturnType<typeof prepareUserById>>();

function userById(db: DbExecutor) {
  let prepared = userByIdQueries.get(db);
  if (!prepared) {
    prepared = prepareUserById(db);
    userByIdQueries.set(db, prepared);
  }
  return prepared;
}

function prepareUserById(db: DbExecutor) {
  return db.select().from(users).where(eq(users.id, sql.placeholder('userId'))).limit(1).prepare('load_account_user');
}

export function toAccount(user: UserRow): Account {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    locale: user.locale,
    // The questionnaire and the BIG5 and environment assessments arrive with the assessments
    // issue; until then nobody has questions to answer and no assessment is complete, which is
    // what the spec's guard expects of a new account.
    unanswered_questions: 0,
    big5_completed: false,
    env_completed: false,
    // The signup-data step (birth details) is the part of sign-up that a saved birth date completes.
    signup_completed: user.birthDate !== null,
    birth_details: birthDetailsOfUser(user),
    policy_update_required: isPolicyUpdateRequired(user),
    has_password: user.passwordHash !== null,
    created_at: user.createdAt.toISOString(),
  };
}
