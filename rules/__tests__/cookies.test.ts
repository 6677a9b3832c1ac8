/**
 * @jest-environment node
 */
import { tokensFromCookies } from '../cookies';

describe('tokensFromCookies', () => {
  const prefix = 'CognitoIdentityServiceProvider.client1';
  it('finds the last user’s tokens under the names js-cookie writes (percent-encoded)', () => {
    expect(
      tokensFromCookies(
        {
          [`${prefix}.LastAuthUser`]: 'demo@example.com',
          [`${prefix}.demo%40example.com.accessToken`]: 'A',
          [`${prefix}.demo%40example.com.refreshToken`]: 'R',
          [`${prefix}.other%40example.com.accessToken`]: 'X',
        },
        'client1',
      ),
    ).toEqual({ username: 'demo@example.com', accessToken: 'A', idToken: undefined, refreshToken: 'R' });
  });

  it('finds nothing for another app client or without LastAuthUser', () => {
    expect(tokensFromCookies({ [`${prefix}.LastAuthUser`]: 'demo' }, 'client2')).toBeNull();
    expect(tokensFromCookies({ [`${prefix}.demo.accessToken`]: 'A' }, 'client1')).toBeNull();
  });
});
