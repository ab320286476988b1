import type { OwnedOrganisation } from '@app/contract/account-settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// Issue 14: the ConfirmPassword step asks an organisation's only owner, for each such
// organisation, to pass it to another member or close it, before the account is deleted.

const server = setUpRouteTests();

const oakAndPine: OwnedOrganisation = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Oak & Pine Ltd',
  type: 'business',
  status: 'active',
  members: [
    { user_id: '22222222-2222-4222-8222-222222222222', name: 'Adam Admin', email: 'adam@example.com', role: 'admin' },
    { user_id: '33333333-3333-4333-8333-333333333333', name: 'Mia Member', email: 'mia@example.com', role: 'member' },
  ],
  members_total: 2,
};
const soloVentures: OwnedOrganisation = { id: '44444444-4444-4444-8444-444444444444', name: 'Solo Ventures', type: 'investor', status: 'pending_activation', members: [], members_total: 0 };

let bodies: unknown[];
beforeEach(() => {
  bodies = [];
  server().on('GET', '/api/user/owned-organisations', () => ({ status: 200, body: { data: [oakAndPine, soloVentures] } }));
  server().on('DELETE', '/api/user', (request) => {
    bodies.push(request.body);
    return { status: 204 };
  });
});

async function openConfirmPassword() {
  seedSession(server(), completeUser);
  const view = renderRoute('/settings/confirm-password');
  await screen.findByRole('heading', { name: 'Your organisations' }, routeTimeout);
  return view;
}

const organisation = (name: string) => within(screen.getByRole('group', { name }));
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Delete account' }));

describe('deleting the account of an organisation’s only owner', () => {
  it('asks for each organisation it alone owns; one without other members can only be closed', async () => {
    await openConfirmPassword();
    expect(screen.getByText('You are the only owner of these organisations. Choose what happens to each when your account is deleted.')).toBeInTheDocument();
    const oak = organisation('Oak & Pine Ltd');
    expect(oak.getByText(/2 other members/)).toBeInTheDocument();
    expect(oak.getByRole('radio', { name: /Pass it to another member/ })).not.toBeChecked();
    expect(oak.getByRole('radio', { name: /Close the organisation/ })).not.toBeChecked();
    const solo = organisation('Solo Ventures');
    expect(solo.queryByRole('radio', { name: /Pass it to another member/ })).toBeNull();
    expect(solo.getByRole('radio', { name: /Close the organisation/ })).toBeInTheDocument();
    expect(solo.getByText('You are its only member, so it can only be closed.')).toBeInTheDocument();
  });

  it('deletes nothing until every organisation has a choice, and says which one is missing', async () => {
    await openConfirmPassword();
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(organisation('Solo Ventures').getByRole('radio', { name: /Close the organisation/ }));
    await submit();

    expect(await organisation('Oak & Pine Ltd').findByText('Choose whether to pass the organisation to another member or to close it.')).toBeInTheDocument();
    expect(organisation('Solo Ventures').queryByText(/Choose/)).toBeNull();
    expect(server().requestsTo('DELETE', '/api/user')).toHaveLength(0);

    await userEvent.click(organisation('Oak & Pine Ltd').getByRole('radio', { name: /Pass it to another member/ }));
    await submit();
    expect(await organisation('Oak & Pine Ltd').findByText('Choose another member of this organisation.')).toBeInTheDocument();
    expect(server().requestsTo('DELETE', '/api/user')).toHaveLength(0);
  });

  it('asks for the closing of an organisation without other members in words that fit it, with the password in the same submit', async () => {
    await openConfirmPassword();
    await userEvent.click(organisation('Oak & Pine Ltd').getByRole('radio', { name: /Close the organisation/ }));
    await submit();
    const close = organisation('Solo Ventures').getByRole('radio', { name: /Close the organisation/ });
    expect(await organisation('Solo Ventures').findByText('Choose “Close the organisation” to delete your account.')).toBeInTheDocument();
    await waitFor(() => expect(close).toHaveFocus());
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Field is required');
    expect(server().requestsTo('DELETE', '/api/user')).toHaveLength(0);
  });

  it('sends the chosen new owner and the closing, then goes to login', async () => {
    const { router } = await openConfirmPassword();
    const oak = organisation('Oak & Pine Ltd');
    await userEvent.click(oak.getByRole('radio', { name: /Pass it to another member/ }));
    const newOwner = oak.getByRole('combobox', { name: 'New owner' });
    expect(within(newOwner).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a member…',
      'Adam Admin (adam@example.com), admin',
      'Mia Member (mia@example.com), member',
    ]);
    await userEvent.selectOptions(newOwner, 'Mia Member (mia@example.com), member');
    await userEvent.click(organisation('Solo Ventures').getByRole('radio', { name: /Close the organisation/ }));
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
    await submit();

    expect(await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(bodies).toEqual([
      {
        password: 'correct horse battery',
        organisations: { [oakAndPine.id]: { action: 'transfer', new_owner_id: '33333333-3333-4333-8333-333333333333' }, [soloVentures.id]: { action: 'close' } },
      },
    ]);
  });

  it('shows the server’s refusal under the organisation it is about', async () => {
    server().on('DELETE', '/api/user', () => ({
      status: 422,
      body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { [`organisations.${oakAndPine.id}.new_owner_id`]: ['Choose another member of this organisation.'] } },
    }));
    const { router } = await openConfirmPassword();
    const oak = organisation('Oak & Pine Ltd');
    await userEvent.click(oak.getByRole('radio', { name: /Pass it to another member/ }));
    await userEvent.selectOptions(oak.getByRole('combobox', { name: 'New owner' }), 'Adam Admin (adam@example.com), admin');
    await userEvent.click(organisation('Solo Ventures').getByRole('radio', { name: /Close the organisation/ }));
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
    await submit();

    const newOwner = oak.getByRole('combobox', { name: 'New owner' });
    expect(await oak.findByText('Choose another member of this organisation.')).toBeInTheDocument();
    expect(newOwner).toHaveAccessibleDescription('Choose another member of this organisation.');
    await waitFor(() => expect(newOwner).toHaveFocus());
    expect(router.state.location.pathname).toBe('/settings/confirm-password');
  });
});
