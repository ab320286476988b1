import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationEnvelope, type CreateOrganisationInput } from '@app/contract/organisations';
import { httpClient } from '@/lib/http-client';

/**
 * `POST /api/organisations`: 201 with the organisation (200 for the same creation_key again);
 * 422 with each rule's message on its field and row; 400 'Organization name is not defined in
 * formData!' when the form names no organisation (spec 8).
 */
export function createOrganisation(body: CreateOrganisationInput) {
  return httpClient.post(organisationApiPaths.list, body, { schema: organisationEnvelope });
}
