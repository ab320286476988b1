import { tokenPair, type TokenPair } from '@app/contract/auth';
import { errorMessages } from '@app/contract/messages';
import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../../db/connection.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { accessTokens, authSessions, refreshTokens } from '../../db/schema/auth-sessions.ts';
import { questionnaireProgress } from '../../db/schema/questionnaire-progress.ts';
import { questionnaireTotals } from '../../db/schema/questionnaire-totals.ts';
import { users } from '../../db/schema/users.ts';
import { unixSeconds, type Clock } from '../../lib/clock.ts';
import { UnauthenticatedError } from '../../lib/domain-errors.ts';
import { looksLikeOpaqueToken, newOpaqueToken, sha256Hex } from '../../lib/token-hash.ts';
import type { AuthenticatedSession } from '../../plugins/auth.ts';
import { accountUserColumns, type AccountUser } from '../accounts/public.ts';
import { questionnaireStatusFrom, type QuestionnaireStatus } from '../questionnaire/public.ts';
import type { SessionCache } from './session-cache.ts';
import { preparedPerHandle } from '../../db/prepared-per-handle.ts';

declare module '../../plugins/auth.ts' {
  interface AuthenticatedSession {
    /**
     * The caller's account columns as they were when the request arrived, read by the same query
     * that checked the token (so GET /api/user needs no second query). Re-read them after changing
     * the account.
     */
    user: AccountUser;
    /** The questionnaire's counts and flags of the account object, read by the same query. */
    questionnaire: QuestionnaireStatus;
  }
}

// Sessions (issue 3, DESIGN section 4). One login is one row of auth_sessions: the "family" of every
// access and refresh token issued from it. Tokens are opaque random strings; the database holds only
// their SHA-256 hashes. Revoking the family (logout, reuse of a rotated refresh token, a password
// change) ends every token of that login at once.

export interface SessionMeta {
  userAgent: string | undefined;
  ip: string | undefined;
}

export interface TokenLifetimes {
  accessTokenTtlSeconds: number;
  /** Absolute lifetime of the family: rotation never extends it. */
  refreshTokenTtlSeconds: number;
}

/** The defaults of config.ts (ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL). */
export const defaultTokenLifetimes: TokenLifetimes = { accessTokenTtlSeconds: 900, refreshTokenTtlSeconds: 30 * 24 * 60 * 60 };

/**
 * How long a refresh token that was just exchanged may be exchanged again, answering the same
 * successor pair: two tabs that refresh at once both stay signed in. After it, presenting the token
 * is reuse (a stolen copy, or a replay) and revokes the whole family.
 */
export const refreshGraceSeconds = 10;

/** Starts a login: a new family with its first access and refresh token. */
export async function issueSession(
  db: DatabaseHandle,
  clock: Clock,
  userId: string,
  meta: SessionMeta,
  lifetimes: TokenLifetimes = defaultTokenLifetimes,
): Promise<TokenPair> {
  const now = clock.now();
  const familyExpiresAt = new Date(now.getTime() + lifetimes.refreshTokenTtlSeconds * 1000);
  const [session] = await db
    .insert(authSessions)
    .values({
      userId,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ipAddress: meta.ip ?? null,
      createdAt: now,
      expiresAt: familyExpiresAt,
    })
    .returning({ id: authSessions.id });
  if (!session) throw new Error('inserting an auth session returned no row');
  return mintTokenPair(db, session.id, now, familyExpiresAt, lifetimes);
}

async function mintTokenPair(db: DatabaseHandle, sessionId: string, now: Date, familyExpiresAt: Date, lifetimes: TokenLifetimes): Promise<TokenPair> {
  const accessToken = newOpaqueToken();
  const refreshToken = newOpaqueToken();
  // An access token never outlives its family.
  const accessExpiresAt = new Date(Math.min(now.getTime() + lifetimes.accessTokenTtlSeconds * 1000, familyExpiresAt.getTime()));
  await db.insert(accessTokens).values({ tokenHash: sha256Hex(accessToken), sessionId, createdAt: now, expiresAt: accessExpiresAt });
  await db.insert(refreshTokens).values({ tokenHash: sha256Hex(refreshToken), sessionId, createdAt: now });
  return { access_token: accessToken, expires_at: unixSeconds(accessExpiresAt), refresh_token: refreshToken };
}

type RefreshOutcome = { kind: 'rotated'; pair: TokenPair } | { kind: 'refused' };

/**
 * Exchanges a refresh token for a new pair (rotation). Refuses with 401 an unknown token, a token
 * of a revoked or expired family, and a token that was already exchanged more than
 * `refreshGraceSeconds` ago, which also revokes its family, the newest tokens included.
 *
 * Design of the grace window: when a token is exchanged, its successor pair is stored on the old
 * token's row, encrypted (AES-256-GCM) under a key derived from the old token itself. The database
 * holds only the old token's SHA-256, so the pair cannot be read from the database alone; whoever
 * presents the old token again within the window gets exactly the same pair. The token's row is
 * locked (SELECT ... FOR UPDATE), so two concurrent exchanges are serialised: the first rotates,
 * the second reads the pair the first stored.
 */
export async function refreshSession(db: Database, clock: Clock, refreshToken: string, lifetimes: TokenLifetimes = defaultTokenLifetimes): Promise<TokenPair> {
  const refused = new UnauthenticatedError(errorMessages.sessionExpired);
  if (!looksLikeOpaqueToken(refreshToken)) throw refused;
  const tokenHash = sha256Hex(refreshToken);
  const now = clock.now();

  const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
    const [row] = await tx
      .select({
        sessionId: refreshTokens.sessionId,
        rotatedAt: refreshTokens.rotatedAt,
        successorCiphertext: refreshTokens.successorCiphertext,
        familyExpiresAt: authSessions.expiresAt,
        familyRevokedAt: authSessions.revokedAt,
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update', { of: refreshTokens });
    if (!row || row.familyRevokedAt !== null || row.familyExpiresAt <= now) return { kind: 'refused' };

    if (row.rotatedAt !== null) {
      const withinGrace = now.getTime() - row.rotatedAt.getTime() <= refreshGraceSeconds * 1000;
      const successor = withinGrace && row.successorCiphertext ? decryptSuccessor(refreshToken, tokenHash, row.successorCiphertext) : null;
      if (successor) return { kind: 'rotated', pair: successor };
      // Reuse: someone holds a copy of a token that was exchanged. End the whole login.
      await revokeFamily(tx, row.sessionId, now);
      return { kind: 'refused' };
    }

    const pair = await mintTokenPair(tx, row.sessionId, now, row.familyExpiresAt, lifetimes);
    await tx
      .update(refreshTokens)
      .set({ rotatedAt: now, successorCiphertext: encryptSuccessor(refreshToken, tokenHash, pair) })
      .where(eq(refreshTokens.tokenHash, tokenHash));
    // Housekeeping: this family's expired access tokens are of no use to anyone.
    await tx.delete(accessTokens).where(and(eq(accessTokens.sessionId, row.sessionId), lte(accessTokens.expiresAt, now)));
    return { kind: 'rotated', pair };
  });

  if (outcome.kind === 'refused') throw refused;
  return outcome.pair;
}

/** Ends one login (logout): its access and refresh tokens stop working at once. */
export async function revokeSession(db: DatabaseHandle, sessionId: string, clock?: Clock): Promise<void> {
  await revokeFamily(db, sessionId, clock?.now() ?? new Date());
}

/** Ends every login of a user, or every login but the current one (password change or reset). */
export async function revokeUserSessions(db: DatabaseHandle, userId: string, options: { exceptSessionId?: string; clock?: Clock } = {}): Promise<void> {
  const sessions = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        options.exceptSessionId === undefined ? undefined : ne(authSessions.id, options.exceptSessionId),
      ),
    );
  const now = options.clock?.now() ?? new Date();
  for (const session of sessions) await revokeFamily(db, session.id, now);
}

async function revokeFamily(db: DatabaseHandle, sessionId: string, now: Date): Promise<void> {
  await db.update(authSessions).set({ revokedAt: now }).where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  // The family row (revoked_at) is what every check reads; the access tokens go too, since nothing
  // will ever accept them again. Refresh tokens stay until the family is deleted, so presenting
  // one is still recognised (and refused) rather than looking unknown.
  await db.delete(accessTokens).where(eq(accessTokens.sessionId, sessionId));
}

/**
 * Who a Bearer access token belongs to, or null when it is unknown, expired, or its family was
 * revoked. One query of primary-key look-ups: access_tokens by hash, joined to its family, the
 * user's row and the user's questionnaire progress (so GET /api/user needs no second query). A
 * deleted user has no families left (ON DELETE CASCADE), so their tokens are unknown. With a
 * cache, a token checked moments ago is answered from memory (session-cache.ts).
 */
export async function authenticateAccessToken(db: DatabaseHandle, clock: Clock, accessToken: string, cache?: SessionCache): Promise<AuthenticatedSession | null> {
  if (!looksLikeOpaqueToken(accessToken)) return null;
  const tokenHash = sha256Hex(accessToken);
  const cached = cache?.get(tokenHash);
  if (cached) return cached;
  const ticket = cache?.ticket();
  const [row] = await accessTokenLookup(db).execute({ tokenHash, now: clock.now() });
  if (!row) return null;
  const progress = row.answeredItems === null ? null : { answeredItems: row.answeredItems, completed: row.completed ?? [] };
  const activeItems = row.activeItems ?? 0;
  const session = { userId: row.userId, sessionId: row.sessionId, user: row.user, questionnaire: questionnaireStatusFrom(activeItems, progress) };
  if (cache && ticket !== undefined) cache.store(tokenHash, session, row.tokenExpiresAt, ticket, { activeItems, progress });
  return session;
}

// Every private request runs this query: it is built once per database handle and runs as a named
// prepared statement, so neither Drizzle nor PostgreSQL parses or plans it again (bench/current-user).
const accessTokenLookup = preparedPerHandle((db: DatabaseHandle) =>
  db
    .select({
      userId: authSessions.userId,
      sessionId: authSessions.id,
      tokenExpiresAt: accessTokens.expiresAt,
      user: accountUserColumns,
      activeItems: questionnaireTotals.activeItems,
      answeredItems: questionnaireProgress.answeredItems,
      completed: questionnaireProgress.completed,
    })
    .from(accessTokens)
    .innerJoin(authSessions, eq(authSessions.id, accessTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(questionnaireProgress, eq(questionnaireProgress.userId, users.id))
    .leftJoin(questionnaireTotals, eq(questionnaireTotals.singleton, true))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
        isNull(authSessions.revokedAt),
      ),
    )
    .limit(1)
    .prepare('authenticate_access_token'),
);

// The successor pair is sealed with a key only the holder of the old refresh token can derive.
function successorKey(refreshToken: string): Buffer {
  return createHmac('sha256', refreshToken).update('refresh-token-successor-v1').digest();
}

function encryptSuccessor(refreshToken: string, tokenHash: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', successorKey(refreshToken), iv);
  cipher.setAAD(Buffer.from(tokenHash));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

function decryptSuccessor(refreshToken: string, tokenHash: string, sealed: string): TokenPair | null {
  try {
    const [iv, tag, ciphertext] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !ciphertext) return null;
    const decipher = createDecipheriv('aes-256-gcm', successorKey(refreshToken), iv);
    decipher.setAAD(Buffer.from(tokenHash));
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    const parsed = tokenPair.safeParse(JSON.parse(plain));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
