import { portfolioApiPaths } from '@app/contract/api-paths';
import { investorLinkList, portfolioEntryEnvelope, portfolioInvitationPreview, portfolioList, type PortfolioInvitationRequest } from '@app/contract/portfolio';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';

const portfolioKey = (investorId: string) => ['portfolio', investorId] as const;

/** `GET /api/organisations/{id}/portfolio`: owners and admins of an investor. */
export function usePortfolio(investorId: string) {
  return useQuery({
    queryKey: portfolioKey(investorId),
    queryFn: async ({ signal }) => dataOrThrow(await httpClient.get(portfolioApiPaths.portfolio(investorId), undefined, { schema: portfolioList, signal }))?.data ?? [],
  });
}

/** Invites, resends, withdraws or ends; the whole result comes back so a refusal can be shown. */
export function usePortfolioActions(investorId: string) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: portfolioKey(investorId) }), [investorId, queryClient]);
  const invite = useCallback(
    async (input: PortfolioInvitationRequest) => {
      const result = await httpClient.post(portfolioApiPaths.portfolio(investorId), input, { schema: portfolioEntryEnvelope });
      await refresh();
      return result;
    },
    [investorId, refresh],
  );
  const resend = useCallback(
    async (linkId: string) => {
      const result = await httpClient.post(portfolioApiPaths.linkResend(investorId, linkId), undefined, { schema: portfolioEntryEnvelope });
      await refresh();
      return result;
    },
    [investorId, refresh],
  );
  const end = useCallback(
    async (linkId: string) => {
      const result = await httpClient.delete(portfolioApiPaths.link(investorId, linkId));
      await refresh();
      return result;
    },
    [investorId, refresh],
  );
  return { invite, resend, end };
}

/** `GET /api/portfolio-invitations/{token}`: for the invited representative. */
export function usePortfolioInvitation(token: string) {
  return useQuery({
    queryKey: ['portfolio-invitation', token],
    queryFn: async ({ signal }) => dataOrThrow(await httpClient.get(portfolioApiPaths.invitation(token), undefined, { schema: portfolioInvitationPreview, signal }))?.data ?? null,
    retry: false,
  });
}

const acceptedEnvelope = z.object({ data: z.object({ organisation_id: z.string(), investor_name: z.string() }) });

export function acceptPortfolioInvitation(token: string, organisationId: string) {
  return httpClient.post(portfolioApiPaths.invitationAccept(token), { organisation_id: organisationId }, { schema: acceptedEnvelope });
}

const investorsKey = (companyId: string) => ['portfolio-investors', companyId] as const;

/** `GET /api/organisations/{id}/investors`: the investors that read the company's team overview; its owners and admins. */
export function useInvestors(companyId: string, enabled = true) {
  return useQuery({
    queryKey: investorsKey(companyId),
    // Asked only of an owner or admin: a member's request would be refused anyway.
    enabled,
    queryFn: async ({ signal }) => dataOrThrow(await httpClient.get(portfolioApiPaths.investors(companyId), undefined, { schema: investorLinkList, signal }))?.data ?? [],
  });
}

/** The company ends an investor's link. */
export function useEndInvestorLink(companyId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (linkId: string) => {
      const result = await httpClient.delete(portfolioApiPaths.investor(companyId, linkId));
      await queryClient.invalidateQueries({ queryKey: investorsKey(companyId) });
      return result;
    },
    [companyId, queryClient],
  );
}
