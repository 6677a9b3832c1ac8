import { useEffect } from 'react';
import { useTypedDispatch, useTypedSelector } from '@theme/ApiItem/hooks';
import { setAuthData } from '@theme/ApiExplorer/Authorization/slice';
import { useApiToken } from './index';
import { bearerSchemesOfOptions } from '../../../rules/bearerSchemes';

/**
 * Puts the signed-in user's access token into the explorer's bearer field(s) of the current API page,
 * and again whenever Amplify refreshes it. A token the user typed stays until the next
 * refresh or sign-in. Must run inside the theme's ApiItem store (e.g. in the Authorization wrapper).
 */
export function useSyncBearerToken(): void {
  const token = useApiToken();
  const options = useTypedSelector((state) => state.auth.options);
  const dispatch = useTypedDispatch();
  const schemes = bearerSchemesOfOptions(options).join(' ');
  useEffect(() => {
    if (!schemes) return;
    for (const scheme of schemes.split(' ')) {
      dispatch(setAuthData({ scheme, key: 'token', value: token ?? undefined }));
    }
  }, [token, schemes, dispatch]);
}
