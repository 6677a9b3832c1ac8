/**
 * The explorer's stored bearer tokens go on sign-out: every bearer scheme of the site's custom fields,
 * nothing else of the tab's storage.
 */
import { signedOut } from '@site/rules/signOut';
import { clearStoredBearerTokens } from '../storedTokens';

beforeEach(() => sessionStorage.clear());

test('a sign-out removes the token stored under each bearer scheme, and only those', () => {
  sessionStorage.setItem('bearerAuth', JSON.stringify({ token: 'token-A' }));
  sessionStorage.setItem('otherBearer', JSON.stringify({ token: 'token-B' }));
  sessionStorage.setItem('server', '{}');
  signedOut({ customFields: { apiBearerSchemes: ['bearerAuth', 'otherBearer'] } });
  expect(sessionStorage.getItem('bearerAuth')).toBeNull();
  expect(sessionStorage.getItem('otherBearer')).toBeNull();
  expect(sessionStorage.getItem('server')).toBe('{}');
});

test('a site without bearer schemes, or without storage, signs out all the same', () => {
  expect(() => signedOut({ customFields: {} })).not.toThrow();
  const removeItem = jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
    throw new Error('SecurityError');
  });
  expect(() => clearStoredBearerTokens(['bearerAuth'])).not.toThrow();
  removeItem.mockRestore();
});
