/**
 * The user-pool side of the local hosted UI: checks a password and a TOTP code at its sign-in form
 * (./passwordSignIn.ts), creates or updates a federated user in cognito-local's pool, and issues either the
 * pool's own tokens (cognito-local's token generator, source `HostedAuth`), signed with the same key as every
 * other local token, so the server gate and the sandbox accept them, and stored like `InitiateAuth`'s, so
 * `REFRESH_TOKEN_AUTH` refreshes them. Implements local/hostedUi's `PoolAdapter`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { CognitoService } from 'cognito-local/lib/services';
import type { Clock } from 'cognito-local/lib/services/clock';
import type { Context } from 'cognito-local/lib/services/context';
import type { TokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import type { PoolAdapter } from '../hostedUi/app';
import { checkPassword, checkTotp } from './passwordSignIn';

/**
 * @param userPoolId - the local pool federated users are created in.
 * @throws {Error} from `tokensFor` when the user or the app client does not exist.
 */
export function poolAdapter(
  ctx: Context,
  cognito: CognitoService,
  clock: Clock,
  tokenGenerator: TokenGenerator,
  userPoolId: string,
): PoolAdapter {
  return {
    async authenticate(username, password) {
      return checkPassword(ctx, await cognito.getUserPool(ctx, userPoolId), username, password);
    },
    async verifyTotp(username, code) {
      return checkTotp(ctx, await cognito.getUserPool(ctx, userPoolId), username, code);
    },
    async upsertFederatedUser(username, attributes) {
      const pool = await cognito.getUserPool(ctx, userPoolId);
      const existing = await pool.getUserByUsername(ctx, username);
      const now = clock.get();
      const given = Object.entries(attributes).map(([Name, Value]) => ({ Name, Value }));
      if (existing) {
        const kept = (existing.Attributes ?? []).filter((a) => !(a.Name in attributes));
        await pool.saveUser(ctx, { ...existing, Attributes: [...kept, ...given], UserLastModifiedDate: now });
        return;
      }
      await pool.saveUser(ctx, {
        Username: username,
        // Federated users never sign in with a password; this one is random and never shown.
        Password: randomBytes(24).toString('base64url'),
        Attributes: [{ Name: 'sub', Value: randomUUID() }, ...given],
        Enabled: true,
        UserStatus: 'EXTERNAL_PROVIDER',
        RefreshTokens: [],
        UserCreateDate: now,
        UserLastModifiedDate: now,
      });
    },
    async tokensFor(username, clientId) {
      const pool = await cognito.getUserPool(ctx, userPoolId);
      const user = await pool.getUserByUsername(ctx, username);
      const client = await cognito.getAppClient(ctx, clientId);
      if (!user) throw new Error(`no user ${username} in the local pool`);
      if (!client) throw new Error(`no app client ${clientId} in the local pool`);
      const groups = await pool.listUserGroupMembership(ctx, user);
      const tokens = await tokenGenerator.generate(ctx, user, groups, client, undefined, 'HostedAuth');
      await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
      return { idToken: tokens.IdToken, accessToken: tokens.AccessToken, refreshToken: tokens.RefreshToken };
    },
  };
}
