/**
 * Client module (docusaurus.config.ts `clientModules`): the bearer tokens the API explorer keeps in its
 * storage (`themeConfig.api.authPersistence`, sessionStorage) go on sign-out (rules/signOut.ts), so no
 * token outlives the session in the browser. A client module because the storage outlives the page: a
 * sign-out on a page without the explorer must still remove a token stored on an earlier API page.
 */
import { onSignOut } from '@site/rules/signOut';
import type { PortalCustomFields } from '@site/src/components/AuthProvider/customFields';

/**
 * Removes the bearer tokens the explorer keeps in its storage (sessionStorage: key = security scheme name,
 * value `{"token": …}`).
 *
 * @param schemes - the contract's bearer scheme names (`customFields.apiBearerSchemes`).
 */
export function clearStoredBearerTokens(schemes: readonly string[]): void {
  try {
    for (const scheme of schemes) window.sessionStorage.removeItem(scheme);
  } catch {
    // Spec §8.2: unavailable browser storage is treated as empty.
  }
}

onSignOut(({ customFields }) =>
  clearStoredBearerTokens((customFields as Partial<PortalCustomFields>).apiBearerSchemes ?? []),
);
