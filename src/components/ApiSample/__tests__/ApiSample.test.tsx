/**
 * <ApiSample>: one request in five tabs; Java and Go arrive with their generator when their tab renders
 * (the theme's Tabs stand-in renders every tab), reading the environment, or the reader's own base and
 * token with "Use my token" on.
 */
import React from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockSiteConfig } from '../../../../tests/unit/mocks/useDocusaurusContext';
import { useApiToken } from '@site/src/components/ApiToken';
import { clearUseMyToken } from '@site/src/components/UseMyToken';
import ApiSample from '..';

jest.mock('@site/src/components/ApiToken', () => ({ useApiToken: jest.fn() }));

beforeEach(() => {
  mockSiteConfig.customFields = { apiBase: 'http://localhost:4010/api/v1/customer' };
  jest.mocked(useApiToken).mockReset().mockReturnValue('token-A');
  act(() => clearUseMyToken());
});

test('shows the request in curl, Python, TypeScript, Java and Go', async () => {
  const { container } = render(<ApiSample>{'GET /sectors'}</ApiSample>);
  expect(container).toHaveTextContent('curl -sS --fail-with-body "$API_BASE/sectors"');
  expect(container).toHaveTextContent('requests.get(');
  expect(container).toHaveTextContent('await fetch(');
  expect(await screen.findByText(/public class ApiSample/)).toHaveTextContent(
    'java.net.URI.create(System.getenv("API_BASE") + "/sectors")',
  );
  expect(await screen.findByText(/package main/)).toHaveTextContent('os.Getenv("API_BASE") + "/sectors"');
});

test('with "Use my token" on, Java and Go hold the reader\'s base URL and token', async () => {
  render(<ApiSample>{'GET /sectors'}</ApiSample>);
  await userEvent.click(screen.getByRole('switch', { name: 'Use my token' }));
  expect(await screen.findByText(/public class ApiSample/)).toHaveTextContent(
    '.header("Authorization", "Bearer token-A")',
  );
  expect(await screen.findByText(/package main/)).toHaveTextContent(
    'requestUrl := "http://localhost:4010/api/v1/customer/sectors"',
  );
});
