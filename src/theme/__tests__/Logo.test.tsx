import React from 'react';
import { render, screen } from '@testing-library/react';
import { usePortalAuth } from '@site/src/components/AuthProvider';
import { portalAuth } from '@site/tests/unit/mocks/portalAuth';
import Logo from '../Logo';

jest.mock('@site/src/components/AuthProvider', () => ({ usePortalAuth: jest.fn() }));

const mockAuthStatus = (authStatus: 'authenticated' | 'unauthenticated') =>
  jest.mocked(usePortalAuth).mockReturnValue(portalAuth(authStatus));
const propsPassed = () => JSON.parse(screen.getByTestId('theme-original').dataset.props ?? '{}');

describe('Logo wrapper', () => {
  it('links home with a plain page load while anonymous, so no route chunk is prefetched', () => {
    mockAuthStatus('unauthenticated');
    render(<Logo className="navbar__brand" />);
    expect(propsPassed()).toEqual({ className: 'navbar__brand', to: 'pathname:///' });
  });

  it('keeps the theme link once signed in', () => {
    mockAuthStatus('authenticated');
    render(<Logo className="navbar__brand" />);
    expect(propsPassed()).toEqual({ className: 'navbar__brand' });
  });
});
