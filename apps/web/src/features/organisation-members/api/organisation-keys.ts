import { organisationsRootKey } from '@/lib/organisation-list';

// The query keys of one organisation: its details, members, ownership offer and invitations all
// sit under one key, so a change to its people refreshes everything the page shows of it.

export const organisationKey = (organisationId: string) => [...organisationsRootKey, 'detail', organisationId] as const;
