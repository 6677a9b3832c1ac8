/**
 * `npm run -s token`: signs in with Cognito's `InitiateAuth` (`USER_PASSWORD_AUTH`) and prints the access
 * token alone on stdout, for `Authorization: Bearer` in scripts, `.md` downloads and an MCP client
 * (docs/api/tokens.mdx shows the same call by hand).
 *
 * - Local mode: the local identity service's demo user (DEMO_USERNAME / DEMO_PASSWORD), with `npm start` or
 *   `npm run serve` running.
 * - With a user pool: `npm run -s token -- <username>`; the password is read from stdin (typed without
 *   echo on a terminal, or piped), never from the command line; the app client is COGNITO_SCRIPTS_CLIENT_ID
 *   (the web client allows SRP only).
 *
 * Exits 1 with Cognito's message (e.g. `NotAuthorizedException: Incorrect username or password.`).
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { portalEnv } from '../config/env';
import { initiateAuth } from './initiateAuth';

/** Reads one line from stdin; on a terminal the typed characters are not shown. */
async function readPassword(prompt: string): Promise<string> {
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  if (process.stdin.isTTY) process.stderr.write(prompt);
  const lines = readline.createInterface({ input: process.stdin, output: muted, terminal: process.stdin.isTTY });
  for await (const line of lines) {
    lines.close();
    if (process.stdin.isTTY) process.stderr.write('\n');
    return line;
  }
  throw new Error('no password on stdin');
}

async function main(): Promise<void> {
  const auth = portalEnv.auth;
  let endpoint: string;
  let clientId: string;
  let username: string;
  let password: string;
  if (auth.mode === 'local') {
    endpoint = `${auth.userPoolEndpoint}/`;
    clientId = auth.userPoolClientId;
    username = process.argv[2] ?? portalEnv.localIdentity.demoUsername;
    password = process.argv[2]
      ? await readPassword(`Password for ${username}: `)
      : portalEnv.localIdentity.demoPassword;
  } else {
    if (!auth.scriptsClientId) {
      throw new Error(
        'COGNITO_SCRIPTS_CLIENT_ID is not set: give the user pool app client that allows USER_PASSWORD_AUTH.',
      );
    }
    username = process.argv[2] ?? '';
    if (!username) throw new Error('give your username: npm run -s token -- <username> (the password is asked for).');
    endpoint = `https://cognito-idp.${auth.region}.amazonaws.com/`;
    clientId = auth.scriptsClientId;
    password = await readPassword(`Password for ${username}: `);
  }
  let result: Awaited<ReturnType<typeof initiateAuth>>;
  try {
    result = await initiateAuth(endpoint, clientId, username, password);
  } catch (error) {
    const hint = auth.mode === 'local' ? ' Is `npm start` or `npm run serve` running?' : '';
    throw new Error(`cannot reach ${endpoint} (${error instanceof Error ? error.message : error}).${hint}`);
  }
  const { answer } = result;
  if (answer.AuthenticationResult?.AccessToken) {
    process.stdout.write(`${answer.AuthenticationResult.AccessToken}\n`);
    return;
  }
  if (answer.ChallengeName) {
    throw new Error(`Cognito asks for ${answer.ChallengeName} (e.g. MFA): sign in on the portal instead.`);
  }
  throw new Error(`${answer.__type ?? `HTTP ${result.status}`}: ${answer.message ?? 'sign-in refused'}`);
}

main().catch((error: unknown) => {
  console.error(`token: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
