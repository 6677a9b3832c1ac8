/**
 * The site itself: its name, address and port, the provider's addresses it links to, and the `Host` names it answers.
 */
import { acceptedHostnames, LOOPBACK_HOSTNAMES } from '../../rules/hosts';
import type { AuthMode } from './identity';
import { type Env, read, readContact, readUrl } from './read';

/** The site's own settings, part of {@link PortalEnv}. */
export interface SiteSettings {
  /** Product name shown in the title, navbar and "{product} SSO" button. */
  productName: string;
  tagline: string;
  /** Public URL of the site; Docusaurus `url`. */
  siteUrl: string;
  /** The provider's website, linked from the navbar (spec §1, §2.1). */
  providerWebsite: string;
  /**
   * Where customers contact the provider to obtain access details (spec §1): an http(s) URL or a
   * `mailto:` address (PROVIDER_CONTACT). The API reference's contact and every `<ProviderContact>` in the
   * MDX docs link to it (Markdown pages link to Getting started's). Required for a build with a user pool
   * (`customerBuildError`, config/env/checks.ts); unset in local mode, they give no address and the build warns.
   */
  providerContact?: string;
  /**
   * The product API host, e.g. `https://api.example.com`; the OpenAPI document lives at
   * `<apiHost>/api/v1/openapi.json` (spec §7.1). Required for a build with a user pool
   * (`customerBuildError`, config/env/checks.ts); unset in local mode, the contract's own server URL is kept (the sandbox comes
   * first) and `npm run openapi:fetch` has nothing to fetch.
   */
  apiHost?: string;
  /**
   * Base of the "Edit this page" links of docs and posts (EDIT_URL), e.g.
   * `https://github.com/acme/portal/edit/main/`; Docusaurus appends the file's path from the site folder
   * (`docs/services/interrogator.mdx`). Unset: no edit links.
   */
  editUrl?: string;
  /** Port of the site in development and of `npm run serve`. */
  sitePort: number;
  /** Interface `npm run serve` listens on (default `localhost`; `0.0.0.0` in a container). */
  siteHost: string;
  /**
   * The `Host` names the gate, the dev server and the MCP server answer; any other gets 421 (403 from the
   * dev server), against DNS rebinding (rules/hosts.ts). The loopback names, and in Cognito mode also
   * SITE_URL's host name, the name a deployment is reached by. A proxy in front must pass one of them.
   */
  acceptedHostnames: readonly string[];
}

/** What {@link readSite} takes from the settings read before it. */
export interface SiteContext {
  /** PORT. */
  sitePort: number;
  /** SITE_URL, or `http://localhost:<PORT>`. */
  siteUrl: string;
  /** PRODUCT_NAME. */
  productName: string;
  authMode: AuthMode;
}

/**
 * TAGLINE, PROVIDER_WEBSITE, PROVIDER_CONTACT, API_HOST, EDIT_URL and HOST, with the site's port, URL and name read
 * before them; the accepted `Host` names follow from SITE_URL in Cognito mode.
 *
 * @throws {ConfigError} naming the variable when a URL or contact is malformed.
 */
export function readSite(env: Env, { sitePort, siteUrl, productName, authMode }: SiteContext): SiteSettings {
  return {
    productName,
    tagline: read(env, 'TAGLINE') ?? 'Transforming how the world consumes regulatory information',
    siteUrl,
    providerWebsite: readUrl(env, 'PROVIDER_WEBSITE', 'https://www.example.com'),
    providerContact: readContact(env, 'PROVIDER_CONTACT'),
    apiHost: read(env, 'API_HOST') === undefined ? undefined : readUrl(env, 'API_HOST', ''),
    editUrl: read(env, 'EDIT_URL') === undefined ? undefined : `${readUrl(env, 'EDIT_URL', '')}/`,
    sitePort,
    siteHost: read(env, 'HOST') ?? 'localhost',
    acceptedHostnames: authMode === 'cognito' ? acceptedHostnames(siteUrl) : LOOPBACK_HOSTNAMES,
  };
}
