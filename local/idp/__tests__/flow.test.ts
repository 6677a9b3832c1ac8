/**
 * @jest-environment node
 *
 * The local IdP signs the seeded person in through a real authorization code flow reached by the
 * browser's navigations, keeps a wrong password on its login page with its error, and refuses another
 * site's page. oidc-provider is ESM only, so the flow runs in a tsx
 * child process (./flow.ts).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

it('discovery, login page, wrong password, code, tokens with the person’s email; a rebound Host gets 421; another site 403', () => {
  const output = execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'flow.ts')], {
    cwd: path.resolve(__dirname, '../../..'),
    encoding: 'utf8',
    timeout: 60_000,
  });
  const seen = JSON.parse(output.trim().split('\n').at(-1)!);
  expect(seen).toEqual({
    issuer: expect.stringMatching(/^http:\/\/localhost:\d+$/),
    loginPage: true,
    wrongPassword: true,
    stateKept: true,
    idToken: {
      sub: 'f3b1c2d4-0000-4000-8000-00000000abcd',
      email: 'sso.demo@example.com',
      iss: seen.issuer,
      aud: 'rp',
    },
    reboundStatus: 421,
    // A form post, a simple POST to the token endpoint, a preflight, a script load and a frame of another site.
    foreign: Array(5).fill([403, null, 'Forbidden']),
    portal: [200, 'http://localhost:3000'],
  });
});
