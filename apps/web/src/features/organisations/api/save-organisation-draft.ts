import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationDraftEnvelope, type OrganisationDraft } from '@app/contract/organisations';
import { httpClient } from '@/lib/http-client';

/** `PUT /api/organisations/draft`: keeps the step and the entries as typed, replacing the draft before. */
export function saveOrganisationDraft(draft: OrganisationDraft) {
  return httpClient.put(organisationApiPaths.draft, draft, { schema: organisationDraftEnvelope });
}
