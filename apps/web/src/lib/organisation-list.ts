import { organisationApiPaths } from '@app/contract/api-paths';
import type { OrganisationSummary } from '@app/contract/organisations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from './http-client.ts';

// `GET /api/organisations`: the caller's organisations with their role (issue 12). In lib, not in
// a feature, because the shell's profile switcher lists them and the members feature changes them
// (joining, leaving). The schema loads with the first call: the shell is on every app page.

/** Every organisation query: what joining, leaving or creating one invalidates. */
export const organisationsRootKey = ['organisations'] as const;

export async function listOrganisations(signal?: AbortSignal): Promise<OrganisationSummary[]> {
  const result = await httpClient.get(organisationApiPaths.list, undefined, {
    schema: () => import('@app/contract/organisations').then((module) => module.organisationList),
    signal,
  });
  if (result.data === null) throw new Error(result.error ?? 'The organisations could not be loaded');
  return result.data.data;
}

/** Keyed by the user: another account may log in in this tab. */
export function organisationsQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...organisationsRootKey, 'list', userId], queryFn: ({ signal }) => listOrganisations(signal) });
}

export function useOrganisations(userId: string | null) {
  return useQuery({ ...organisationsQueryOptions(userId ?? ''), enabled: userId !== null });
}
