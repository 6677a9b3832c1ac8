import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { useAuthenticator } from '@aws-amplify/ui-react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { mockSiteConfig } from '@site/tests/unit/mocks/useDocusaurusContext';
import ApiTokenProvider, { useApiToken } from '..';

jest.mock('@aws-amplify/ui-react', () => ({ useAuthenticator: jest.fn() }));
jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn() }));
jest.mock('aws-amplify/utils', () => ({ Hub: { listen: jest.fn() } }));

type HubCallback = (capsule: { payload: { event: string } }) => void;

const session = (token: string) =>
  ({ tokens: { accessToken: { toString: () => token } } }) as unknown as Awaited<ReturnType<typeof fetchAuthSession>>;
const setStatus = (authStatus: 'authenticated' | 'unauthenticated') =>
  jest.mocked(useAuthenticator).mockReturnValue({ authStatus } as ReturnType<typeof useAuthenticator>);

function ShowToken() {
  return <output>{useApiToken() ?? 'no token'}</output>;
}

const renderProvider = () =>
  render(
    <ApiTokenProvider>
      <ShowToken />
    </ApiTokenProvider>,
  );

let hubListener: HubCallback | undefined;
const stopListening = jest.fn();

beforeEach(() => {
  sessionStorage.clear();
  jest.mocked(fetchAuthSession).mockReset();
  stopListening.mockClear();
  mockSiteConfig.customFields = { apiBearerSchemes: ['bearerAuth'] };
  jest.mocked(Hub.listen).mockImplementation(((_channel: string, callback: HubCallback) => {
    hubListener = callback;
    return stopListening;
  }) as unknown as typeof Hub.listen);
});

describe('ApiTokenProvider (issue #3)', () => {
  it('provides the access token after sign-in and stores it for the explorer', async () => {
    setStatus('authenticated');
    jest.mocked(fetchAuthSession).mockResolvedValue(session('token-A'));
    renderProvider();
    expect(await screen.findByText('token-A')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('bearerAuth')!)).toEqual({ token: 'token-A' });
  });

  it("takes the new token on Amplify's tokenRefresh event", async () => {
    setStatus('authenticated');
    jest.mocked(fetchAuthSession).mockResolvedValueOnce(session('token-A')).mockResolvedValueOnce(session('token-B'));
    renderProvider();
    await screen.findByText('token-A');
    await act(async () => hubListener!({ payload: { event: 'tokenRefresh' } }));
    expect(await screen.findByText('token-B')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('bearerAuth')!)).toEqual({ token: 'token-B' });
  });

  it('ignores other Hub events', async () => {
    setStatus('authenticated');
    jest.mocked(fetchAuthSession).mockResolvedValueOnce(session('token-A')).mockResolvedValueOnce(session('token-B'));
    renderProvider();
    await screen.findByText('token-A');
    await act(async () => hubListener!({ payload: { event: 'customOAuthState' } }));
    expect(screen.getByText('token-A')).toBeInTheDocument();
  });

  it('drops the token and clears the storage on sign-out', async () => {
    setStatus('authenticated');
    jest.mocked(fetchAuthSession).mockResolvedValue(session('token-A'));
    const { rerender } = renderProvider();
    await screen.findByText('token-A');
    setStatus('unauthenticated');
    rerender(
      <ApiTokenProvider>
        <ShowToken />
      </ApiTokenProvider>,
    );
    expect(await screen.findByText('no token')).toBeInTheDocument();
    expect(sessionStorage.getItem('bearerAuth')).toBeNull();
    expect(stopListening).toHaveBeenCalled();
  });
});
