/**
 * The docs sidebar follows the folders: `sidebars.ts` generates it from `docs/`, each folder a
 * category described by its `_category_.json` (label, position, `collapsed`, a generated index page at
 * `/docs/category/<label>`), each doc placed by its `sidebar_position` front matter. Writers add a page or a
 * category without touching code.
 *
 * One thing the folders cannot say is a link to a page outside the docs (the HTTP API category's
 * "API reference" → `/api`, spec §2.1): a category lists those in `_category_.json` as
 * `"customProps": {"links": [{"label": "…", "href": "…"}]}`, and {@link withCategoryLinks} adds them
 * after the category's docs (Docusaurus `sidebarItemsGenerator`).
 */
import type { PluginOptions } from '@docusaurus/plugin-content-docs';

type Generator = NonNullable<PluginOptions['sidebarItemsGenerator']>;
type Item = Awaited<ReturnType<Generator>>[number];

/** A link a category declares in `_category_.json` `customProps.links`. */
export interface CategoryLink {
  label: string;
  href: string;
}

/**
 * Appends each category's `customProps.links` as sidebar link items, at every depth, and drops the
 * `links` prop (the theme would otherwise pass it on to the rendered category).
 *
 * @throws {Error} naming the category when a link lacks a `label` or an `href`.
 */
export function withCategoryLinks(items: Item[]): Item[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    const { links, ...customProps } = (item.customProps ?? {}) as { links?: CategoryLink[] };
    for (const link of links ?? []) {
      if (!link?.label || !link?.href) {
        throw new Error(
          `_category_.json of "${item.label}": each customProps.links entry needs a "label" and an "href"`,
        );
      }
    }
    return {
      ...item,
      customProps: Object.keys(customProps).length ? customProps : undefined,
      items: [
        ...withCategoryLinks(item.items),
        ...(links ?? []).map((link): Item => ({ type: 'link', label: link.label, href: link.href })),
      ],
    };
  });
}

/** The docs plugin's `sidebarItemsGenerator`: Docusaurus' own, then {@link withCategoryLinks}. */
export const sidebarItemsGenerator: Generator = async ({ defaultSidebarItemsGenerator, ...args }) =>
  withCategoryLinks(await defaultSidebarItemsGenerator(args));
