import React from 'react';
import { render, screen } from '@testing-library/react';
import { mockIsBrowser } from '@site/tests/unit/mocks/useIsBrowser';
import DescriptionDownload from '..';

afterEach(() => {
  mockIsBrowser.value = true;
});

it('links the description as files to save, not pages to open', () => {
  render(<DescriptionDownload />);
  expect(screen.getByRole('link', { name: 'openapi.json' })).toHaveAttribute('download', 'openapi.json');
  expect(screen.getByRole('link', { name: 'openapi.json' })).toHaveAttribute('href', '/api/v1/openapi.json');
  expect(screen.getByRole('link', { name: 'openapi.yaml' })).toHaveAttribute('download', 'openapi.yaml');
  expect(screen.getByRole('link', { name: 'openapi.yaml' })).not.toHaveAttribute('target');
});

it("gives the curl this portal's own origin in the browser, and a placeholder in the HTML rendered without one", () => {
  const { unmount } = render(<DescriptionDownload>Words of the template.</DescriptionDownload>);
  expect(screen.getByText('Words of the template.')).toBeInTheDocument();
  expect(screen.getByTestId('theme-original')).toHaveTextContent(
    `curl -H "Authorization: Bearer $TOKEN" "${window.location.origin}/api/v1/openapi.json"`,
  );
  unmount();
  mockIsBrowser.value = false;
  render(<DescriptionDownload />);
  expect(screen.getByTestId('theme-original')).toHaveTextContent('"https://<portal host>/api/v1/openapi.json"');
});
