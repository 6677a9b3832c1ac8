import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

/** One card of the home page: a section of the documentation (spec §1 navigation entries). */
export interface HomeSection {
  title: string;
  to: string;
  description: string;
}

/** The documentation sections the home page links to, in navbar order (spec §1). */
export const HOME_SECTIONS: readonly HomeSection[] = [
  {
    title: 'Document Format',
    to: '/docs/category/document-format',
    description: 'The JSON of every document: metadata, source text, signposts and classifications.',
  },
  {
    title: 'Domains',
    to: '/docs/category/domains',
    description: 'Topic domains, their versioned tag trees and the scores documents carry.',
  },
  {
    title: 'S3 Transfer',
    to: '/docs/category/s3-transfer',
    description: 'The S3 transfer of documents and its manifest; how files reach you is not confirmed by the provider.',
  },
  {
    title: 'HTTP API',
    to: '/docs/api/getting-started',
    description: 'Authenticate, make a first request and filter the document catalogue.',
  },
  {
    title: 'API reference',
    to: '/api',
    description: 'Every operation and schema of the customer API, with "try it" in the browser.',
  },
  {
    title: 'Interrogator',
    to: '/docs/services/interrogator',
    description: 'Ask questions in plain language and get pages of regulatory text, each with a score.',
  },
];

/** The grid of section cards on the home page. */
export default function HomeSections(): ReactNode {
  return (
    <section className={styles.grid} aria-label="Documentation sections">
      {HOME_SECTIONS.map((section) => (
        <Link key={section.to} to={section.to} className={styles.card}>
          <h2 className={styles.cardTitle}>{section.title}</h2>
          <p>{section.description}</p>
        </Link>
      ))}
    </section>
  );
}
