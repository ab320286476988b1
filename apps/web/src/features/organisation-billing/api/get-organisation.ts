// The organisation's details are shared with the other organisation pages (lib/organisation-details.ts).
export { getOrganisation, organisationQueryOptions, useOrganisation } from '@/lib/organisation-details';
