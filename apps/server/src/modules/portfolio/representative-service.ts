import { portfolioMessages, type PortfolioInvitationPreview } from '@app/contract/portfolio';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationMembers } from '../../db/schema/organisation-members.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { portfolioLinks } from '../../db/schema/portfolio-links.ts';
import { users } from '../../db/schema/users.ts';
import type { Clock } from '../../lib/clock.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/domain-errors.ts';
import { looksLikeOpaqueToken, sha256Hex } from '../../lib/token-hash.ts';
import { isUuid } from '../../lib/uuid.ts';
import { InvitationUnusableError, requireManager } from '../organisations/public.ts';

// Issue 13, the portfolio company's side: its representative (the invited address, verified) sees
// the invitation and accepts it for an organisation they own or administer, which links that
// organisation to the investor; the company's owners and admins list the investors that read its
// team overview and end a link whenever they like.

type LinkRow = typeof portfolioLinks.$inferSelect;

interface Deps {
  db: Database;
  clock: Clock;
}

async function usableLink(tx: DatabaseHandle, token: string, now: Date, options: { lock?: boolean } = {}): Promise<{ link: LinkRow; investorName: string }> {
  if (!looksLikeOpaqueToken(token)) throw new NotFoundError(portfolioMessages.invitationInvalid);
  const query = tx
    .select({ link: portfolioLinks, investorName: organisations.name })
    .from(portfolioLinks)
    .innerJoin(organisations, eq(organisations.id, portfolioLinks.investorOrganisationId))
    .where(eq(portfolioLinks.tokenHash, sha256Hex(token)));
  const [found] = options.lock ? await query.for('update', { of: portfolioLinks }) : await query;
  if (!found) throw new NotFoundError(portfolioMessages.invitationInvalid);
  const { link } = found;
  if (link.status === 'revoked') throw new InvitationUnusableError(portfolioMessages.invitationRevoked);
  if (link.status !== 'pending') throw new InvitationUnusableError(portfolioMessages.invitationUsed);
  if (link.expiresAt <= now) throw new InvitationUnusableError(portfolioMessages.invitationExpired);
  return found;
}

async function requireInvitedAccount(tx: DatabaseHandle, userId: string, link: LinkRow): Promise<void> {
  const [account] = await tx.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!account || account.email.toLowerCase() !== link.representativeEmail.toLowerCase()) throw new ForbiddenError(portfolioMessages.invitationOtherAccount);
  if (!account.verifiedAt) throw new ForbiddenError(portfolioMessages.invitationUnverified);
}

/** The organisations the caller may link: those they own or administer, the investor excepted. */
async function linkableOrganisations(db: DatabaseHandle, userId: string, investorId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(eq(organisationMembers.userId, userId), inArray(organisationMembers.role, ['owner', 'admin']), ne(organisations.id, investorId)))
    .orderBy(asc(organisations.name), asc(organisations.id));
}

export async function previewPortfolioInvitation(deps: Deps, userId: string, token: string): Promise<PortfolioInvitationPreview> {
  const { link, investorName } = await usableLink(deps.db, token, deps.clock.now());
  await requireInvitedAccount(deps.db, userId, link);
  return {
    investor_name: investorName,
    company_name: link.companyName,
    invited_email: link.representativeEmail,
    expires_at: link.expiresAt.toISOString(),
    organisations: await linkableOrganisations(deps.db, userId, link.investorOrganisationId),
  };
}

/**
 * Accepts for one of the caller's organisations (owner or admin of it). The link is claimed by a
 * conditional update under its row lock, so two clicks link once.
 */
export async function acceptPortfolioInvitation(deps: Deps, userId: string, token: string, organisationId: string): Promise<{ organisation_id: string; investor_name: string }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { link, investorName } = await usableLink(tx, token, now, { lock: true });
    await requireInvitedAccount(tx, userId, link);
    if (organisationId === link.investorOrganisationId) throw new ValidationError({ organisation_id: [portfolioMessages.notTheInvestor] });
    const linkable = await linkableOrganisations(tx, userId, link.investorOrganisationId);
    if (!isUuid(organisationId) || !linkable.some((organisation) => organisation.id === organisationId)) throw new ValidationError({ organisation_id: [portfolioMessages.chooseOrganisation] });
    const [already] = await tx
      .select({ id: portfolioLinks.id })
      .from(portfolioLinks)
      .where(and(eq(portfolioLinks.investorOrganisationId, link.investorOrganisationId), eq(portfolioLinks.companyOrganisationId, organisationId), eq(portfolioLinks.status, 'accepted')));
    if (already) throw new ValidationError({ organisation_id: [portfolioMessages.alreadyLinked] });
    await tx
      .update(portfolioLinks)
      .set({ status: 'accepted', companyOrganisationId: organisationId, acceptedBy: userId, acceptedAt: now, updatedAt: now })
      .where(and(eq(portfolioLinks.id, link.id), eq(portfolioLinks.status, 'pending')));
    return { organisation_id: organisationId, investor_name: investorName };
  });
}

/** The investors that read the company's team overview; its owners and admins. */
export async function listInvestors(deps: Deps, actorId: string, organisationId: string): Promise<{ id: string; investor_name: string; accepted_at: string }[]> {
  await requireManager(deps.db, actorId, organisationId);
  const rows = await deps.db
    .select({ id: portfolioLinks.id, investorName: organisations.name, acceptedAt: portfolioLinks.acceptedAt })
    .from(portfolioLinks)
    .innerJoin(organisations, eq(organisations.id, portfolioLinks.investorOrganisationId))
    .where(and(eq(portfolioLinks.companyOrganisationId, organisationId), eq(portfolioLinks.status, 'accepted')))
    .orderBy(asc(organisations.name), asc(portfolioLinks.id));
  return rows.map((row) => ({ id: row.id, investor_name: row.investorName, accepted_at: (row.acceptedAt ?? new Date(0)).toISOString() }));
}

/** The company ends an investor's link (owners and admins); the investor's access ends with the commit. */
export async function endInvestorLink(deps: Deps, actorId: string, organisationId: string, linkId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await requireManager(tx, actorId, organisationId, { lock: true });
    if (!isUuid(linkId)) throw new NotFoundError();
    const [link] = await tx
      .select({ id: portfolioLinks.id, status: portfolioLinks.status })
      .from(portfolioLinks)
      .where(and(eq(portfolioLinks.id, linkId), eq(portfolioLinks.companyOrganisationId, organisationId)))
      .for('update');
    if (!link) throw new NotFoundError();
    if (link.status === 'accepted') await tx.update(portfolioLinks).set({ status: 'ended', endedAt: now, updatedAt: now }).where(eq(portfolioLinks.id, link.id));
  });
}
