import { organisationApiPaths } from '@app/contract/api-paths';
import { ownershipTransferView } from '@app/contract/organisation-members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { httpClient } from '@/lib/http-client';
import { dataOrThrow } from '../lib/refusal';
import { organisationKey } from './organisation-keys';

const ownershipOfferEnvelope = z.object({ data: ownershipTransferView.nullable() });

/** `GET /api/organisations/{id}/ownership-transfer`: the open offer of the ownership, or null; every member may ask. */
export async function getOwnershipOffer(organisationId: string, signal?: AbortSignal) {
  const result = await httpClient.get(organisationApiPaths.ownershipTransfer(organisationId), undefined, { schema: ownershipOfferEnvelope, signal });
  return dataOrThrow(result)?.data ?? null;
}

export function ownershipOfferQueryOptions(organisationId: string) {
  return queryOptions({
    queryKey: [...organisationKey(organisationId), 'ownership-offer'],
    queryFn: ({ signal }) => getOwnershipOffer(organisationId, signal),
  });
}

export function useOwnershipOffer(organisationId: string) {
  return useQuery(ownershipOfferQueryOptions(organisationId));
}
