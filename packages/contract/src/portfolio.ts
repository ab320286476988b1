import { z } from 'zod';
import { portfolioCompany } from './organisations.ts';

// Issue 13, "Access by type", Investor (spec 6): read-only access to the reports of its portfolio
// organisations, and invitations for portfolio company representatives. A portfolio company is an
// organisation of its own; its representative (an owner or admin of it) accepts the investor's
// invitation for it, and from then on the investor's owners and admins read its team overview
// (aggregates above its group minimum), never a person's results and never a write. Either side
// ends the link; the investor's access ends with it.

export const portfolioInvitationLifetimeDays = 7;

export const portfolioMessages = {
  notInvestor: 'Only an investor organisation has a portfolio.',
  invitationPending: 'An invitation to this address is already waiting: resend it instead.',
  invitationInvalid: 'This invitation link is not valid.',
  invitationExpired: 'This invitation has expired. Ask the investor to send a new one.',
  invitationRevoked: 'This invitation was withdrawn by the investor.',
  invitationUsed: 'This invitation has already been accepted.',
  invitationOtherAccount: 'This invitation was sent to another e-mail address. Log in with that address to accept it.',
  invitationUnverified: 'Verify your e-mail address first, then accept the invitation.',
  chooseOrganisation: 'Choose the organisation of the portfolio company, one you own or administer.',
  notTheInvestor: 'The investor cannot be its own portfolio company.',
  alreadyLinked: 'This organisation is already in the investor’s portfolio.',
  invitationSent: 'Invitation sent.',
  invitationResent: 'Invitation sent again.',
  invitationRevokedToast: 'Invitation withdrawn.',
  linkEnded: 'The link is ended: the investor no longer sees this organisation.',
  accepted: 'The investor now sees your organisation’s team overview, read-only.',
} as const;

/** Where one portfolio company stands: listed in the wizard but not invited yet, invited, linked, or no longer. */
export const portfolioLinkStates = ['not_invited', 'pending', 'expired', 'accepted', 'revoked', 'ended'] as const;
export type PortfolioLinkState = (typeof portfolioLinkStates)[number];

export const portfolioEntry = z.object({
  /** Null for a company only listed in the wizard (not invited yet). */
  id: z.string().nullable(),
  company_name: z.string(),
  representative_email: z.string(),
  status: z.enum(portfolioLinkStates),
  /** The linked organisation, once accepted: its team overview is readable while the link stands. */
  company_organisation: z.object({ id: z.string(), name: z.string() }).nullable(),
  expires_at: z.iso.datetime().nullable(),
  accepted_at: z.iso.datetime().nullable(),
});
export type PortfolioEntry = z.infer<typeof portfolioEntry>;

/** `GET /api/organisations/{id}/portfolio` (owners and admins of an investor). */
export const portfolioList = z.object({ data: z.array(portfolioEntry) });
export const portfolioEntryEnvelope = z.object({ data: portfolioEntry });

/** `POST /api/organisations/{id}/portfolio`: invite a representative (the wizard's fields). */
export const portfolioInvitationRequest = portfolioCompany;
export type PortfolioInvitationRequest = z.infer<typeof portfolioInvitationRequest>;

/** `GET /api/portfolio-invitations/{token}`: what the representative sees, logged in as the invited address. */
export const portfolioInvitationPreview = z.object({
  data: z.object({
    investor_name: z.string(),
    company_name: z.string(),
    invited_email: z.string(),
    expires_at: z.iso.datetime(),
    /** The caller's organisations they may link (owner or admin, not the investor). */
    organisations: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});
export type PortfolioInvitationPreview = z.infer<typeof portfolioInvitationPreview>['data'];

/** `POST /api/portfolio-invitations/{token}/accept`. */
export const portfolioAcceptRequest = z.object({ organisation_id: z.string({ error: portfolioMessages.chooseOrganisation }).min(1, { error: portfolioMessages.chooseOrganisation }) });
export type PortfolioAcceptRequest = z.infer<typeof portfolioAcceptRequest>;

/** An investor that reads the company's team overview, as the company sees it. */
export const investorLink = z.object({
  id: z.string(),
  investor_name: z.string(),
  accepted_at: z.iso.datetime(),
});
/** `GET /api/organisations/{id}/investors` (owners and admins of the company). */
export const investorLinkList = z.object({ data: z.array(investorLink) });
export const investorLinkEnvelope = z.object({ data: investorLink });
