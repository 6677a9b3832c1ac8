/**
 * @jest-environment node
 *
 * A bundle records the readers group it was built for (a preview's reviewers), and deploy:synth deploys it only
 * where the same group alone may read: a preview's bundle never reaches production (it would shut customers
 * out), and a production bundle never reaches a preview (it would open unpublished pages to every customer).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../../config/env';
import { LOCAL_JWKS } from '../../local/identity/jwks';
import { readersGroupRefusal, TRUST_FILE, trustOf } from '../trust';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A bundle folder whose record deploy:build wrote with COGNITO_READERS_GROUP set to `group`, or unset. */
function bundle(group?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
  dirs.push(dir);
  const auth = parseEnv(group ? { COGNITO_READERS_GROUP: group } : {}).auth;
  fs.writeFileSync(path.join(dir, TRUST_FILE), JSON.stringify(trustOf({ auth, jwks: LOCAL_JWKS })));
  return dir;
}

it('records the readers group in a bundle built with one, and nothing in the others', () => {
  expect(JSON.parse(fs.readFileSync(path.join(bundle('portal-reviewers'), TRUST_FILE), 'utf8'))).toMatchObject({
    readersGroup: 'portal-reviewers',
  });
  expect(JSON.parse(fs.readFileSync(path.join(bundle(), TRUST_FILE), 'utf8'))).not.toHaveProperty('readersGroup');
});

it('accepts a bundle built for the same group, or for none where none is set', () => {
  expect(readersGroupRefusal(bundle('portal-reviewers'), 'portal-reviewers')).toBeNull();
  expect(readersGroupRefusal(bundle(), undefined)).toBeNull();
});

it("refuses a preview's bundle in production, and production's on a preview, saying to rebuild", () => {
  expect(readersGroupRefusal(bundle('portal-reviewers'), undefined)).toMatch(
    /built for the readers group portal-reviewers, but every user of the pool reads here: rebuild it/,
  );
  expect(readersGroupRefusal(bundle(), 'portal-reviewers')).toMatch(
    /built for every user of the pool \(COGNITO_READERS_GROUP unset\), but only portal-reviewers may read here/,
  );
  expect(readersGroupRefusal(bundle('writers'), 'portal-reviewers')).toMatch(/readers group writers/);
});
