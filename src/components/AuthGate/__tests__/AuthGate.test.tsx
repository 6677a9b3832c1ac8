import React from 'react';
import { render, screen } from '@testing-library/react';
import { usePortalAuth } from '@site/src/components/AuthProvider';
import type { AuthStatus } from '@site/src/components/AuthProvider/authStatus';
import { mockIsBrowser } from '@site/tests/unit/mocks/useIsBrowser';
import { portalAuth } from '@site/tests/unit/mocks/portalAuth';
import AuthGate from '..';
import { VERIFIED_META } from '@site/rules/verifiedMark';

jest.mock('@site/src/components/AuthProvider', () => ({ usePortalAuth: jest.fn() }));

const mockSession = (authStatus: AuthStatus, signedIn = authStatus === 'authenticated') =>
  jest.mocked(usePortalAuth).mockReturnValue(portalAuth(authStatus, { signedIn }));

function renderGate() {
  return render(
    <AuthGate signIn={<form aria-label="Sign in form" />}>
      <article>Regulatory document schema</article>
    </AuthGate>,
  );
}

beforeEach(() => {
  mockIsBrowser.value = true;
});

describe('AuthGate (spec §2.3, §6)', () => {
  it('shows only the sign-in form to an anonymous visitor', () => {
    mockSession('unauthenticated');
    renderGate();
    expect(screen.getByRole('form', { name: 'Sign in form' })).toBeInTheDocument();
    expect(screen.queryByText('Regulatory document schema')).not.toBeInTheDocument();
  });

  it('shows the page to a signed-in visitor', () => {
    mockSession('authenticated');
    renderGate();
    expect(screen.getByText('Regulatory document schema')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Sign in form' })).not.toBeInTheDocument();
  });

  it('keeps the sign-in form while it still has a post-sign-in step to show (spec §4)', () => {
    mockSession('authenticated', false);
    renderGate();
    expect(screen.getByRole('form', { name: 'Sign in form' })).toBeInTheDocument();
    expect(screen.queryByText('Regulatory document schema')).not.toBeInTheDocument();
  });

  it('shows nothing of the page while Amplify is still reading the stored session', () => {
    mockSession('configuring');
    renderGate();
    expect(screen.getByText('Regulatory document schema')).not.toBeVisible();
    expect(screen.queryByRole('form', { name: 'Sign in form' })).not.toBeInTheDocument();
  });

  it('renders the page text hidden during static rendering, so the build and search index hold it', () => {
    mockIsBrowser.value = false;
    mockSession('unauthenticated');
    renderGate();
    expect(screen.getByText('Regulatory document schema')).not.toBeVisible();
    expect(screen.queryByRole('form', { name: 'Sign in form' })).not.toBeInTheDocument();
  });

  it('replaces a page the gate marked as verified with the sign-in form once the session is found over', () => {
    document.head.innerHTML = VERIFIED_META;
    mockSession('unauthenticated');
    renderGate();
    expect(screen.getByRole('form', { name: 'Sign in form' })).toBeInTheDocument();
    expect(screen.queryByText('Regulatory document schema')).not.toBeInTheDocument();
    document.head.innerHTML = '';
  });
});
