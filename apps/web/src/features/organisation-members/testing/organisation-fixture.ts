import type { InvitationView, MemberView } from '@app/contract/organisation-members';
import type { Organisation } from '@app/contract/organisations';
import { baseOrganisationFixture } from '../../../../test/organisation-fixture.ts';

// An organisation, its members and invitations as the server answers them (issue 12), changed per
// test by overriding only what the test is about.

export const organisationId = '7d0c4a52-3f6e-4b8a-9c1d-2e5f6a7b8c9d';

export function organisationFixture(overrides: Partial<Organisation> = {}): Organisation {
  return baseOrganisationFixture({ id: organisationId, ...overrides });
}

export function memberFixture(overrides: Partial<MemberView> & Pick<MemberView, 'user_id' | 'name'>): MemberView {
  return {
    email: `${overrides.name.split(' ')[0]?.toLowerCase() ?? 'someone'}@example.com`,
    role: 'member',
    questionnaire: 'not_started',
    joined_at: '2026-11-02T09:00:00.000Z',
    ...overrides,
  };
}

export function invitationFixture(overrides: Partial<InvitationView> = {}): InvitationView {
  return {
    id: '0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
    email: 'newcomer@example.com',
    role: 'member',
    status: 'pending',
    expires_at: '2026-12-03T09:00:00.000Z',
    created_at: '2026-11-26T09:00:00.000Z',
    ...overrides,
  };
}
