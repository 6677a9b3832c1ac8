/**
 * Navbar and footer of the portal (spec §1 "Top navigation entries", §2.2 "Layout").
 *
 * Every item here is hidden until sign-in by the `NavbarItem` wrapper (src/theme/NavbarItem), so an
 * anonymous visitor sees only the brand, the colour-mode toggle and the search slot (spec §2.2).
 */
import type { Footer, Navbar } from '@docusaurus/theme-common';
import type { PortalEnv } from './env';

/** The navbar: the five sections of spec §1, the provider's website, and Logout (custom navbar item). */
export function navbar(env: PortalEnv): Navbar {
  return {
    title: env.productName,
    hideOnScroll: true,
    logo: { alt: `${env.productName} logo`, src: 'img/logo.svg' },
    items: [
      { type: 'doc', docId: 'document_format/schema', label: 'Document Format', position: 'left' },
      { type: 'doc', docId: 'domains/Our domains and themes', label: 'Domains', position: 'left' },
      { type: 'doc', docId: 's3_transfer/manifest-format', label: 'S3 Transfer', position: 'left' },
      {
        type: 'dropdown',
        label: 'HTTP API',
        position: 'left',
        items: [
          { type: 'doc', docId: 'api/getting-started', label: 'Getting started' },
          { to: '/api', label: 'API reference' },
        ],
      },
      { type: 'doc', docId: 'services/interrogator', label: 'Services', position: 'left' },
      { href: env.providerWebsite, label: env.productName, position: 'right' },
      // Registered in src/theme/NavbarItem/ComponentTypes.tsx (spec §2.2: "a Logout item that signs the user out").
      { type: 'custom-logout', position: 'right' },
    ] as Navbar['items'],
  };
}

/** The dark footer with link columns, logo and the 2025 copyright line (spec §2.2). */
export function footer(env: PortalEnv): Footer {
  return {
    style: 'dark',
    logo: { alt: `${env.productName} logo`, src: 'img/logo.svg', width: 48, height: 48 },
    links: [
      {
        title: 'Documentation',
        items: [
          { label: 'Document Format', to: '/docs/category/document-format' },
          { label: 'Domains', to: '/docs/category/domains' },
          { label: 'S3 Transfer', to: '/docs/category/s3-transfer' },
        ],
      },
      {
        title: 'HTTP API',
        items: [
          { label: 'Getting started', to: '/docs/api/getting-started' },
          { label: 'API reference', to: '/api' },
          { label: 'Interrogator', to: '/docs/services/interrogator' },
        ],
      },
      {
        title: 'More',
        items: [
          { label: 'Blog', to: '/blog' },
          { label: 'Accessibility', to: '/accessibility' },
          { label: env.productName, href: env.providerWebsite },
        ],
      },
    ],
    copyright: `Copyright © 2025 ${env.productName}.`,
  };
}
