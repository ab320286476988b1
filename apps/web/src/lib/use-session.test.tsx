import { act, render, screen } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { completeUser } from '../../test/account-fixture.ts';
import { setUpLocalApiServer } from '../../test/local-api-server-setup.ts';
import { createHttpClient } from './http-client.ts';
import { t } from './i18n.ts';
import { createSessionStore, isLoggedIn, type SessionStore } from './session-store.ts';
import { createTokenStorage } from './token-storage.ts';
import { useSession } from './use-session.ts';

const server = setUpLocalApiServer();
let store: SessionStore;

function SessionBadge({ label }: { label: string }) {
  const session = useSession(store);
  return <p>{`${label}: ${isLoggedIn(session) ? `logged in as ${session.user?.name ?? ''}` : session.status}`}</p>;
}

beforeEach(() => {
  localStorage.clear();
  const tokens = createTokenStorage(localStorage);
  const http = createHttpClient({ baseUrl: server().url, tokens, translate: t, readCookie: () => 'xsrf' });
  store = createSessionStore({ http, tokens });
});

it('re-renders every reader of the session when the user logs in and out', async () => {
  server().on('POST', '/api/login', () => ({
    status: 200,
    body: {
      access_token: 'token',
      refresh_token: 'refresh',
      expires_at: 1_900_000_000,
      account: completeUser,
    },
  }));
  server().on('POST', '/api/logout', () => ({ status: 204 }));
  render(
    <>
      <SessionBadge label="header" />
      <SessionBadge label="sidebar" />
    </>,
  );
  expect(screen.getByText('header: restoring')).toBeInTheDocument();

  await act(() => store.login({ email: 'ada@example.com', password: 'x' }));

  expect(screen.getByText('header: logged in as Ada Lovelace')).toBeInTheDocument();
  expect(screen.getByText('sidebar: logged in as Ada Lovelace')).toBeInTheDocument();

  await act(() => store.logout());

  expect(screen.getByText('header: ready')).toBeInTheDocument();
  expect(screen.getByText('sidebar: ready')).toBeInTheDocument();
});
