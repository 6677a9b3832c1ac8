/**
 * The public key set of the local identity service. cognito-local signs every token with one key that
 * ships inside its npm package, so the set is known without asking the running service: the gate and
 * the local sandbox API verify local tokens with it. Never trust it outside local mode.
 */
import fs from 'node:fs';
import type { Jwks } from 'aws-jwt-verify/jwk';

/** The JWKS served at `<issuer>/.well-known/jwks.json` by the local identity service. */
export const LOCAL_JWKS: Jwks = {
  keys: [JSON.parse(fs.readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.public.json'), 'utf8')).jwk],
};
