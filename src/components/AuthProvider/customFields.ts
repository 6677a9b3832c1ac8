/**
 * What the build passes to the browser through `siteConfig.customFields`, and how the auth settings
 * are read from it. Separate from amplifyConfig.ts because every page needs this on first load and
 * Amplify's configuration only once the session module is loaded.
 */
import type { AuthSettings } from '@site/config/env';

/** What `docusaurus.config.ts` passes to the browser through `customFields`. */
export interface PortalCustomFields {
  auth: AuthSettings;
  productName: string;
  /** Bearer security schemes of the contract, whose explorer field holds the user's token. */
  apiBearerSchemes: string[];
  /** The API base URL samples fill in with "Use my token" (config/openapi.ts `apiSampleBase`). */
  apiBase: string;
  /**
   * The local identity service's demo account, shown to scripts (src/components/ScriptSettings); only in local
   * mode, where its password is public anyway.
   */
  localAccount?: { username: string; password: string };
  /** Where customers contact the provider (PROVIDER_CONTACT): an http(s) URL or `mailto:` address. */
  providerContact?: string;
  /**
   * Whether AI tools sign the reader in by OAuth through the portal's authorization server (config/env.ts
   * `mcp.oauth`): the MCP page's install links then name the server's URL alone.
   */
  mcpSignIn: boolean;
}

/**
 * Reads the auth settings from `siteConfig.customFields`.
 *
 * @returns the settings, or `null` when the user pool id or app client id is missing, which the gate
 *   reports as "Configuration error (see console) – please contact the administrator" (spec §8.2).
 */
export function readAuthSettings(customFields: Record<string, unknown> | undefined): AuthSettings | null {
  const auth = (customFields as Partial<PortalCustomFields> | undefined)?.auth;
  if (!auth || !auth.userPoolId || !auth.userPoolClientId) return null;
  return auth;
}
