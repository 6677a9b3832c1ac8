/**
 * "Use my token": off by default and while rendering on the server; on, the samples get the
 * reader's API base and access token (and the new one after Amplify refreshes it); every switch of the page
 * follows one choice, kept for the tab; sign-out turns it off. The session is read only once it is on.
 */
import React from 'react';
import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockSiteConfig } from '../../../../tests/unit/mocks/useDocusaurusContext';
import { parseRequestSample, toCurl } from '@site/rules/apiSample';
import { useApiToken } from '@site/src/components/ApiToken';
import { clearUseMyToken, UseMyTokenSwitch, WithSampleCredentials } from '..';
import { USE_MY_TOKEN_KEY } from '../store';
import { signedOut } from '@site/rules/signOut';

jest.mock('@site/src/components/ApiToken', () => ({ useApiToken: jest.fn() }));

const sample = parseRequestSample('GET /sectors');

function Sample() {
  return (
    <>
      <UseMyTokenSwitch />
      <WithSampleCredentials>
        {(credentials) => <pre data-testid="curl">{toCurl(sample, credentials ?? undefined)}</pre>}
      </WithSampleCredentials>
    </>
  );
}

beforeEach(() => {
  mockSiteConfig.customFields = { apiBase: 'http://localhost:4010/api/v1/customer' };
  jest.mocked(useApiToken).mockReset().mockReturnValue('token-A');
  act(() => clearUseMyToken());
});

test('is off by default, and the server-rendered HTML holds no token even when it is on', () => {
  render(<Sample />);
  expect(screen.getByRole('switch', { name: 'Use my token' })).not.toBeChecked();
  expect(screen.getByTestId('curl')).toHaveTextContent('$TOKEN');
  expect(useApiToken).not.toHaveBeenCalled();
  window.sessionStorage.setItem(USE_MY_TOKEN_KEY, '1');
  expect(renderToString(<Sample />)).not.toContain('token-A');
});

test('on, every sample of the page holds the base URL and token; a refreshed token replaces it', async () => {
  const page = () => (
    <>
      <Sample />
      <Sample />
    </>
  );
  const { rerender } = render(page());
  await userEvent.click(screen.getAllByRole('switch', { name: 'Use my token' })[0]);
  for (const toggle of screen.getAllByRole('switch')) expect(toggle).toBeChecked();
  for (const curl of screen.getAllByTestId('curl')) {
    expect(curl).toHaveTextContent(
      "curl -sS --fail-with-body http://localhost:4010/api/v1/customer/sectors \\ --header 'Authorization: Bearer token-A'",
    );
  }
  // useApiToken renders again with the new token on Amplify's tokenRefresh (src/components/ApiToken).
  jest.mocked(useApiToken).mockReturnValue('token-B');
  rerender(page());
  expect(screen.getAllByTestId('curl')[0]).toHaveTextContent('Bearer token-B');
  expect(window.sessionStorage.getItem(USE_MY_TOKEN_KEY)).toBe('1');
});

test('shows the placeholders until the token is known, and sign-out turns the switch off', async () => {
  jest.mocked(useApiToken).mockReturnValue(null);
  render(<Sample />);
  await userEvent.click(screen.getByRole('switch', { name: 'Use my token' }));
  expect(screen.getByTestId('curl')).toHaveTextContent('$TOKEN');
  act(() => signedOut({ customFields: mockSiteConfig.customFields }));
  expect(screen.getByRole('switch')).not.toBeChecked();
  expect(window.sessionStorage.getItem(USE_MY_TOKEN_KEY)).toBeNull();
});
