/**
 * The readers' user-pool sessions behind the AI tools' grants: for each reader (the pool's `sub`), the user
 * pool's refresh token of the MCP app client and the last access token it gave, kept in the authorization
 * server's store as the model {@link USER_POOL_SESSION}, for as long as a refresh token lives. The
 * authorization server renews it at every refresh of a tool's token (./authorizationServer.ts), and the MCP
 * server asks it for the reader's access token when `call_api` calls the customer API on their behalf.
 */
import type { OAuthStore } from './store';
import { refreshAccess, UserPoolRefused, type UserPoolClient, type UserPoolSignIn } from './userPool';

/** The store's model of a reader's user-pool session. */
export const USER_POOL_SESSION = 'UserPoolSession';

/** How long before its expiry an access token is renewed rather than handed out, in seconds. */
export const RENEW_BEFORE_SECONDS = 60;

/** A session as the store keeps it. */
interface Stored {
  refreshToken: string;
  accessToken: string;
  /** Seconds since the epoch. */
  accessTokenExpires: number;
}

export class UserPoolSessions {
  constructor(
    private readonly store: OAuthStore,
    private readonly pool: UserPoolClient,
    /** How long a session is kept, in seconds: the refresh token's lifetime. */
    private readonly lifetimeSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  private get adapter() {
    return this.store.adapter(USER_POOL_SESSION);
  }

  /** Keeps the reader's session after they signed in through the hosted UI. */
  async save(signIn: UserPoolSignIn): Promise<void> {
    const stored: Stored = {
      refreshToken: signIn.refreshToken,
      accessToken: signIn.accessToken,
      accessTokenExpires: signIn.accessTokenExpires,
    };
    await this.adapter.upsert(signIn.sub, stored as never, this.lifetimeSeconds);
  }

  /**
   * Renews the reader's access token with their refresh token.
   *
   * @returns whether the pool still signs the reader in; when it refuses (disabled, signed out everywhere,
   *   refresh token expired) the session is deleted.
   * @throws {Error} when the identity service cannot be reached (the caller's request fails; nothing is lost).
   */
  async renew(sub: string): Promise<boolean> {
    const stored = (await this.adapter.find(sub)) as Stored | undefined;
    if (!stored) return false;
    try {
      const fresh = await refreshAccess(this.pool, stored.refreshToken);
      await this.adapter.upsert(sub, { ...stored, ...fresh } as never, this.lifetimeSeconds);
      return true;
    } catch (error) {
      if (!(error instanceof UserPoolRefused)) throw error;
      await this.adapter.destroy(sub);
      return false;
    }
  }

  /**
   * The reader's user-pool access token, renewed when it expires within {@link RENEW_BEFORE_SECONDS}.
   *
   * @returns undefined when the reader has no session or the pool refuses them.
   */
  async accessToken(sub: string): Promise<string | undefined> {
    const stored = (await this.adapter.find(sub)) as Stored | undefined;
    if (!stored) return undefined;
    if (stored.accessTokenExpires - RENEW_BEFORE_SECONDS > Math.floor(this.now() / 1000)) return stored.accessToken;
    if (!(await this.renew(sub))) return undefined;
    return ((await this.adapter.find(sub)) as Stored | undefined)?.accessToken;
  }
}
