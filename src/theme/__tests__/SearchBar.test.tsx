import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { watchEmptySearches } from '@site/src/insights/emptySearches';
import { usePortalAuth } from '@site/src/components/AuthProvider';
import { portalAuth } from '@site/tests/unit/mocks/portalAuth';
import SearchBar from '../SearchBar';

jest.mock('@site/src/components/AuthProvider', () => ({ usePortalAuth: jest.fn() }));
jest.mock('@site/src/insights/emptySearches', () => ({ watchEmptySearches: jest.fn(() => () => undefined) }));

const mockAuthStatus = (authStatus: 'configuring' | 'authenticated' | 'unauthenticated') =>
  jest.mocked(usePortalAuth).mockReturnValue(portalAuth(authStatus));

describe('SearchBar wrapper (spec §2.2)', () => {
  it('signed out: the field is shown, disabled, and says to sign in; reaching for it loads nothing', () => {
    mockAuthStatus('unauthenticated');
    const { container } = render(<SearchBar />);
    const field = screen.getByRole('textbox', { name: 'Search' });
    expect(field).toBeDisabled();
    expect(field).toHaveAttribute('placeholder', 'Sign in to search');
    fireEvent.pointerEnter(field);
    fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
    expect(container.querySelector('[data-on-demand]')).toBeNull();
  });

  it.each(['configuring', 'authenticated'] as const)(
    '%s: the usable field, which loads the search bar when reached for',
    (status) => {
      mockAuthStatus(status);
      const { container } = render(<SearchBar />);
      const field = screen.getByRole('textbox', { name: 'Search' });
      expect(field).toBeEnabled();
      expect(field).toHaveAttribute('placeholder', 'Search');
      expect(container.querySelector('[data-on-demand="waiting"]')).not.toBeNull();
    },
  );
});

describe('the watcher of searches that find nothing', () => {
  beforeEach(() => jest.mocked(watchEmptySearches).mockClear());

  it('loads with the search bar, when a signed-in reader reaches for the field, not with the page', async () => {
    mockAuthStatus('authenticated');
    render(<SearchBar />);
    await act(async () => {});
    expect(watchEmptySearches).not.toHaveBeenCalled();
    fireEvent.pointerEnter(screen.getByRole('textbox', { name: 'Search' }));
    await screen.findByTestId('theme-original');
    await act(async () => {});
    expect(watchEmptySearches).toHaveBeenCalledTimes(1);
  });

  it('does not watch while the session is still being read', async () => {
    mockAuthStatus('configuring');
    render(<SearchBar />);
    fireEvent.pointerEnter(screen.getByRole('textbox', { name: 'Search' }));
    await screen.findByTestId('theme-original');
    await act(async () => {});
    expect(watchEmptySearches).not.toHaveBeenCalled();
  });
});
