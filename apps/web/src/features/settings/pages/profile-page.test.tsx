import type { Account } from '@app/contract/account';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountFixture, birthDetailsFixture, completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// Settings › Profile and the ConfirmPassword step (account deletion), through the real route
// table, against a real HTTP server.

const server = setUpRouteTests();

async function openProfile(user: Account = completeUser) {
  seedSession(server(), user);
  const view = renderRoute('/settings/profile');
  await screen.findByRole('heading', { name: 'Profile information' }, routeTimeout);
  return view;
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('settings: profile', () => {
  it('shows the name, e-mail and language of the account in an editable form', async () => {
    await openProfile();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveDisplayValue('English');
  });

  it('saves the profile, says so, and shows the new name in the user menu', async () => {
    const bodies: unknown[] = [];
    server().on('PATCH', '/api/user/profile', (request) => {
      bodies.push(request.body);
      return { status: 200, body: { ...completeUser, name: 'Augusta Ada King' } };
    });
    await openProfile();

    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Augusta Ada King');
    await save();

    expect(await screen.findByText('Your profile has been saved.', undefined, routeTimeout)).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Augusta Ada King', email: 'ada@example.com', locale: 'en' }]);
    expect(screen.getByRole('button', { name: /Augusta Ada King/ })).toBeInTheDocument();
    expect(screen.queryByText(/verification link/)).toBeNull();
  });

  it('after an e-mail change, says a verification link was sent and links to the verification page', async () => {
    server().on('PATCH', '/api/user/profile', (request) => {
      const body = request.body as { email: string };
      return { status: 200, body: { ...completeUser, email: body.email, email_verified: false } };
    });
    await openProfile();

    const email = screen.getByLabelText('Email address');
    await userEvent.clear(email);
    await userEvent.type(email, 'ada@lovelace.org');
    await save();

    expect(
      await screen.findByText('We have sent a verification link to ada@lovelace.org. Please open it to confirm your new address.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to email verification' })).toHaveAttribute('href', '/verify-email');
    expect(email).toHaveValue('ada@lovelace.org');
  });

  it('reminds an unverified account to verify its address', async () => {
    await openProfile({ ...completeUser, email_verified: false });
    expect(screen.getByText('Your email address is not verified yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to email verification' })).toHaveAttribute('href', '/verify-email');
  });

  it("checks the fields before sending: 'Field is required' and 'Must be a valid email'", async () => {
    await openProfile();
    await userEvent.clear(screen.getByLabelText('Name'));
    const email = screen.getByLabelText('Email address');
    await userEvent.clear(email);
    await userEvent.type(email, 'ada@');
    await save();

    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Field is required');
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Must be a valid email'));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(server().requestsTo('PATCH', '/api/user/profile')).toHaveLength(0);
  });

  it("shows the server's 422 message under the e-mail field", async () => {
    server().on('PATCH', '/api/user/profile', () => ({
      status: 422,
      body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { email: ['The email has already been taken.'] } },
    }));
    await openProfile();
    const email = screen.getByLabelText('Email address');
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.com');
    await save();

    expect(await screen.findByText('The email has already been taken.')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(expect.stringContaining('The email has already been taken.'));
    await waitFor(() => expect(email).toHaveFocus());
  });

  it('shows the saved birth details with a link to edit them', async () => {
    await openProfile(accountFixture({ birth_details: birthDetailsFixture({ birth_time: '14:05:00' }) }));
    expect(screen.getByText('March 7, 1990')).toBeInTheDocument();
    expect(screen.getByText('14:05')).toBeInTheDocument();
    expect(screen.getByText('Zürich, Switzerland · Europe/Zurich')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit birth details' })).toHaveAttribute('href', '/signup-data?redirect=%2Fsettings%2Fprofile');
  });

  it("edits the birth details from Settings: 'Save', then back to Settings with a 'Saved' toast", async () => {
    const saved = birthDetailsFixture({ birth_date: '1990-03-08', birth_time: '14:05:00' });
    const user = accountFixture({ birth_details: birthDetailsFixture({ birth_time: '14:05:00' }) });
    const bodies: unknown[] = [];
    server().on('PUT', '/api/user/birth-details', (request) => {
      bodies.push(request.body);
      return { status: 200, body: { ...user, birth_details: saved } };
    });
    const { router } = await openProfile(user);

    await userEvent.click(screen.getByRole('link', { name: 'Edit birth details' }));
    await screen.findByRole('heading', { name: 'Your birth details' }, routeTimeout);
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/settings/profile');

    await userEvent.clear(screen.getByLabelText('Day'));
    await userEvent.type(screen.getByLabelText('Day'), '8');
    await save();

    expect(await screen.findByRole('heading', { name: 'Profile information' }, routeTimeout)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/profile');
    expect(await screen.findByText('Saved', undefined, routeTimeout)).toBeInTheDocument();
    expect(screen.getByText('Your birth details have been saved.')).toBeInTheDocument();
    expect(screen.getByText('March 8, 1990')).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ birth_date: '1990-03-08', birth_time: '14:05:00' })]);
  });

  it('goes back to Settings unchanged with Cancel', async () => {
    const { router } = await openProfile(accountFixture({ birth_details: birthDetailsFixture() }));
    await userEvent.click(screen.getByRole('link', { name: 'Edit birth details' }));
    await screen.findByRole('heading', { name: 'Your birth details' }, routeTimeout);
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Profile information' }, routeTimeout)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/profile');
    expect(server().requestsTo('PUT', '/api/user/birth-details')).toHaveLength(0);
  });
});

describe('settings: deleting the account', () => {
  beforeEach(() => {
    // Owns no organisation alone: no choice to make before deleting.
    server().on('GET', '/api/user/owned-organisations', () => ({ status: 200, body: { data: [] } }));
  });

  async function openConfirmPassword() {
    const view = await openProfile();
    const section = screen.getByRole('heading', { name: 'Delete account' }).closest('section');
    if (!section) throw new Error('no delete section');
    expect(within(section).getByText('Please proceed with caution, this cannot be undone.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('link', { name: 'Delete account' }));
    await screen.findByRole('heading', { name: 'Confirm your password' }, routeTimeout);
    // The form follows once the organisations the user alone owns are known (none here).
    await screen.findByRole('button', { name: 'Delete account' }, routeTimeout);
    expect(view.router.state.location.pathname).toBe('/settings/confirm-password');
    return view;
  }

  it('deletes the account once the password is confirmed, then goes to login and says so', async () => {
    const bodies: unknown[] = [];
    server().on('DELETE', '/api/user', (request) => {
      bodies.push(request.body);
      return { status: 204 };
    });
    const { router } = await openConfirmPassword();

    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));

    expect(await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('Your account has been deleted.', undefined, routeTimeout)).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'correct horse battery', organisations: {} }]);
    expect(localStorage.getItem('auth_token')).toBeNull();
    // The server already revoked the tokens: no logout call that could only fail.
    expect(server().requestsTo('POST', '/api/logout')).toHaveLength(0);
  });

  it("shows the server's message under the field when the password is wrong", async () => {
    server().on('DELETE', '/api/user', () => ({
      status: 422,
      body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { password: ['The password is incorrect.'] } },
    }));
    const { router } = await openConfirmPassword();

    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));

    expect(await screen.findByText('The password is incorrect.')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription('The password is incorrect.');
    await waitFor(() => expect(password).toHaveFocus());
    expect(router.state.location.pathname).toBe('/settings/confirm-password');
    expect(localStorage.getItem('auth_token')).not.toBeNull();
  });

  it("asks for the password before sending: 'Field is required'", async () => {
    await openConfirmPassword();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Field is required');
    expect(server().requestsTo('DELETE', '/api/user')).toHaveLength(0);
  });

  it('asks an account without a password (Google) for its e-mail address instead', async () => {
    const bodies: unknown[] = [];
    server().on('DELETE', '/api/user', (request) => {
      bodies.push(request.body);
      return { status: 204 };
    });
    seedSession(server(), { ...completeUser, has_password: false });
    renderRoute('/settings/confirm-password');
    await screen.findByRole('heading', { name: 'Confirm your password' }, routeTimeout);
    await screen.findByLabelText('Email address', undefined, routeTimeout);
    expect(screen.getByText(/You sign in with Google: type your email address to confirm/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).toBeNull();

    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout)).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'ada@example.com', organisations: {} }]);
  });

  it('goes back to the profile with Cancel', async () => {
    const { router } = await openConfirmPassword();
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await screen.findByRole('heading', { name: 'Profile information' }, routeTimeout);
    expect(router.state.location.pathname).toBe('/settings/profile');
  });
});

describe('settings: downloading one’s data', () => {
  beforeEach(() => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:personal-data');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function dataSection() {
    const section = screen.getByRole('heading', { name: 'Your data' }).closest('section');
    if (!section) throw new Error('no data section');
    return within(section);
  }

  it('says what the file holds and saves it as a JSON file named by the date', async () => {
    server().on('GET', '/api/user/export', () => ({ status: 200, body: { format: 'compass-personal-data', version: 1, profile: { name: 'Ada Lovelace' } } }));
    const saved: { name: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    await openProfile();
    const section = dataSection();
    expect(section.getByText('every answer you gave, including changed answers, and your assessment results')).toBeInTheDocument();

    await userEvent.click(section.getByRole('button', { name: 'Download my data' }));

    expect(await section.findByText('Your data has been downloaded.', undefined, routeTimeout)).toBeInTheDocument();
    expect(server().requestsTo('GET', '/api/user/export')).toHaveLength(1);
    expect(click).toHaveBeenCalledOnce();
    expect(saved).toEqual([{ name: `compass-personal-data-${new Date().toISOString().slice(0, 10)}.json`, href: 'blob:personal-data' }]);
  });

  it('shows the server’s refusal (the export’s rate limit) and saves nothing', async () => {
    server().on('GET', '/api/user/export', () => ({ status: 429, headers: { 'Retry-After': '1800' }, body: { message: 'Too many attempts. Please try again in 30 minutes.', code: 'too_many_requests' } }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await openProfile();
    await userEvent.click(dataSection().getByRole('button', { name: 'Download my data' }));
    expect(await dataSection().findByRole('alert', undefined, routeTimeout)).toHaveTextContent(/Too many|try again/i);
    expect(click).not.toHaveBeenCalled();
  });
});
