/**
 * What the Markdown export writes, read from the content Docusaurus loaded (docs, the `/api`
 * docs instance, blog, pages) so every page keeps the route, title and description the site gives it.
 * The plugin (./index.ts) saves it after the build; ./export.ts turns each entry into `<route>.md` and
 * the llms.txt files. Plain data and functions, no Docusaurus runtime, so it is tested with fake content.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Inventory, ListItem, PageBody, PageEntry } from '../../rules/contentFiles';
import { trimBoth } from '../../rules/text';

export type { Inventory, ListItem, PageBody, PageEntry };

/** The shape of a loaded plugin as read here (`@docusaurus/types` `LoadedPlugin`, content narrowed below). */
export interface LoadedPluginLike {
  name: string;
  options: { id?: string };
  content: unknown;
}

interface DocLike {
  id: string;
  title: string;
  description?: string;
  source: string;
  permalink: string;
  unlisted?: boolean;
  frontMatter?: Record<string, unknown>;
}
interface SidebarItemLike {
  type: string;
  id?: string;
  label?: string;
  items?: SidebarItemLike[];
  link?: { type: string; id?: string; permalink?: string; title?: string; description?: string };
}
interface DocsContentLike {
  loadedVersions: {
    docs: DocLike[];
    sidebars: Record<string, SidebarItemLike[]>;
  }[];
}
interface BlogPostLike {
  id: string;
  metadata: {
    permalink: string;
    source: string;
    title: string;
    description?: string;
    date: string | Date;
    tags: { label: string; permalink: string }[];
    authors: { name?: string; key?: string | null }[];
    unlisted?: boolean;
  };
}
interface BlogContentLike {
  blogTitle?: string;
  blogDescription?: string;
  blogPosts: BlogPostLike[];
  /** Each tag's posts, by id (Docusaurus 3.10 `BlogTag.items`). */
  blogTags: Record<string, { label: string; permalink: string; items: string[]; unlisted?: boolean }>;
  blogTagsListPath: string;
}
type PageLike = {
  type: 'jsx' | 'mdx';
  permalink: string;
  source: string;
  title?: string;
  description?: string;
  frontMatter?: Record<string, unknown>;
};

/** `@site/docs/x.md` → an absolute path under `siteDir`. */
export const sourceFile = (siteDir: string, source: string) => path.join(siteDir, source.replace(/^@site\//, ''));

const formatOf = (file: string): 'md' | 'mdx' => (file.endsWith('.mdx') ? 'mdx' : 'md');

/** Sidebar walk: each doc id with the label of the top-level category holding it, and generated indexes. */
function walkSidebars(sidebars: Record<string, SidebarItemLike[]>) {
  const sectionOf = new Map<string, string>();
  const order: string[] = [];
  const indexes = new Map<string, { title: string; description?: string; items: SidebarItemLike[] }>();
  const visit = (items: SidebarItemLike[], top: string | undefined) => {
    for (const item of items) {
      if (item.type === 'doc' && item.id) {
        order.push(item.id);
        if (top) sectionOf.set(item.id, top);
      }
      if (item.type === 'category') {
        const label = top ?? item.label ?? 'Docs';
        if (item.link?.type === 'doc' && item.link.id) {
          order.push(item.link.id);
          sectionOf.set(item.link.id, label);
        }
        if (item.link?.type === 'generated-index' && item.link.permalink) {
          indexes.set(item.link.permalink, {
            title: item.link.title ?? item.label ?? label,
            description: item.link.description,
            items: item.items ?? [],
          });
        }
        visit(item.items ?? [], label);
      }
    }
  };
  for (const items of Object.values(sidebars)) visit(items, undefined);
  return { sectionOf, order, indexes };
}

/** The method and path an operation page shows (`<MethodEndpoint method={"get"} path={"/x"}>`). */
export function endpointOf(mdx: string): { method: string; path: string } | undefined {
  const match = /<MethodEndpoint\s+method=\{"(\w+)"\}\s+path=\{"([^"]+)"\}/.exec(mdx);
  return match ? { method: match[1], path: match[2] } : undefined;
}

function docsEntries(siteDir: string, content: DocsContentLike, api: boolean): PageEntry[] {
  const entries: PageEntry[] = [];
  for (const version of content.loadedVersions) {
    const { sectionOf, order, indexes } = walkSidebars(version.sidebars);
    const byId = new Map(version.docs.map((doc) => [doc.id, doc]));
    // In sidebar order (llms.txt lists pages as a reader meets them), docs in no sidebar last.
    const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
    const docs = [...version.docs].sort((a, b) => rank(a.id) - rank(b.id));
    for (const doc of docs) {
      if (doc.unlisted) continue;
      const file = sourceFile(siteDir, doc.source);
      const base = { route: doc.permalink, title: doc.title, description: doc.description || undefined };
      if (!api) {
        entries.push({
          ...base,
          section: sectionOf.get(doc.id) ?? 'Docs',
          body: { kind: 'source', file, format: formatOf(file) },
        });
        continue;
      }
      // A page written as Markdown beside the generated ones: the API changelog (scripts/openapi/changelog.ts).
      if (file.endsWith('.md'))
        entries.push({ ...base, section: 'API reference', body: { kind: 'source', file, format: formatOf(file) } });
      else if (file.endsWith('.info.mdx'))
        entries.push({ ...base, section: 'API reference', body: { kind: 'api-info' } });
      else if (file.endsWith('.tag.mdx'))
        entries.push({ ...base, section: 'Optional', body: { kind: 'tag', tag: doc.title } });
      else if (file.endsWith('.schema.mdx'))
        entries.push({
          ...base,
          section: 'API schemas',
          body: { kind: 'schema', name: String(doc.frontMatter?.id ?? doc.id.split('/').pop()) },
        });
      else {
        const endpoint = endpointOf(fs.readFileSync(file, 'utf8'));
        if (!endpoint)
          throw new Error(`${file}: an API page without <MethodEndpoint method path>; regenerate with npm run gen-api`);
        entries.push({ ...base, section: 'API reference', body: { kind: 'operation', ...endpoint } });
      }
    }
    // Generated category indexes (`/docs/category/*`) exist only in the sidebars of the loaded content.
    for (const [permalink, index] of indexes) {
      const items = index.items.flatMap((item): ListItem[] => {
        const doc = item.type === 'doc' && item.id ? byId.get(item.id) : undefined;
        if (doc) return [{ title: doc.title, route: doc.permalink, description: doc.description || undefined }];
        if (item.type === 'category' && item.link?.permalink)
          return [{ title: item.label ?? '', route: item.link.permalink, description: item.link.description }];
        return [];
      });
      entries.push({
        route: permalink,
        title: index.title,
        description: index.description,
        section: 'Optional',
        body: { kind: 'list', intro: index.description, items },
      });
    }
  }
  return entries;
}

const isoDate = (date: string | Date) => new Date(date).toISOString().slice(0, 10);

/** A blog post's entry: its Markdown source, under its date, authors and tags. */
function blogPostEntry(siteDir: string, post: BlogPostLike): PageEntry {
  const { metadata } = post;
  const file = sourceFile(siteDir, metadata.source);
  const authors = metadata.authors.map((a) => a.name ?? a.key).filter(Boolean);
  const tags = metadata.tags.map((t) => `[${t.label}](${t.permalink})`);
  const preface = [
    `Published ${isoDate(metadata.date)}`,
    authors.length ? `by ${authors.join(', ')}` : '',
    tags.length ? `· Tags: ${tags.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    route: metadata.permalink,
    title: metadata.title,
    description: metadata.description,
    section: 'Blog',
    body: { kind: 'source', file, format: formatOf(file), preface: `_${preface}_` },
  };
}

function blogEntries(siteDir: string, content: BlogContentLike, blogRoute: string): PageEntry[] {
  const posts = content.blogPosts.filter((post) => !post.metadata.unlisted);
  // Tags list their posts by id; by permalink as a fallback (the type's comment says permalinks).
  const byId = new Map(posts.flatMap((post) => [[post.id, post] as const, [post.metadata.permalink, post] as const]));
  const item = (post: BlogPostLike): ListItem => ({
    title: post.metadata.title,
    route: post.metadata.permalink,
    description: `${isoDate(post.metadata.date)}${post.metadata.description ? `. ${post.metadata.description}` : ''}`,
  });
  const entries: PageEntry[] = posts.map((post) => blogPostEntry(siteDir, post));
  // The blog's first page stands for the list: its Markdown lists every post.
  entries.push({
    route: blogRoute,
    title: content.blogTitle || 'Blog',
    description: content.blogDescription,
    section: 'Optional',
    body: { kind: 'list', intro: content.blogDescription, items: posts.map(item) },
  });
  entries.push({
    route: `${blogRoute}/archive`,
    title: 'Archive',
    description: 'Every blog post, newest first.',
    section: 'Optional',
    body: { kind: 'list', items: posts.map(item) },
  });
  const tags = Object.values(content.blogTags).filter((tag) => !tag.unlisted);
  entries.push({
    route: content.blogTagsListPath,
    title: 'Tags',
    description: 'Every tag of the blog.',
    section: 'Optional',
    body: {
      kind: 'list',
      items: tags.map((tag) => ({
        title: tag.label,
        route: tag.permalink,
        description: `${tag.items.length} post${tag.items.length === 1 ? '' : 's'}`,
      })),
    },
  });
  for (const tag of tags) {
    entries.push({
      route: tag.permalink,
      title: `Posts tagged "${tag.label}"`,
      section: 'Optional',
      body: { kind: 'list', items: tag.items.flatMap((id) => (byId.has(id) ? [item(byId.get(id)!)] : [])) },
    });
  }
  return entries;
}

function pageEntries(
  siteDir: string,
  content: PageLike[],
  home: { title: string; tagline: string; sections: ListItem[] },
): PageEntry[] {
  return content.flatMap((page): PageEntry[] => {
    if (page.type === 'mdx') {
      const file = sourceFile(siteDir, page.source);
      const title = String(page.frontMatter?.title ?? page.title ?? page.permalink);
      return [
        {
          route: page.permalink,
          title,
          description: page.description,
          section: 'Optional',
          body: { kind: 'source', file, format: formatOf(file) },
        },
      ];
    }
    // React pages: the home page is described by what it links to; the sign-in page has nothing to export.
    if (page.permalink !== '/') return [];
    return [
      {
        route: '/',
        title: home.title,
        description: home.tagline,
        section: 'Optional',
        body: { kind: 'list', intro: home.tagline, items: home.sections },
      },
    ];
  });
}

/**
 * Every page the export writes, from the loaded content of the docs (`default` and `api`), blog and
 * pages plugins; when `routesPaths` is given, only the routes the build has are kept.
 *
 * @throws {Error} when a generated API page no longer shows its method and path.
 */
export function buildInventory(args: {
  siteDir: string;
  siteUrl: string;
  title: string;
  tagline: string;
  plugins: LoadedPluginLike[];
  /** The routes the build has; without them (the dev server) every loaded page is kept. */
  routesPaths?: string[];
}): Inventory {
  const find = (name: string, id = 'default') =>
    args.plugins.find((p) => p.name === name && (p.options.id ?? 'default') === id)?.content;
  const docs = find('docusaurus-plugin-content-docs') as DocsContentLike | undefined;
  const api = find('docusaurus-plugin-content-docs', 'api') as DocsContentLike | undefined;
  const blog = find('docusaurus-plugin-content-blog') as BlogContentLike | undefined;
  const blogOptions = args.plugins.find((p) => p.name === 'docusaurus-plugin-content-blog')?.options as
    { routeBasePath?: string } | undefined;
  const blogRoute = `/${trimBoth(blogOptions?.routeBasePath ?? 'blog', '/')}`;
  const pages = find('docusaurus-plugin-content-pages') as PageLike[] | undefined;
  const entries = [
    ...(docs ? docsEntries(args.siteDir, docs, false) : []),
    ...(api ? docsEntries(args.siteDir, api, true) : []),
    ...(blog ? blogEntries(args.siteDir, blog, blogRoute) : []),
  ];
  // The home page links each section's first page (sidebar order), the blog its list.
  const sections = new Map<string, ListItem>();
  for (const e of entries) {
    if (e.section === 'Optional' || e.section === 'API schemas' || sections.has(e.section)) continue;
    sections.set(e.section, { title: e.section, route: e.section === 'Blog' ? blogRoute : e.route });
  }
  entries.push(
    ...pageEntries(args.siteDir, pages ?? [], {
      title: args.title,
      tagline: args.tagline,
      sections: [...sections.values()],
    }),
  );
  const routes = args.routesPaths && new Set(args.routesPaths);
  const seen = new Set<string>();
  const kept = entries.filter((e) => (!routes || routes.has(e.route)) && !seen.has(e.route) && seen.add(e.route));
  return { siteUrl: args.siteUrl, title: args.title, tagline: args.tagline, pages: kept };
}
