import React from 'react';
import { render, screen } from '@testing-library/react';
import { useAuthenticator } from '@aws-amplify/ui-react';
import { mockIsBrowser } from '@site/tests/unit/mocks/useIsBrowser';
import AuthGate from '..';

jest.mock('@aws-amplify/ui-react', () => ({ useAuthenticator: jest.fn() }));

const mockAuthStatus = (authStatus: 'configuring' | 'authenticated' | 'unauthenticated', route = 'idle') =>
  jest.mocked(useAuthenticator).mockReturnValue({ authStatus, route } as ReturnType<typeof useAuthenticator>);

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
    mockAuthStatus('unauthenticated');
    renderGate();
    expect(screen.getByRole('form', { name: 'Sign in form' })).toBeInTheDocument();
    expect(screen.queryByText('Regulatory document schema')).not.toBeInTheDocument();
  });

  it('shows the page to a signed-in visitor', () => {
    mockAuthStatus('authenticated');
    renderGate();
    expect(screen.getByText('Regulatory document schema')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Sign in form' })).not.toBeInTheDocument();
  });

  it.each(['verifyUser', 'confirmVerifyUser'])(
    'keeps the sign-in form for the %s step that follows sign-in (spec §4)',
    (route) => {
      mockAuthStatus('authenticated', route);
      renderGate();
      expect(screen.getByRole('form', { name: 'Sign in form' })).toBeInTheDocument();
      expect(screen.queryByText('Regulatory document schema')).not.toBeInTheDocument();
    },
  );

  it('shows nothing of the page while Amplify is still reading the stored session', () => {
    mockAuthStatus('configuring');
    renderGate();
    expect(screen.getByText('Regulatory document schema')).not.toBeVisible();
    expect(screen.queryByRole('form', { name: 'Sign in form' })).not.toBeInTheDocument();
  });

  it('renders the page text hidden during static rendering, so the build and search index hold it', () => {
    mockIsBrowser.value = false;
    mockAuthStatus('unauthenticated');
    renderGate();
    expect(screen.getByText('Regulatory document schema')).not.toBeVisible();
    expect(screen.queryByRole('form', { name: 'Sign in form' })).not.toBeInTheDocument();
  });
});
