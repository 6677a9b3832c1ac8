/**
 * A `PortalAuth` value (src/components/AuthProvider) for component tests that mock `usePortalAuth`:
 * local-mode settings, product "RegData", and the session state the test names.
 */
import { parseEnv } from '@site/config/env';
import type { PortalAuth } from '@site/src/components/AuthProvider';
import type { AuthStatus } from '@site/src/components/AuthProvider/authStatus';

export function portalAuth(authStatus: AuthStatus, overrides: Partial<PortalAuth> = {}): PortalAuth {
  return {
    settings: parseEnv({}).auth,
    productName: 'RegData',
    authStatus,
    signedIn: authStatus === 'authenticated',
    completeSignIn: jest.fn(),
    ssoError: null,
    clearSsoError: jest.fn(),
    ...overrides,
  };
}
