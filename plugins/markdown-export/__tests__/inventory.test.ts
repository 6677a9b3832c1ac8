/**
 * @jest-environment node
 *
 * Which pages get a Markdown copy and where they go in llms.txt, from content shaped like
 * Docusaurus 3.10's loaded plugins: docs with sidebars and generated category indexes, the `/api` docs
 * instance, the blog with tags, and pages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildInventory, endpointOf, type LoadedPluginLike } from '../inventory';

const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-'));
fs.mkdirSync(path.join(siteDir, 'generated/api/v1'), { recursive: true });
fs.writeFileSync(
  path.join(siteDir, 'generated/api/v1/get-document.api.mdx'),
  '<MethodEndpoint\n  method={"get"}\n  path={"/documents/{document_id}"}\n  context={"endpoint"}\n>',
);
afterAll(() => fs.rmSync(siteDir, { recursive: true, force: true }));

const doc = (id: string, permalink: string, extra = {}) => ({
  id,
  title: `Title of ${id}`,
  description: `About ${id}.`,
  source: `@site/docs/${id}.md`,
  permalink,
  ...extra,
});

const plugins: LoadedPluginLike[] = [
  {
    name: 'docusaurus-plugin-content-docs',
    options: { id: 'default' },
    content: {
      loadedVersions: [
        {
          docs: [
            doc('format/types', '/docs/format/types'),
            doc('format/schema', '/docs/format/schema'),
            doc('loose', '/docs/loose'),
            doc('hidden', '/docs/hidden', { unlisted: true }),
          ],
          sidebars: {
            docs: [
              {
                type: 'category',
                label: 'Document Format',
                link: {
                  type: 'generated-index',
                  permalink: '/docs/category/document-format',
                  description: 'The format.',
                },
                items: [
                  { type: 'doc', id: 'format/schema' },
                  { type: 'doc', id: 'format/types' },
                ],
              },
            ],
          },
        },
      ],
    },
  },
  {
    name: 'docusaurus-plugin-content-docs',
    options: { id: 'api' },
    content: {
      loadedVersions: [
        {
          docs: [
            {
              id: 'v1/regulatory-content-api',
              title: 'API',
              source: '@site/generated/api/v1/x.info.mdx',
              permalink: '/api',
            },
            {
              id: 'v1/get-document',
              title: 'Get a document',
              source: '@site/generated/api/v1/get-document.api.mdx',
              permalink: '/api/v1/get-document',
            },
            {
              id: 'v1/documents',
              title: 'Documents',
              source: '@site/generated/api/v1/documents.tag.mdx',
              permalink: '/api/v1/documents',
            },
            {
              id: 'v1/schemas/documentlite',
              title: 'DocumentLite',
              source: '@site/generated/api/v1/schemas/documentlite.schema.mdx',
              permalink: '/api/v1/schemas/documentlite',
              frontMatter: { id: 'documentlite' },
            },
          ],
          sidebars: { api: [] },
        },
      ],
    },
  },
  {
    name: 'docusaurus-plugin-content-blog',
    options: { id: 'default', routeBasePath: 'blog' } as { id: string },
    content: {
      blogTitle: 'Blog',
      blogPosts: [
        {
          id: 'welcome',
          metadata: {
            permalink: '/blog/welcome',
            source: '@site/blog/welcome/index.md',
            title: 'Welcome',
            description: 'Hello.',
            date: '2025-05-28T00:00:00.000Z',
            tags: [{ label: 'Hello', permalink: '/blog/tags/hello' }],
            authors: [{ name: 'Portal team' }],
          },
        },
      ],
      blogTags: { '/blog/tags/hello': { label: 'Hello', permalink: '/blog/tags/hello', items: ['welcome'] } },
      blogTagsListPath: '/blog/tags',
    },
  },
  {
    name: 'docusaurus-plugin-content-pages',
    options: { id: 'default' },
    content: [
      { type: 'jsx', permalink: '/', source: '@site/src/pages/index.tsx' },
      { type: 'jsx', permalink: '/login', source: '@site/src/pages/login.tsx' },
      {
        type: 'mdx',
        permalink: '/markdown-page',
        source: '@site/src/pages/markdown-page.md',
        frontMatter: { title: 'Markdown page' },
      },
    ],
  },
];

const routesPaths = [
  '/',
  '/login',
  '/markdown-page',
  '/docs/format/types',
  '/docs/format/schema',
  '/docs/loose',
  '/docs/hidden',
  '/docs/category/document-format',
  '/api',
  '/api/v1/get-document',
  '/api/v1/documents',
  '/api/v1/schemas/documentlite',
  '/blog',
  '/blog/archive',
  '/blog/tags',
  '/blog/tags/hello',
  '/blog/welcome',
];

const inventory = buildInventory({
  siteDir,
  siteUrl: 'https://portal.test',
  title: 'RegData',
  tagline: 'Tagline',
  plugins,
  routesPaths,
});
const byRoute = new Map(inventory.pages.map((p) => [p.route, p]));

it('has a page for every route but the sign-in page and unlisted docs', () => {
  expect([...byRoute.keys()].sort()).toEqual(routesPaths.filter((r) => r !== '/login' && r !== '/docs/hidden').sort());
});

it('puts docs under their sidebar category, in sidebar order, and docs in no sidebar under Docs', () => {
  const docs = inventory.pages.filter((p) => p.route.startsWith('/docs/') && !p.route.includes('/category/'));
  expect(docs.map((p) => [p.route, p.section])).toEqual([
    ['/docs/format/schema', 'Document Format'],
    ['/docs/format/types', 'Document Format'],
    ['/docs/loose', 'Docs'],
  ]);
  expect(byRoute.get('/docs/format/schema')?.body).toEqual({
    kind: 'source',
    file: path.join(siteDir, 'docs/format/schema.md'),
    format: 'md',
  });
});

it('lists a generated category index with its docs', () => {
  expect(byRoute.get('/docs/category/document-format')).toMatchObject({
    title: 'Document Format',
    section: 'Optional',
    body: {
      kind: 'list',
      intro: 'The format.',
      items: [{ route: '/docs/format/schema' }, { route: '/docs/format/types' }],
    },
  });
});

it('knows each API page for what it shows: operation (by its method and path), tag, schema, landing page', () => {
  expect(byRoute.get('/api/v1/get-document')?.body).toEqual({
    kind: 'operation',
    method: 'get',
    path: '/documents/{document_id}',
  });
  expect(byRoute.get('/api/v1/documents')?.body).toEqual({ kind: 'tag', tag: 'Documents' });
  expect(byRoute.get('/api/v1/schemas/documentlite')?.body).toEqual({ kind: 'schema', name: 'documentlite' });
  expect(byRoute.get('/api')?.body).toEqual({ kind: 'api-info' });
});

it('gives a post its date, authors and tags, and lists posts on the blog, archive and tag pages', () => {
  expect(byRoute.get('/blog/welcome')).toMatchObject({
    section: 'Blog',
    body: {
      kind: 'source',
      format: 'md',
      preface: '_Published 2025-05-28 by Portal team · Tags: [Hello](/blog/tags/hello)_',
    },
  });
  for (const route of ['/blog', '/blog/archive', '/blog/tags/hello']) {
    expect(byRoute.get(route)?.body).toMatchObject({ kind: 'list', items: [{ route: '/blog/welcome' }] });
  }
  expect(byRoute.get('/blog/tags')?.body).toMatchObject({ items: [{ title: 'Hello', description: '1 post' }] });
});

it('describes the home page by its sections, and exports Markdown pages', () => {
  expect(byRoute.get('/')?.body).toMatchObject({
    kind: 'list',
    items: [
      { title: 'Document Format', route: '/docs/format/schema' },
      { title: 'Docs', route: '/docs/loose' },
      { title: 'API reference', route: '/api' },
      { title: 'Blog', route: '/blog' },
    ],
  });
  expect(byRoute.get('/markdown-page')).toMatchObject({ title: 'Markdown page', body: { kind: 'source' } });
});

it('reads the method and path of a generated operation page, and refuses a page without them', () => {
  expect(endpointOf('<MethodEndpoint\n  method={"post"}\n  path={"/documents"}\n>')).toEqual({
    method: 'post',
    path: '/documents',
  });
  fs.writeFileSync(path.join(siteDir, 'generated/api/v1/get-document.api.mdx'), '# no endpoint');
  expect(() => buildInventory({ siteDir, siteUrl: '', title: '', tagline: '', plugins, routesPaths })).toThrow(
    /regenerate with npm run gen-api/,
  );
});
