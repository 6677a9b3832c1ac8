/**
 * The `docs` sidebar (spec §2.1): it begins at the Document Format category; the three sections with a
 * generated index page give the routes /docs/category/document-format, /domains and /s3-transfer.
 */
import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

const sidebars = {
  docs: [
    {
      type: 'category',
      label: 'Document Format',
      link: {
        type: 'generated-index',
        description: 'The JSON format of every document the API and the S3 transfer deliver.',
      },
      items: [
        'document_format/schema',
        'document_format/document-types',
        'document_format/publisher-hierarchy-ranking',
        'document_format/semantic-structure',
      ],
    },
    {
      type: 'category',
      label: 'Domains',
      link: { type: 'generated-index', description: 'Topic domains, their tag trees and how they change.' },
      items: ['domains/Our domains and themes', 'domains/json', 'domains/how_domains_change'],
    },
    {
      type: 'category',
      label: 'S3 Transfer',
      link: { type: 'generated-index', description: 'Bulk delivery of documents to your S3 bucket.' },
      items: ['s3_transfer/manifest-format', 's3_transfer/schema', 'manifest_csv_example/manifest_csv'],
    },
    {
      type: 'category',
      label: 'HTTP API',
      items: ['api/getting-started', { type: 'link', label: 'API reference', href: '/api' }],
    },
    { type: 'category', label: 'Services', items: ['services/interrogator'] },
    {
      type: 'category',
      label: 'Archived',
      collapsed: true,
      items: [
        'Archived/consumer-credit-sample',
        'Archived/prudential-sample',
        'Archived/Our taxonomies and themes old',
      ],
    },
  ],
} satisfies SidebarsConfig;

export default sidebars;
