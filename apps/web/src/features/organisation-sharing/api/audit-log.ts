import { auditLogList, organisationShareApiPaths } from '@app/contract/organisation-shares';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { clientSharingKey } from './sharing-keys';

export const auditLogPageSize = 20;

/** `GET /api/organisations/{id}/audit-log?page=&per_page=`: what experts did, newest first; owners and admins. */
export async function getAuditLog(clientId: string, page: number, signal?: AbortSignal) {
  const list = dataOrThrow(await httpClient.get(organisationShareApiPaths.auditLog(clientId), { page, per_page: auditLogPageSize }, { schema: auditLogList, signal }));
  if (list === null) throw new Error('The audit log answered with no body');
  return list;
}

export function useAuditLog(clientId: string, page: number) {
  return useQuery({ queryKey: [...clientSharingKey(clientId), 'audit-log', page], queryFn: ({ signal }) => getAuditLog(clientId, page, signal), placeholderData: keepPreviousData });
}
