// The query keys of one organisation: its details, members, ownership offer and invitations all
// sit under one key (lib/organisation-details.ts), so a change to its people refreshes everything
// the page shows of it.

export { organisationKey } from '@/lib/organisation-details';
