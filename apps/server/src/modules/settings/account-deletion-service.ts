import { accountDeletionMessages, accountSettingsMessages, recentSignInSeconds, wrongPasswordMessage, type DeleteAccountRequest, type OwnedOrganisation } from '@app/contract/account-settings';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { organisationInvitations } from '../../db/schema/organisation-invitations.ts';
import { users } from '../../db/schema/users.ts';
import type { Clock } from '../../lib/clock.ts';
import { UnauthenticatedError, ValidationError, type FieldErrors } from '../../lib/domain-errors.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { verifyPassword } from '../../lib/password-hash.ts';
import { closeSubscriptionOf, releaseSubscriptionsPaidBy } from '../billing/public.ts';
import { anonymiseOrdersOf } from '../orders/public.ts';
import type { Mailer } from '../mail/public.ts';
import { closeOrganisation, isOtherMember, passOwnershipOnLeaving, soleOwnedOrganisations } from '../organisations/public.ts';
import { noteCustomersForDeletion } from '../payments/public.ts';
import { queueReportFileDeletion, reportFileKeysOfUser, teamReportFileKeysOf } from '../reports/public.ts';
import type { AuthContext } from '../../plugins/auth.ts';

export interface AccountDeletionDeps {
  db: Database;
  clock: Clock;
  /** Queues the removal of report files, and Stripe's part of closing, in the deletion's transaction. */
  jobs: JobQueue;
  /** Asks the owners of an organisation the person paid for for a card, in the deletion's transaction. */
  mail: Mailer;
}

/**
 * Settings > Delete account (issue 3, checklist 41-43).
 *
 * Confirmation: the password. An account created through Google has none; for it a sign-in less
 * than 10 minutes old (its login's `created_at`) proves the person holds the Google account, and
 * the confirmation field must hold the account's e-mail address, so the deletion is deliberate.
 *
 * The user row is deleted in one transaction; its logins and every access and refresh token, its
 * reset token and other personal rows go with it (ON DELETE CASCADE), so every token stops working
 * in the same commit. Orders and payments are kept for the accounts, anonymised inside this same
 * transaction. The user's customer at the payment provider is noted in it too and deleted there
 * by a background job after the commit (retried while the provider fails; never this request's
 * failure).
 *
 * Issue 14: every organisation the user alone owns needs a choice in `input.organisations`: pass
 * it to another member (owner at once) or close it (its subscription ended, its members and data
 * removed; see organisations/owner-leaving.ts). A missing or wrong choice is a 422 on
 * `organisations.<id>` and nothing changes. The stored PDFs of the user's reports and of closed
 * organisations' team reports are removed after the commit by a job queued in the transaction.
 * A subscription the user pays for keeps its paid period but no longer their card (nor, with
 * Stripe Billing, the Stripe subscription on their customer), and its owners are asked for a card
 * (billing/payer-leaving.ts).
 *
 * Sent twice at once, it runs once: the DELETE ... RETURNING of the second finds no row (it waits
 * for the first's row lock, then sees the row gone) and answers 401, as any call with the tokens
 * of a deleted account does.
 */
export async function deleteAccount(deps: AccountDeletionDeps, caller: AuthContext, input: DeleteAccountRequest): Promise<void> {
  const { db, clock, jobs, mail } = deps;
  const [found] = await db
    .select({ email: users.email, passwordHash: users.passwordHash, signedInAt: authSessions.createdAt })
    .from(users)
    .innerJoin(authSessions, eq(authSessions.userId, users.id))
    .where(and(eq(users.id, caller.userId), eq(authSessions.id, caller.sessionId)));
  if (!found) throw new UnauthenticatedError();

  if (found.passwordHash !== null) {
    if (!(await verifyPassword(found.passwordHash, input.password))) throw new ValidationError({ password: [wrongPasswordMessage] });
  } else {
    const signInAgeSeconds = (clock.now().getTime() - found.signedInAt.getTime()) / 1000;
    if (signInAgeSeconds > recentSignInSeconds) throw new ValidationError({ password: [accountSettingsMessages.reauthenticateToDelete] });
    if (input.password.toLowerCase() !== found.email.toLowerCase()) throw new ValidationError({ password: [accountSettingsMessages.typeEmailToDelete] });
  }

  await db.transaction(async (tx) => {
    const now = clock.now();
    // Locked first, as every change of an organisation locks it: no one changes their owners meanwhile.
    const owned = await soleOwnedOrganisations(tx, caller.userId, { lock: true });
    await checkOrganisationChoices(tx, caller.userId, owned, input.organisations);
    const files: string[] = [];
    for (const organisation of owned) {
      const choice = input.organisations[organisation.id];
      if (choice?.action === 'transfer') await passOwnershipOnLeaving(tx, organisation.id, choice.new_owner_id);
      else {
        files.push(...(await teamReportFileKeysOf(tx, organisation.id)));
        await closeSubscriptionOf(tx, jobs, organisation.id, now);
        await closeOrganisation(tx, organisation.id, now);
      }
    }
    await releaseSubscriptionsPaidBy(tx, { jobs, mail }, caller.userId, now);
    files.push(...(await reportFileKeysOfUser(tx, caller.userId)));
    // Orders and payments stay for the accounts, detached from the person (decisions: shop-payments).
    await anonymiseOrdersOf(tx, caller.userId, now);
    await noteCustomersForDeletion(tx, caller.userId);
    // The invitations the person accepted carry their address; the memberships they led to go now.
    await tx.delete(organisationInvitations).where(eq(organisationInvitations.acceptedBy, caller.userId));
    const deleted = await tx.delete(users).where(eq(users.id, caller.userId)).returning({ id: users.id });
    if (deleted.length === 0) throw new UnauthenticatedError();
    await queueReportFileDeletion(jobs, tx, files);
  });
}

/** 422 unless every organisation the caller alone owns has a choice, each transfer to another member, and no choice is for anything else. */
async function checkOrganisationChoices(tx: DatabaseHandle, userId: string, owned: readonly OwnedOrganisation[], choices: DeleteAccountRequest['organisations']): Promise<void> {
  const errors: FieldErrors = {};
  const ownedIds = new Set(owned.map((organisation) => organisation.id));
  for (const organisation of owned) {
    const choice = choices[organisation.id];
    if (!choice) errors[`organisations.${organisation.id}`] = [accountDeletionMessages.chooseForOrganisation];
    else if (choice.action === 'transfer' && !(await isOtherMember(tx, organisation.id, userId, choice.new_owner_id))) {
      errors[`organisations.${organisation.id}.new_owner_id`] = [accountDeletionMessages.newOwnerMustBeMember];
    }
  }
  for (const id of Object.keys(choices)) {
    if (!ownedIds.has(id)) errors[`organisations.${id}`] = [accountDeletionMessages.notAnOwnedOrganisation];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** The organisations the user alone owns, for the deletion's choices (Settings › Delete account). */
export function ownedOrganisationsOf(db: Database, userId: string): Promise<OwnedOrganisation[]> {
  return soleOwnedOrganisations(db, userId);
}
