import type { ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { PortalCustomFields } from '@site/src/components/AuthProvider/customFields';

/**
 * "Contact the provider" (spec §1: access details are obtained by contacting the provider), linked to the
 * address the portal is configured with (PROVIDER_CONTACT, config/env.ts); plain text without one (the build
 * warns). Written in MDX as `<ProviderContact>contact the provider</ProviderContact>`.
 */
export default function ProviderContact({ children }: { children: ReactNode }): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const contact = (siteConfig.customFields as unknown as PortalCustomFields).providerContact;
  return contact ? <a href={contact}>{children}</a> : <>{children}</>;
}
