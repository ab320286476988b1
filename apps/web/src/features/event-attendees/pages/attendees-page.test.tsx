import { eventMessages, type EventSessionView } from '@app/contract/event-attendees';
import type { Organisation } from '@app/contract/organisations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { baseOrganisationFixture } from '../../../../test/organisation-fixture.ts';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// organization.attendees and event-invitation (issue 13) through the real route table, against a
// real local HTTP server scripted as the event-attendees routes answer.

const server = setUpRouteTests();

const organiserId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const sessionId = '7d0c4a52-3f6e-4b8a-9c1d-2e5f6a7b8c9d';
const token = 'b'.repeat(43);

const session = (overrides: Partial<EventSessionView> = {}): EventSessionView => ({
  id: sessionId,
  name: 'Main hall',
  link_path: `/events/${token}`,
  link_rotated_at: '2026-11-20T09:00:00.000Z',
  invited: 12,
  joined: 10,
  completed: 9,
  created_at: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  localStorage.clear();
});

function serveOrganisation(organisation: Organisation) {
  seedSession(server(), completeUser);
  localStorage.setItem(`active_profile:${completeUser.id}`, `organisation:${organisation.id}`);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/organisations', () => ({ status: 200, body: { data: [organisation] } }));
  server().on('GET', `/api/organisations/${organisation.id}`, () => ({ status: 200, body: { data: organisation } }));
}

describe('organization.attendees: an event organiser’s sessions', () => {
  it('shows each session’s counts and link, replaces the link, and links to the session’s team overview', async () => {
    serveOrganisation(baseOrganisationFixture({ id: organiserId, type: 'event_organiser', name: 'Leeds Tech Week', plan: 'contract' }));
    let current = session();
    server().on('GET', `/api/organisations/${organiserId}/event-sessions`, () => ({ status: 200, body: { data: [current] } }));
    server().on('POST', `/api/organisations/${organiserId}/event-sessions/${sessionId}/link/rotate`, () => {
      current = session({ link_path: `/events/${'c'.repeat(43)}` });
      return { status: 200, body: { data: current } };
    });
    renderRoute(`/organization/${organiserId}/attendees`);
    await screen.findByRole('heading', { name: 'Attendees', level: 1 }, routeTimeout);
    const card = await screen.findByRole('listitem', { name: 'Main hall' }, routeTimeout);
    expect(within(card).getByText('Sent by e-mail').nextSibling).toHaveTextContent('12');
    expect(within(card).getByText('Joined').nextSibling).toHaveTextContent('10');
    expect(within(card).getByText('Answered everything').nextSibling).toHaveTextContent('9');
    const link = within(card).getByLabelText('Invitation link of Main hall');
    expect(link).toHaveValue(`${window.location.origin}/events/${token}`);
    expect(within(card).getByRole('link', { name: 'Team overview of this session' })).toHaveAttribute('href', `/organization/${organiserId}/insights?event_session=${sessionId}`);
    await userEvent.setup().click(within(card).getByRole('button', { name: 'New link' }));
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Main hall' })).getByLabelText('Invitation link of Main hall')).toHaveValue(`${window.location.origin}/events/${'c'.repeat(43)}`));
    expect(screen.getByRole('link', { name: 'Attendees' })).toHaveAttribute('href', `/organization/${organiserId}/attendees`);
  });

  it('e-mails a list and shows the server’s refusal of invalid addresses under the field', async () => {
    serveOrganisation(baseOrganisationFixture({ id: organiserId, type: 'event_organiser' }));
    server().on('GET', `/api/organisations/${organiserId}/event-sessions`, () => ({ status: 200, body: { data: [session()] } }));
    const refusal = eventMessages.invalidEmails.replace('{list}', 'not-an-address');
    const bodies: unknown[] = [];
    server().on('POST', `/api/organisations/${organiserId}/event-sessions/${sessionId}/email-invitations`, (request) => {
      bodies.push(request.body);
      return { status: 422, body: { message: 'The provided data is invalid.', code: 'validation_failed', errors: { emails: [refusal] } } };
    });
    renderRoute(`/organization/${organiserId}/attendees`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail addresses', undefined, routeTimeout), 'ann@example.com, not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(bodies).toEqual([{ emails: 'ann@example.com, not-an-address' }]);
  });

  it('tells a business that only an event organiser has attendees', async () => {
    serveOrganisation(baseOrganisationFixture({ id: organiserId, type: 'business' }));
    renderRoute(`/organization/${organiserId}/attendees`);
    expect(await screen.findByText('Only an event organiser has attendees.', undefined, routeTimeout)).toBeInTheDocument();
  });
});

describe('event-invitation: joining through a session’s link', () => {
  it('joins the session and says what the organiser sees', async () => {
    seedSession(server(), completeUser);
    server().on('GET', '/api/cart', () => ({ status: 204 }));
    server().on('GET', '/api/organisations', () => ({ status: 200, body: { data: [] } }));
    server().on('GET', `/api/event-invitations/${token}`, () => ({ status: 200, body: { data: { event_name: 'Leeds Tech Week', session_name: 'Main hall' } } }));
    server().on('POST', `/api/event-invitations/${token}/join`, () => ({ status: 200, body: { data: { event_name: 'Leeds Tech Week', session_name: 'Main hall' } } }));
    renderRoute(`/events/${token}`);
    await screen.findByRole('heading', { name: 'Join Leeds Tech Week', level: 1 }, routeTimeout);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Join the event' }));
    expect(await screen.findByText(eventMessages.joined)).toBeInTheDocument();
  });

  it('says an old link no longer works', async () => {
    seedSession(server(), completeUser);
    server().on('GET', '/api/cart', () => ({ status: 204 }));
    server().on('GET', '/api/organisations', () => ({ status: 200, body: { data: [] } }));
    server().on('GET', `/api/event-invitations/${token}`, () => ({ status: 404, body: { message: eventMessages.linkInvalid, code: 'not_found' } }));
    renderRoute(`/events/${token}`);
    expect(await screen.findByText(eventMessages.linkInvalid, undefined, routeTimeout)).toBeInTheDocument();
  });
});
