import { organisationKey } from '@/lib/organisation-details';

// Team insights' queries sit under the organisation's key (lib/organisation-details.ts), so a
// change of its people (a member removed, a role changed) refreshes them too; the caller's
// consents across organisations have a key of their own.

export const teamInsightsKey = (organisationId: string) => [...organisationKey(organisationId), 'team-insights'] as const;

export const consentsKey = ['team-insights', 'consents'] as const;
