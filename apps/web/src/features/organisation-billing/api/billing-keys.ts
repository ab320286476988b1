import { organisationKey } from '@/lib/organisation-details';

// The query keys of one organisation sit under `['organisations', 'detail', id]`
// (lib/organisation-details.ts), so activating or changing the subscription refreshes all the app
// shows of it.

export { organisationKey };
export const subscriptionKey = (organisationId: string) => [...organisationKey(organisationId), 'subscription'] as const;
