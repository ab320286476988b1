import { portfolioInvitationLifetimeDays, portfolioMessages, type PortfolioEntry, type PortfolioInvitationRequest } from '@app/contract/portfolio';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationPeople } from '../../db/schema/organisation-people.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { portfolioLinks } from '../../db/schema/portfolio-links.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError, ValidationError } from '../../lib/domain-errors.ts';
import { newOpaqueToken, sha256Hex } from '../../lib/token-hash.ts';
import { isUuid } from '../../lib/uuid.ts';
import { portfolioInvitationMessage, type Mailer } from '../mail/public.ts';
import { OrganisationRuleError, requireManager, type Membership } from '../organisations/public.ts';

// Issue 13, the investor's side of its portfolio: the companies (the wizard's list, and every
// invitation sent since), an invitation to a representative by e-mail (a 7-day link stored as its
// SHA-256 only, one pending per address), resend (a new link, the old one stops working), and
// withdrawing a pending invitation or ending an accepted link. Owners and admins of an investor.

export interface PortfolioDeps {
  db: Database;
  mail: Mailer;
  clock: Clock;
}

type LinkRow = typeof portfolioLinks.$inferSelect;

const lifetimeMs = portfolioInvitationLifetimeDays * 24 * 60 * 60 * 1000;

/** The web page where the representative accepts (the SPA's `portfolio-invitation` route). */
export const portfolioInvitationPath = (token: string) => `/portfolio-invitations/${token}`;

/** An owner or admin of an investor organisation (404 for anyone else, 403 for its members, 409 for another type). */
async function requireInvestorManager(db: DatabaseHandle, actorId: string, organisationId: string, options: { lock?: boolean; change?: boolean } = {}): Promise<Membership> {
  const membership = await requireManager(db, actorId, organisationId, options);
  const [organisation] = await db.select({ type: organisations.type }).from(organisations).where(eq(organisations.id, organisationId));
  if (organisation?.type !== 'investor') throw new OrganisationRuleError(portfolioMessages.notInvestor);
  return membership;
}

function toEntry(row: LinkRow & { companyOrganisationName: string | null }, now: Date): PortfolioEntry {
  const expired = row.status === 'pending' && row.expiresAt <= now;
  return {
    id: row.id,
    company_name: row.companyName,
    representative_email: row.representativeEmail,
    status: expired ? 'expired' : (row.status as PortfolioEntry['status']),
    company_organisation: row.status === 'accepted' && row.companyOrganisationId && row.companyOrganisationName !== null ? { id: row.companyOrganisationId, name: row.companyOrganisationName } : null,
    expires_at: row.status === 'pending' ? row.expiresAt.toISOString() : null,
    accepted_at: row.acceptedAt?.toISOString() ?? null,
  };
}

async function queueMail(tx: DatabaseHandle, deps: Pick<PortfolioDeps, 'mail'>, input: { investorName: string; companyName: string; email: string; token: string }): Promise<void> {
  const message = portfolioInvitationMessage(input.email, {
    investorName: input.investorName,
    companyName: input.companyName,
    acceptUrl: deps.mail.link(portfolioInvitationPath(input.token)),
    expiresInDays: portfolioInvitationLifetimeDays,
  });
  await deps.mail.send(message, { transaction: tx });
}

async function linkEntry(db: DatabaseHandle, linkId: string, now: Date): Promise<PortfolioEntry> {
  const [row] = await db
    .select({ link: portfolioLinks, companyOrganisationName: organisations.name })
    .from(portfolioLinks)
    .leftJoin(organisations, eq(organisations.id, portfolioLinks.companyOrganisationId))
    .where(eq(portfolioLinks.id, linkId));
  if (!row) throw new NotFoundError();
  return toEntry({ ...row.link, companyOrganisationName: row.companyOrganisationName }, now);
}

/**
 * The portfolio: every invitation (newest first; a company invited again shows its latest), then
 * the wizard's companies whose representative was never sent a portfolio invitation.
 */
export async function listPortfolio(deps: Pick<PortfolioDeps, 'db' | 'clock'>, actorId: string, organisationId: string): Promise<PortfolioEntry[]> {
  await requireInvestorManager(deps.db, actorId, organisationId);
  const now = deps.clock.now();
  const rows = await deps.db
    .select({ link: portfolioLinks, companyOrganisationName: organisations.name })
    .from(portfolioLinks)
    .leftJoin(organisations, eq(organisations.id, portfolioLinks.companyOrganisationId))
    .where(eq(portfolioLinks.investorOrganisationId, organisationId))
    .orderBy(desc(portfolioLinks.createdAt), desc(portfolioLinks.id));
  const latest = new Map<string, PortfolioEntry>();
  for (const row of rows) {
    const key = row.link.representativeEmail.toLowerCase();
    if (!latest.has(key)) latest.set(key, toEntry({ ...row.link, companyOrganisationName: row.companyOrganisationName }, now));
  }
  const listed = await deps.db
    .select({ companyName: organisationPeople.companyName, email: organisationPeople.email })
    .from(organisationPeople)
    .where(and(eq(organisationPeople.organisationId, organisationId), eq(organisationPeople.list, 'portfolio_company')))
    .orderBy(organisationPeople.createdAt, organisationPeople.id);
  const notInvited: PortfolioEntry[] = listed
    .filter((company) => !latest.has(company.email.toLowerCase()))
    .map((company) => ({ id: null, company_name: company.companyName ?? company.email, representative_email: company.email, status: 'not_invited', company_organisation: null, expires_at: null, accepted_at: null }));
  return [...latest.values(), ...notInvited];
}

/** Invites a representative; an expired pending invitation to the address is replaced. */
export async function invitePortfolioCompany(deps: PortfolioDeps, actorId: string, organisationId: string, input: PortfolioInvitationRequest): Promise<PortfolioEntry> {
  const now = deps.clock.now();
  const email = input.representative_email.trim();
  const companyName = input.company_name.trim();
  return deps.db.transaction(async (tx) => {
    const actor = await requireInvestorManager(tx, actorId, organisationId, { lock: true, change: true });
    const [pending] = await tx
      .select()
      .from(portfolioLinks)
      .where(and(eq(portfolioLinks.investorOrganisationId, organisationId), eq(sql`lower(${portfolioLinks.representativeEmail})`, email.toLowerCase()), eq(portfolioLinks.status, 'pending')));
    if (pending && pending.expiresAt > now) throw new ValidationError({ representative_email: [portfolioMessages.invitationPending] });
    if (pending) await tx.update(portfolioLinks).set({ status: 'revoked', updatedAt: now }).where(eq(portfolioLinks.id, pending.id));
    const token = newOpaqueToken();
    const [row] = await tx
      .insert(portfolioLinks)
      .values({ investorOrganisationId: organisationId, companyName, representativeEmail: email, tokenHash: sha256Hex(token), invitedBy: actorId, expiresAt: new Date(now.getTime() + lifetimeMs), createdAt: now, updatedAt: now })
      .returning({ id: portfolioLinks.id });
    if (!row) throw new Error('the portfolio invitation insert returned no row');
    await queueMail(tx, deps, { investorName: actor.organisationName, companyName, email, token });
    return linkEntry(tx, row.id, now);
  });
}

async function requireLink(tx: DatabaseHandle, organisationId: string, linkId: string): Promise<LinkRow> {
  if (!isUuid(linkId)) throw new NotFoundError();
  const [row] = await tx
    .select()
    .from(portfolioLinks)
    .where(and(eq(portfolioLinks.id, linkId), eq(portfolioLinks.investorOrganisationId, organisationId)))
    .for('update');
  if (!row) throw new NotFoundError();
  return row;
}

/** Sends a pending invitation again with a new link and a new 7 days; the old link stops working. */
export async function resendPortfolioInvitation(deps: PortfolioDeps, actorId: string, organisationId: string, linkId: string): Promise<PortfolioEntry> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const actor = await requireInvestorManager(tx, actorId, organisationId, { lock: true, change: true });
    const link = await requireLink(tx, organisationId, linkId);
    if (link.status !== 'pending') throw new NotFoundError();
    const token = newOpaqueToken();
    await tx.update(portfolioLinks).set({ tokenHash: sha256Hex(token), expiresAt: new Date(now.getTime() + lifetimeMs), updatedAt: now }).where(eq(portfolioLinks.id, link.id));
    await queueMail(tx, deps, { investorName: actor.organisationName, companyName: link.companyName, email: link.representativeEmail, token });
    return linkEntry(tx, link.id, now);
  });
}

/** Withdraws a pending invitation, or ends an accepted link (the investor's access ends with the commit). */
export async function endPortfolioLink(deps: Pick<PortfolioDeps, 'db' | 'clock'>, actorId: string, organisationId: string, linkId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await requireInvestorManager(tx, actorId, organisationId, { lock: true });
    const link = await requireLink(tx, organisationId, linkId);
    if (link.status === 'pending') await tx.update(portfolioLinks).set({ status: 'revoked', updatedAt: now }).where(eq(portfolioLinks.id, link.id));
    else if (link.status === 'accepted') await tx.update(portfolioLinks).set({ status: 'ended', endedAt: now, updatedAt: now }).where(eq(portfolioLinks.id, link.id));
    // Already withdrawn or ended: nothing to do, so a retry answers the same.
  });
}
