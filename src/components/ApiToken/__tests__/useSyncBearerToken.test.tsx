import React from 'react';
import { render } from '@testing-library/react';
import { useTypedDispatch } from '@theme/ApiItem/hooks';
import { useApiToken } from '..';
import { useSyncBearerToken } from '../useSyncBearerToken';

jest.mock('..', () => ({ useApiToken: jest.fn() }));
jest.mock('@theme/ApiItem/hooks', () => ({
  useTypedDispatch: jest.fn(),
  useTypedSelector: (select: (state: unknown) => unknown) =>
    select({ auth: { options: { bearerAuth: [{ key: 'bearerAuth', type: 'http', scheme: 'bearer' }] }, data: {} } }),
}));
jest.mock('@theme/ApiExplorer/Authorization/slice', () => ({
  setAuthData: (payload: unknown) => ({ type: 'auth/setAuthData', payload }),
}));

function Explorer() {
  useSyncBearerToken();
  return null;
}

describe('useSyncBearerToken', () => {
  const dispatch = jest.fn();
  beforeEach(() => {
    dispatch.mockReset();
    jest.mocked(useTypedDispatch).mockReturnValue(dispatch);
  });

  it("fills the bearer field with the user's token, and again when the token changes", () => {
    jest.mocked(useApiToken).mockReturnValue('token-A');
    const { rerender } = render(<Explorer />);
    expect(dispatch).toHaveBeenLastCalledWith({
      type: 'auth/setAuthData',
      payload: { scheme: 'bearerAuth', key: 'token', value: 'token-A' },
    });
    jest.mocked(useApiToken).mockReturnValue('token-B');
    rerender(<Explorer />);
    expect(dispatch).toHaveBeenLastCalledWith({
      type: 'auth/setAuthData',
      payload: { scheme: 'bearerAuth', key: 'token', value: 'token-B' },
    });
  });

  it('does not overwrite the field again while the token stays the same', () => {
    jest.mocked(useApiToken).mockReturnValue('token-A');
    const { rerender } = render(<Explorer />);
    rerender(<Explorer />);
    expect(dispatch).toHaveBeenCalledTimes(1);
  });

  it('empties the field when signed out', () => {
    jest.mocked(useApiToken).mockReturnValue(null);
    render(<Explorer />);
    expect(dispatch).toHaveBeenCalledWith({
      type: 'auth/setAuthData',
      payload: { scheme: 'bearerAuth', key: 'token', value: undefined },
    });
  });
});
