/**
 * The provider's contact in the API reference (spec §1: "How to obtain access details: by contacting the
 * provider"): the description's `info.contact` gets the address the portal is configured with
 * (PROVIDER_CONTACT, config/env.ts), as a URL or, for a `mailto:` address, an email; without one (local
 * mode) it has no contact at all, so no page links to an address nobody answers, nor shows a contact's name
 * with nothing after it ("Contact — API access:").
 */
import type { OpenApiDocument } from '../../rules/contract';

/**
 * @param doc - the bundled description, not changed.
 * @param contact - an http(s) URL or a `mailto:` address, or `undefined`.
 * @returns a copy whose `info.contact` has that address (its `url` or `email`) and the contact's name; with
 *   no address, a copy without `info.contact`.
 */
export function withProviderContact<T extends OpenApiDocument>(doc: T, contact: string | undefined): T {
  const info = (doc.info ?? {}) as { contact?: { name?: string; url?: string; email?: string } };
  const name = info.contact?.name;
  const rest: Record<string, unknown> = { ...info };
  delete rest.contact;
  if (!contact) return { ...doc, info: rest };
  const address = contact.startsWith('mailto:')
    ? { email: decodeURIComponent(contact.slice('mailto:'.length).split('?')[0]) }
    : { url: contact };
  return { ...doc, info: { ...rest, contact: { ...(name ? { name } : {}), ...address } } };
}
