import type { Account } from '@app/contract/account';
import { birthYearMax } from '@app/contract/birth-details';
import type { Location } from '@app/contract/locations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountFixture, birthDetailsFixture } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';
import { rememberReturnPath, takeReturnPathAfterRegistration } from '../../../lib/return-path.ts';

// The RegisterFinish page (signup-data) through the real route table, against a real HTTP server.

const server = setUpRouteTests();

/** Just signed up: no birth details yet, nothing else finished. */
const newUser: Account = accountFixture({ id: 'user-new', signup_completed: false, big5_completed: false, env_completed: false });

const zurich: Location = {
  city: 'Zürich',
  region: 'Zurich',
  country: { code: 'CH', name: 'Switzerland' },
  latitude: 47.36667,
  longitude: 8.55,
  timezone: 'Europe/Zurich',
  population: 341730,
};
const zurs: Location = {
  city: 'Zürs',
  region: 'Vorarlberg',
  country: { code: 'AT', name: 'Austria' },
  latitude: 47.16944,
  longitude: 10.16583,
  timezone: 'Europe/Vienna',
  population: 100,
};
const places = [zurich, zurs];

beforeEach(() => {
  // Prefix search, accent-insensitive, like the real one ('zur' finds Zürich).
  server().on('GET', '/api/locations', (request) => {
    const query = (request.query.get('q') ?? '').toLowerCase();
    const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    return { status: 200, body: { data: places.filter((place) => plain(place.city).startsWith(plain(query))) } };
  });
});

async function openPage(user: Account = newUser) {
  seedSession(server(), user);
  const view = renderRoute('/signup-data');
  await screen.findByRole('heading', { name: user.birth_details ? 'Your birth details' : 'Complete your profile' }, routeTimeout);
  return view;
}

type Parts = { day?: string; month?: string; year?: string; hour?: string; minute?: string; period?: 'AM' | 'PM' };

async function fillParts(parts: Parts) {
  const fields = [
    ['Day', parts.day],
    ['Month', parts.month],
    ['Year', parts.year],
    ['Hour', parts.hour],
    ['Minute', parts.minute],
  ] as const;
  for (const [label, value] of fields) {
    const input = screen.getByLabelText(label);
    if (input instanceof HTMLInputElement && input.disabled) continue;
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
  if (parts.period) await userEvent.click(screen.getByRole('radio', { name: parts.period }));
}

async function choosePlace(query = 'zur') {
  const combobox = screen.getByRole('combobox', { name: 'Place of birth' });
  await userEvent.type(combobox, query);
  await screen.findByRole('option', { name: 'Zürich, Zurich, Switzerland' }, routeTimeout);
  await userEvent.keyboard('{ArrowDown}{Enter}');
  await screen.findByText('Zürich, Switzerland · Europe/Zurich');
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

function answerBirthDetails(onBody?: (body: unknown) => void) {
  server().on('PUT', '/api/user/birth-details', (request) => {
    onBody?.(request.body);
    return { status: 200, body: { ...newUser, signup_completed: true } };
  });
}

describe('signup-data: birth date and time rules', () => {
  it("shows 'Field is required' under every part and the place when sent empty, and focuses the day", async () => {
    await openPage();
    await submit();

    for (const label of ['Day', 'Month', 'Year', 'Hour', 'Minute']) {
      expect(await screen.findByLabelText(label)).toHaveAccessibleDescription('Field is required');
    }
    expect(screen.getByRole('radiogroup', { name: 'AM/PM' })).toHaveAccessibleDescription('Field is required');
    expect(screen.getByRole('combobox', { name: 'Place of birth' })).toHaveAccessibleDescription('Field is required');
    expect(screen.getAllByText('Field is required')).toHaveLength(7);
    await waitFor(() => expect(screen.getByLabelText('Day')).toHaveFocus());
    expect(server().requestsTo('PUT', '/api/user/birth-details')).toHaveLength(0);
  });

  it('refuses 31 February with the length of February in that year', async () => {
    await openPage();
    await fillParts({ day: '31', month: '2', year: '2023' });
    await submit();
    expect(await screen.findByText('Day must be between 1 and 28')).toBeInTheDocument();
    expect(screen.getByLabelText('Day')).toHaveAccessibleDescription('Day must be between 1 and 28');

    await fillParts({ day: '30', month: '2', year: '2024' });
    await submit();
    expect(await screen.findByText('Day must be between 1 and 29')).toBeInTheDocument();

    await fillParts({ day: '31', month: '4', year: '2024' });
    await submit();
    expect(await screen.findByText('Day must be between 1 and 30')).toBeInTheDocument();
  });

  it('refuses month 13 and years outside 1900 to this year, naming each part', async () => {
    await openPage();
    const yearRange = `Year must be between 1900 and ${birthYearMax()}`;

    await fillParts({ day: '12', month: '13', year: '1899' });
    await submit();
    expect(await screen.findByText('Month must be between 1 and 12')).toBeInTheDocument();
    expect(screen.getByLabelText('Month')).toHaveAccessibleDescription('Month must be between 1 and 12');
    expect(screen.getByLabelText('Year')).toHaveAccessibleDescription(yearRange);
    await waitFor(() => expect(screen.getByLabelText('Month')).toHaveFocus());

    await fillParts({ day: '12', month: '6', year: String(birthYearMax() + 1) });
    await submit();
    expect(await screen.findByText(yearRange)).toBeInTheDocument();
    expect(screen.queryByText('Month must be between 1 and 12')).toBeNull();
  });

  it('checks the day against the month once the month is corrected', async () => {
    await openPage();
    await fillParts({ day: '31', month: '13', year: '2023' });
    await submit();
    expect(await screen.findByText('Month must be between 1 and 12')).toBeInTheDocument();

    const month = screen.getByLabelText('Month');
    await userEvent.clear(month);
    await userEvent.type(month, '2');
    expect(await screen.findByText('Day must be between 1 and 28')).toBeInTheDocument();
    expect(screen.queryByText('Month must be between 1 and 12')).toBeNull();
  });

  it('refuses hour 0, hour 13 and minute 60 on the 12-hour clock, focusing the hour', async () => {
    await openPage();
    await fillParts({ day: '7', month: '3', year: '1990', hour: '0', minute: '60', period: 'AM' });
    await submit();
    expect(await screen.findByText('Hour must be between 1 and 12')).toBeInTheDocument();
    expect(screen.getByLabelText('Minute')).toHaveAccessibleDescription('Minute must be between 0 and 59');
    await waitFor(() => expect(screen.getByLabelText('Hour')).toHaveFocus());

    await fillParts({ day: '7', month: '3', year: '1990', hour: '13', minute: '59' });
    await submit();
    expect(await screen.findByText('Hour must be between 1 and 12')).toBeInTheDocument();
    expect(screen.queryByText('Minute must be between 0 and 59')).toBeNull();
  });

  it('keeps only digits in the date and time inputs', async () => {
    await openPage();
    await userEvent.type(screen.getByLabelText('Year'), '19a9-0');
    expect(screen.getByLabelText('Year')).toHaveValue('1990');
  });

  it('refuses a birth date in the future', async () => {
    await openPage();
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await fillParts({
      day: String(tomorrow.getUTCDate()),
      month: String(tomorrow.getUTCMonth() + 1),
      year: String(tomorrow.getUTCFullYear()),
      hour: '9',
      minute: '30',
      period: 'AM',
    });
    await choosePlace();
    await submit();
    // On 31 December, tomorrow is already outside the year range.
    const expected =
      tomorrow.getUTCFullYear() > birthYearMax() ? `Year must be between 1900 and ${birthYearMax()}` : 'Birth date cannot be in the future';
    expect(await screen.findByText(expected)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Day')).toHaveFocus());
    expect(server().requestsTo('PUT', '/api/user/birth-details')).toHaveLength(0);
  });
});

describe('signup-data: birth place search', () => {
  it('chooses a place with the keyboard: type, ArrowDown, Enter', async () => {
    await openPage();
    const combobox = screen.getByRole('combobox', { name: 'Place of birth' });
    // A word no other test searches: the app's query cache keeps earlier answers.
    await userEvent.type(combobox, 'zuri');

    const listbox = await screen.findByRole('listbox', undefined, routeTimeout);
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual(['Zürich, Zurich, Switzerland']);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    expect(combobox).not.toHaveAttribute('aria-activedescendant');

    await userEvent.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');

    expect(combobox).toHaveValue('Zürich, Zurich, Switzerland');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('Zürich, Switzerland · Europe/Zurich')).toBeInTheDocument();
    await waitFor(() => expect(combobox).toHaveFocus());

    const searches = server().requestsTo('GET', '/api/locations');
    expect(searches.length).toBeGreaterThan(0);
    // Debounced: the typing sends one search for the whole word, not one per letter.
    expect(searches.map((request) => request.query.get('q'))).toEqual(['zuri']);
    expect(searches[0]?.query.get('limit')).toBe('8');
  });

  it('moves through the suggestions with ArrowDown and ArrowUp, wrapping at the ends', async () => {
    await openPage();
    const combobox = screen.getByRole('combobox', { name: 'Place of birth' });
    await userEvent.type(combobox, 'zu');
    const options = await screen.findAllByRole('option', undefined, routeTimeout);
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual(['Zürich, Zurich, Switzerland', 'Zürs, Vorarlberg, Austria']);

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(combobox).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await userEvent.keyboard('{Enter}');
    expect(combobox).toHaveValue('Zürs, Vorarlberg, Austria');
    expect(screen.getByText('Zürs, Austria · Europe/Vienna')).toBeInTheDocument();
  });

  it('asks for 2 characters before searching, and says when nothing is found', async () => {
    await openPage();
    const combobox = screen.getByRole('combobox', { name: 'Place of birth' });
    await userEvent.type(combobox, 'z');
    expect(await screen.findAllByText('Type at least 2 characters')).not.toHaveLength(0);

    await userEvent.type(combobox, 'qx');
    expect(await screen.findAllByText('No places found', undefined, routeTimeout)).not.toHaveLength(0);
    expect(server().requestsTo('GET', '/api/locations').map((request) => request.query.get('q'))).toEqual(['zqx']);
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the suggestions with Escape and keeps the typed text', async () => {
    await openPage();
    const combobox = screen.getByRole('combobox', { name: 'Place of birth' });
    await userEvent.type(combobox, 'zur');
    await screen.findByRole('listbox', undefined, routeTimeout);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveValue('zur');
  });

  it('chooses a place with the mouse', async () => {
    await openPage();
    await userEvent.type(screen.getByRole('combobox', { name: 'Place of birth' }), 'zür');
    await userEvent.click(await screen.findByRole('option', { name: 'Zürs, Vorarlberg, Austria' }, routeTimeout));
    expect(screen.getByText('Zürs, Austria · Europe/Vienna')).toBeInTheDocument();
  });

  it('forgets the chosen place when the text is edited again', async () => {
    await openPage();
    await choosePlace();
    const combobox = screen.getByRole('combobox', { name: 'Place of birth' });
    await userEvent.type(combobox, 'x');
    expect(screen.queryByText('Zürich, Switzerland · Europe/Zurich')).toBeNull();
    await fillParts({ day: '1', month: '1', year: '1990', hour: '1', minute: '0', period: 'AM' });
    await submit();
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    expect(combobox).toHaveAccessibleDescription('Field is required');
    await waitFor(() => expect(combobox).toHaveFocus());
  });
});

describe('signup-data: saving', () => {
  describe('after a sign-up for another page (an invitation link)', () => {
    const invitation = '/invitations/k3J9x2Qm7Vb1Lp0Zr5Tn8Wc4Ys6Hd2Fg3Aq9Ue1Io7P';

    afterEach(() => localStorage.removeItem('return_path_after_registration'));

    it('goes on to that page when the address is verified already', async () => {
      answerBirthDetails();
      rememberReturnPath(newUser.id, invitation);
      const { router } = await openPage();
      await fillParts({ day: '7', month: '3', year: '1990', hour: '2', minute: '5', period: 'PM' });
      await choosePlace();
      await submit();

      await waitFor(() => expect(router.state.location.pathname).toBe(invitation), routeTimeout);
      expect(takeReturnPathAfterRegistration({ ...newUser, signup_completed: true })).toBeNull();
    });

    it('goes to the dashboard while the address is not verified, and keeps the page for the verification link', async () => {
      const unverified = { ...newUser, email_verified: false };
      server().on('PUT', '/api/user/birth-details', () => ({ status: 200, body: { ...unverified, signup_completed: true } }));
      rememberReturnPath(newUser.id, invitation);
      const { router } = await openPage(unverified);
      await fillParts({ day: '7', month: '3', year: '1990', hour: '2', minute: '5', period: 'PM' });
      await choosePlace();
      await submit();

      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), routeTimeout);
      expect(takeReturnPathAfterRegistration({ ...unverified, email_verified: true, signup_completed: true })).toBe(invitation);
    });
  });

  it('sends yyyy-MM-dd and HH:mm:ss with 12 PM as 12:xx:00, then goes to the dashboard', async () => {
    const bodies: unknown[] = [];
    answerBirthDetails((body) => bodies.push(body));
    const { router } = await openPage();

    await fillParts({ day: '7', month: '3', year: '1990', hour: '12', minute: '5', period: 'PM' });
    await choosePlace();
    await submit();

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByText('Your birth details have been saved.', undefined, routeTimeout)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        birth_date: '1990-03-07',
        birth_time: '12:05:00',
        birth_city: 'Zürich',
        birth_country: 'Switzerland',
        country_code: 'CH',
        latitude: 47.36667,
        longitude: 8.55,
        timezone: 'Europe/Zurich',
      },
    ]);
  });

  it.each([
    { hour: '12', period: 'AM', sent: '00:45:00' },
    { hour: '1', period: 'AM', sent: '01:45:00' },
    { hour: '11', period: 'PM', sent: '23:45:00' },
  ] as const)('sends $hour:45 $period as $sent', async ({ hour, period, sent }) => {
    const bodies: { birth_time?: unknown }[] = [];
    answerBirthDetails((body) => bodies.push(body as { birth_time?: unknown }));
    await openPage();
    await fillParts({ day: '29', month: '2', year: '2000', hour, minute: '45', period });
    await choosePlace();
    await submit();
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout);
    expect(bodies).toEqual([expect.objectContaining({ birth_date: '2000-02-29', birth_time: sent })]);
  });

  it("sends birth_time null when the birth time is unknown, with the time inputs disabled", async () => {
    const bodies: { birth_time?: unknown; birth_date?: unknown }[] = [];
    answerBirthDetails((body) => bodies.push(body as { birth_time?: unknown }));
    await openPage();

    await userEvent.click(screen.getByRole('checkbox', { name: "I don't know my birth time" }));
    expect(screen.getByLabelText('Hour')).toBeDisabled();
    expect(screen.getByLabelText('Minute')).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'AM' })).toBeDisabled();

    await fillParts({ day: '15', month: '8', year: '1985' });
    await choosePlace();
    await submit();
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout);
    expect(bodies).toEqual([expect.objectContaining({ birth_date: '1985-08-15', birth_time: null })]);
  });

  it("shows the server's 422 field errors under their fields", async () => {
    server().on('PUT', '/api/user/birth-details', () => ({
      status: 422,
      body: {
        message: 'The provided data is invalid. Please check your input and try again.',
        errors: { birth_time: ['Must be a time as HH:mm:ss'], timezone: ['Must be a valid time zone'] },
      },
    }));
    const { router } = await openPage();
    await fillParts({ day: '7', month: '3', year: '1990', hour: '8', minute: '15', period: 'AM' });
    await choosePlace();
    await submit();

    expect(await screen.findByText('Must be a time as HH:mm:ss')).toBeInTheDocument();
    expect(screen.getByLabelText('Hour')).toHaveAccessibleDescription('Must be a time as HH:mm:ss');
    const combobox = screen.getByRole('combobox', { name: 'Place of birth' });
    expect(combobox).toHaveAccessibleDescription(expect.stringContaining('Must be a valid time zone'));
    await waitFor(() => expect(screen.getByLabelText('Hour')).toHaveFocus());
    expect(router.state.location.pathname).toBe('/signup-data');
  });

  it('shows a failure that no field explains above the form', async () => {
    server().on('PUT', '/api/user/birth-details', () => ({ status: 503, body: { message: 'down', code: 'service_unavailable' } }));
    await openPage();
    await fillParts({ day: '7', month: '3', year: '1990', hour: '8', minute: '15', period: 'AM' });
    await choosePlace();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is temporarily unavailable. Please try again in a few minutes.');
  });

  it('prefills saved birth details so the page edits them', async () => {
    const bodies: unknown[] = [];
    answerBirthDetails((body) => bodies.push(body));
    await openPage(accountFixture({ birth_details: birthDetailsFixture({ birth_date: '1988-11-02', birth_time: '00:30:00' }) }));

    expect(screen.getByLabelText('Day')).toHaveValue('2');
    expect(screen.getByLabelText('Month')).toHaveValue('11');
    expect(screen.getByLabelText('Year')).toHaveValue('1988');
    expect(screen.getByLabelText('Hour')).toHaveValue('12');
    expect(screen.getByLabelText('Minute')).toHaveValue('30');
    expect(screen.getByRole('radio', { name: 'AM' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Place of birth' })).toHaveValue('Zürich, Switzerland');
    expect(screen.getByText('Zürich, Switzerland · Europe/Zurich')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, routeTimeout);
    expect(bodies).toEqual([expect.objectContaining({ birth_date: '1988-11-02', birth_time: '00:30:00', timezone: 'Europe/Zurich' })]);
  });

  it('sends a logged-out visitor to the login page', async () => {
    const { router } = renderRoute('/signup-data');
    await screen.findByRole('heading', { name: 'Log in to your account' }, routeTimeout);
    expect(router.state.location.pathname).toBe('/login');
  });
});
