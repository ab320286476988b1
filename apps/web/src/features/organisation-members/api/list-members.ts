import { organisationApiPaths } from '@app/contract/api-paths';
import { memberList } from '@app/contract/organisation-members';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { organisationKey } from './organisation-keys';

/** Rows per page of the members table. */
export const membersPerPage = 25;

export interface MemberListParams {
  search: string;
  page: number;
}

/** `GET /api/organisations/{id}/members?search=&page=&per_page=`: owners and admins only (403 for members). */
export async function listMembers(organisationId: string, { search, page }: MemberListParams, signal?: AbortSignal) {
  const query = { search: search.trim() || undefined, page, per_page: membersPerPage };
  const result = await httpClient.get(organisationApiPaths.members(organisationId), query, { schema: memberList, signal });
  const list = dataOrThrow(result);
  if (list === null) throw new Error('The members list answered with no body');
  return list;
}

export function membersQueryOptions(organisationId: string, params: MemberListParams) {
  return queryOptions({
    queryKey: [...organisationKey(organisationId), 'members', params],
    queryFn: ({ signal }) => listMembers(organisationId, params, signal),
  });
}

export function useMembers(organisationId: string, params: MemberListParams, enabled: boolean) {
  // The previous page stays while the next one (or the next search) loads, so the table does not jump.
  return useQuery({ ...membersQueryOptions(organisationId, params), enabled, placeholderData: keepPreviousData });
}
