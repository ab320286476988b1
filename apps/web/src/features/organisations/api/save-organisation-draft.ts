import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationDraftEnvelope, type OrganisationDraft } from '@app/contract/organisations';
import { httpClient } from '@/lib/http-client';

/**
 * `PUT /api/organisations/draft`: keeps the step and the entries as typed, replacing the draft
 * before. `keepalive` when the page is going away, so the save is not cut off with it.
 */
export function saveOrganisationDraft(draft: OrganisationDraft, options: { keepalive?: boolean } = {}) {
  return httpClient.put(organisationApiPaths.draft, draft, { schema: organisationDraftEnvelope, keepalive: options.keepalive });
}
