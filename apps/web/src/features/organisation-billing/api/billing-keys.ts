import { organisationsRootKey } from '@/lib/organisation-list';

// The query keys of one organisation sit under `['organisations', 'detail', id]` (as the members
// feature keeps them), so activating or changing the subscription refreshes all the app shows of it.

export const organisationKey = (organisationId: string) => [...organisationsRootKey, 'detail', organisationId] as const;
export const subscriptionKey = (organisationId: string) => [...organisationKey(organisationId), 'subscription'] as const;
