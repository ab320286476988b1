import type { Account } from '@app/contract/account';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import { questionnaireStatusOf, type QuestionnaireStatus } from '../questionnaire/public.ts';
import { birthDetailsOfUser } from '../birth-details/public.ts';
import { isPolicyUpdateRequired } from './policy-versions.ts';
import { preparedPerHandle } from '../../db/prepared-per-handle.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * The users columns the account object shows, as the auth guard's query selects them on every
 * private request: no password hash (only whether there is one), nothing else it does not need.
 */
export const accountUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  hasPassword: sql<boolean>`(${users.passwordHash} is not null)`,
  locale: users.locale,
  birthDate: users.birthDate,
  birthTime: users.birthTime,
  tsAccurate: users.tsAccurate,
  birthCity: users.birthCity,
  birthCountry: users.birthCountry,
  countryCode: users.countryCode,
  latitude: users.latitude,
  longitude: users.longitude,
  timezone: users.timezone,
  privacyPolicyVersion: users.privacyPolicyVersion,
  termsVersion: users.termsVersion,
  createdAt: users.createdAt,
};

export type AccountUser = Pick<UserRow, Exclude<keyof typeof accountUserColumns, 'hasPassword'>> & { hasPassword: boolean };

/** A full users row as the account object reads it. */
export function accountUserOf(user: UserRow): AccountUser {
  return { ...user, hasPassword: user.passwordHash !== null };
}

/** True when an account already uses this e-mail, compared case-insensitively. */
export async function isEmailTaken(db: DatabaseHandle, email: string): Promise<boolean> {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return found !== undefined;
}

/** The account object of spec section 3, as GET /api/user, login and registration answer it. */
export async function loadAccount(db: DatabaseHandle, userId: string): Promise<Account> {
  const [user] = await userById(db).execute({ userId });
  if (!user) throw new NotFoundError('This account no longer exists.');
  return accountOf(db, user);
}

/** The account object of a users row, with the questionnaire's counts and flags (one prepared query). */
export async function accountOf(db: DatabaseHandle, user: UserRow): Promise<Account> {
  return toAccount(accountUserOf(user), await questionnaireStatusOf(db, user.id));
}

// GET /api/user is the most frequent call of all: a named prepared statement, built once per handle.
const userById = preparedPerHandle((db: DatabaseHandle) => db.select().from(users).where(eq(users.id, sql.placeholder('userId'))).limit(1).prepare('load_account_user'));

export function toAccount(user: AccountUser, questionnaire: QuestionnaireStatus): Account {
  // The signup-data step (birth details) is the part of sign-up that a saved birth date completes.
  const signupCompleted = user.birthDate !== null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    locale: user.locale,
    // Questions are served only after the signup-data step (assessments/service), so until then
    // none is waiting: the questionnaire overlay must not cover the birth-data form.
    unanswered_questions: signupCompleted ? questionnaire.unansweredQuestions : 0,
    big5_completed: questionnaire.big5Completed,
    env_completed: questionnaire.envCompleted,
    values_completed: questionnaire.valuesCompleted,
    signup_completed: signupCompleted,
    birth_details: birthDetailsOfUser(user),
    policy_update_required: isPolicyUpdateRequired(user),
    has_password: user.hasPassword,
    created_at: user.createdAt.toISOString(),
  };
}
