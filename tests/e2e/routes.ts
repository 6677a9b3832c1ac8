/**
 * The routes of spec §2.1 as data, with a sentence of each page's own text where it has one, so tests
 * can check both that the route exists and that its content is (or is not) shown.
 */

/** A route of spec §2.1. `text` is a sentence of the page's own content. */
export interface SpecRoute {
  path: string;
  text?: string;
}

export const SPEC_ROUTES: readonly SpecRoute[] = [
  { path: '/', text: 'Transforming how the world consumes regulatory information' },
  { path: '/api', text: 'The customer API gives authenticated customers access' },
  { path: '/blog' },
  { path: '/blog/archive' },
  { path: '/blog/tags' },
  { path: '/blog/tags/docusaurus' },
  { path: '/blog/tags/facebook' },
  { path: '/blog/tags/hello' },
  { path: '/blog/tags/hola' },
  { path: '/blog/first-blog-post', text: 'how a blog post is written in Markdown' },
  { path: '/blog/long-blog-post', text: 'enough text to show the truncation marker' },
  { path: '/blog/mdx-blog-post', text: 'React components sit beside the Markdown' },
  { path: '/blog/welcome', text: 'Welcome to the portal' },
  { path: '/markdown-page', text: 'A standalone page written in Markdown' },
  { path: '/docs/api/getting-started', text: 'The customer API serves regulatory documents' },
  { path: '/docs/document_format/document-types', text: "A document's doctype is one of a fixed list of 17" },
  { path: '/docs/document_format/publisher-hierarchy-ranking', text: 'Every publisher has a' },
  { path: '/docs/document_format/schema', text: 'Every document the API returns is a JSON object' },
  { path: '/docs/document_format/semantic-structure', text: 'is a list of pages, each made of blocks' },
  { path: '/docs/domains/how_domains_change', text: 'Domains are versioned' },
  { path: '/docs/domains/json', text: 'The tag tree of a domain is nested JSON' },
  { path: '/docs/domains/Our domains and themes', text: 'Documents are scored against topic domains' },
  { path: '/docs/s3_transfer/manifest-format', text: 'Bulk deliveries by S3 transfer come with a manifest' },
  { path: '/docs/s3_transfer/schema', text: 'Each delivered document file follows the' },
  { path: '/docs/services/interrogator', text: 'Interrogator is the question-and-answer search service' },
  { path: '/docs/manifest_csv_example/manifest_csv', text: 'An example manifest' },
  { path: '/docs/Archived/consumer-credit-sample', text: 'a sample of consumer-credit documents' },
  { path: '/docs/Archived/Our taxonomies and themes old', text: 'the taxonomies and themes that preceded' },
  { path: '/docs/Archived/prudential-sample', text: 'a sample of prudential-regulation documents' },
  { path: '/docs/category/document-format', text: 'The JSON format of every document' },
  { path: '/docs/category/domains', text: 'Topic domains, their tag trees' },
  { path: '/docs/category/s3-transfer', text: 'Bulk delivery of documents by S3 transfer' },
];

/** The URL of a route as a browser requests it (spaces percent-encoded). */
export const urlOf = (route: SpecRoute) => encodeURI(route.path);
