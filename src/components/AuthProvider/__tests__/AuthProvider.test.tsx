import React from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { parseEnv } from '@site/config/env';
import { mockSiteConfig } from '@site/tests/unit/mocks/useDocusaurusContext';
import AuthProvider, { CONFIG_ERROR_TEXT, usePortalAuth } from '..';
import type { AuthStatus } from '../authStatus';
import { loadSession, sessionWanted, type Session } from '../loadSession';
import { VERIFIED_META } from '@site/rules/verifiedMark';
import { onSignOut } from '@site/rules/signOut';

jest.mock('../loadSession', () => ({ loadSession: jest.fn(), sessionWanted: jest.fn() }));

let report: (status: AuthStatus) => void = () => undefined;
const stopFollowing = jest.fn();
const followSession = jest.fn((_settings: unknown, onStatus: (status: AuthStatus) => void) => {
  report = onStatus;
  return stopFollowing;
});

function ShowSession() {
  const { authStatus, signedIn, completeSignIn } = usePortalAuth();
  return (
    <>
      <output>{`${authStatus} ${signedIn ? 'open' : 'closed'}`}</output>
      <button type="button" onClick={completeSignIn}>
        done
      </button>
    </>
  );
}

const renderProvider = () =>
  render(
    <AuthProvider>
      <ShowSession />
    </AuthProvider>,
  );

beforeEach(() => {
  followSession.mockClear();
  sessionStorage.clear();
  jest
    .mocked(loadSession)
    .mockReset()
    .mockResolvedValue({ followSession } as unknown as Session);
  jest.mocked(sessionWanted).mockReturnValue(new Promise(() => undefined));
  mockSiteConfig.customFields = { auth: parseEnv({}).auth, productName: 'RegData', apiBearerSchemes: ['bearerAuth'] };
});

describe('AuthProvider (spec §2.3, §4)', () => {
  it('shows the spec §8.2 configuration error instead of the site when the user pool is missing', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockSiteConfig.customFields = { productName: 'RegData' };
    render(
      <AuthProvider>
        <p>Site content</p>
      </AuthProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(CONFIG_ERROR_TEXT);
    expect(screen.queryByText('Site content')).not.toBeInTheDocument();
    expect(loadSession).not.toHaveBeenCalled();
  });

  it('follows the session for the configured user pool, starting closed', async () => {
    renderProvider();
    expect(screen.getByRole('status')).toHaveTextContent('configuring closed');
    await waitFor(() => expect(followSession).toHaveBeenCalled());
    expect(followSession.mock.calls[0][0]).toMatchObject({ userPoolId: 'us-east-1_LocalDev1' });
    act(() => report('authenticated'));
    expect(screen.getByRole('status')).toHaveTextContent('authenticated open');
  });

  it('keeps the gate closed after a sign-in until the sign-in form says it is done', async () => {
    renderProvider();
    await waitFor(() => expect(followSession).toHaveBeenCalled());
    act(() => report('unauthenticated'));
    act(() => report('authenticated'));
    expect(screen.getByRole('status')).toHaveTextContent('authenticated closed');
    act(() => screen.getByRole('button', { name: 'done' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('authenticated open');
  });

  it('announces the sign-out, with the site’s custom fields, when the session ends', async () => {
    const listener = jest.fn();
    const unsubscribe = onSignOut(listener);
    renderProvider();
    await waitFor(() => expect(followSession).toHaveBeenCalled());
    act(() => report('authenticated'));
    expect(listener).not.toHaveBeenCalled();
    act(() => report('unauthenticated'));
    expect(listener).toHaveBeenCalledWith({ customFields: mockSiteConfig.customFields });
    unsubscribe();
  });

  it('shows the sign-in form when the sign-in code cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.mocked(loadSession).mockRejectedValue(new Error('ChunkLoadError'));
    renderProvider();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('unauthenticated closed'));
  });

  describe('on a page the gate verified', () => {
    beforeEach(() => (document.head.innerHTML = VERIFIED_META));
    afterEach(() => (document.head.innerHTML = ''));

    it('opens at once and loads Amplify only when something needs it', async () => {
      jest.useFakeTimers();
      document.cookie = `CognitoIdentityServiceProvider.portallocalappclient000001.LastAuthUser=demo`;
      document.cookie = `CognitoIdentityServiceProvider.portallocalappclient000001.demo.accessToken=e30.${btoa(
        JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }),
      )}.sig`;
      renderProvider();
      expect(screen.getByRole('status')).toHaveTextContent('configuring open');
      expect(loadSession).not.toHaveBeenCalled();
      // Just before the access token expires, the session is loaded to renew it.
      act(() => jest.advanceTimersByTime(3600_000 - 2000));
      expect(loadSession).toHaveBeenCalledTimes(1);
      jest.useRealTimers();
    });

    it('closes when Amplify finds the session over', async () => {
      let resolve: (session: Session) => void = () => undefined;
      jest.mocked(sessionWanted).mockReturnValue(new Promise((done) => (resolve = done)));
      renderProvider();
      expect(screen.getByRole('status')).toHaveTextContent('configuring open');
      await act(async () => resolve({ followSession } as unknown as Session));
      act(() => report('unauthenticated'));
      expect(screen.getByRole('status')).toHaveTextContent('unauthenticated closed');
    });
  });
});
