import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationDraftEnvelope, type OrganisationDraftEnvelope } from '@app/contract/organisations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

export type SavedDraft = NonNullable<OrganisationDraftEnvelope['data']>;

/** `GET /api/organisations/draft`: the step and entries kept so far; null when there is none. */
export async function getOrganisationDraft(signal?: AbortSignal): Promise<SavedDraft | null> {
  const result = await httpClient.get(organisationApiPaths.draft, undefined, { schema: organisationDraftEnvelope, signal });
  if (result.error !== null) throw new Error(result.error);
  return result.data?.data ?? null;
}

/** Keyed by the user: another account may log in in this tab. */
export function organisationDraftQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['organisation-wizard', 'draft', userId],
    queryFn: ({ signal }) => getOrganisationDraft(signal),
    // Read once when the wizard opens: it is the wizard's own writes that change it afterwards.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: 1,
  });
}

export function useOrganisationDraft(userId: string | null) {
  return useQuery({ ...organisationDraftQueryOptions(userId ?? ''), enabled: userId !== null });
}
