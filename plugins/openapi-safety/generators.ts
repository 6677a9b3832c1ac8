/**
 * The OpenAPI plugin's page generators (its `markdownGenerators` option), so that no string of the
 * provider's description becomes MDX or YAML source. docusaurus-plugin-openapi-docs 5.2.0 writes most of a
 * page's data as JSON props, but some strings as they are: on the info page a contact's name and email, a
 * license's name and every field of a security scheme (type, scheme, bearer format, parameter name, URLs,
 * scopes and their descriptions) are Markdown children of its elements, and every page's title and first
 * description line go into `"…"` YAML front matter with only unescaped `"` replaced. The description's
 * Markdown texts are sanitized and escaped before generation (scripts/openapi/sanitize.ts); here:
 *
 * - the info page's plain-text fields are written as MDX string expressions ({@link asMdxText}), shown as
 *   text and never read as Markdown; the contact's email and a scheme's `scheme` are checked before
 *   generation (scripts/openapi/sanitize.ts); a license identifier that is no SPDX identifier is left out
 *   (the page links it to spdx.org);
 * - after each page is generated, its title and description are escaped for the YAML front matter the
 *   plugin renders from them next (backslash, double quote and control characters).
 *
 * Everything else is the plugin's own generator. scripts/openapi/pageCheck.ts reads every generated page
 * after generation and fails the build on any code the generator did not write, so a plugin version that
 * writes another field as source is caught there.
 *
 * Internal: the default generators live in the plugin's `lib/markdown` and its `clean()` in
 * `lib/markdown/utils` (no public export; 5.2.0); the template is rendered from the same page object after
 * the generator returns (lib/index.js). Guard: the imports below throw naming this file when the modules move; scripts/openapi/__tests__/pageCheck.test.ts
 * generates hostile pages with them; tests/e2e/hostile-description.spec.ts builds the site from a hostile
 * description. Remove when the plugin writes every provider string as data.
 */
import type {
  ApiPageMetadata,
  InfoPageMetadata,
  MarkdownGenerator,
  SchemaPageMetadata,
  TagPageMetadata,
} from 'docusaurus-plugin-openapi-docs/src/types';

/** The plugin's own generators (`docusaurus-plugin-openapi-docs/lib/markdown`). */
type DefaultGenerators = Required<MarkdownGenerator>;

/**
 * The plugin's `clean()` (`lib/markdown/utils`, 5.2.0): what it does to a description before writing it into
 * an MDX page (`<` and `>` as entities unless they start one of a list of tags, braces backslash-escaped,
 * outside what a regular expression takes for code). scripts/openapi/sanitize.ts writes descriptions that
 * it leaves as they are.
 *
 * @throws {Error} naming this module when the plugin no longer has it there.
 */
export function pluginClean(): (text: string) => string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const utils = require('docusaurus-plugin-openapi-docs/lib/markdown/utils') as { clean?: unknown };
    if (typeof utils.clean !== 'function') throw new Error('no clean');
    return utils.clean as (text: string) => string;
  } catch (error) {
    throw new Error(
      `plugins/openapi-safety/generators.ts: docusaurus-plugin-openapi-docs has no clean() in lib/markdown/utils ` +
        `(${error instanceof Error ? error.message : error}): find what it does to a description again.`,
    );
  }
}

/**
 * Loads the plugin's default generators.
 *
 * @throws {Error} naming this module when the plugin no longer has them where 5.2.0 keeps them.
 */
function defaultGenerators(): DefaultGenerators {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const markdown = require('docusaurus-plugin-openapi-docs/lib/markdown') as DefaultGenerators;
    const names = ['createApiPageMD', 'createInfoPageMD', 'createTagPageMD', 'createSchemaPageMD'] as const;
    for (const name of names) if (typeof markdown[name] !== 'function') throw new Error(`no ${name}`);
    return markdown;
  } catch (error) {
    throw new Error(
      `plugins/openapi-safety/generators.ts: docusaurus-plugin-openapi-docs has no default page generators in ` +
        `lib/markdown (${error instanceof Error ? error.message : error}): find them again before generating pages.`,
    );
  }
}

/** A string with `\`, `"` and control characters escaped for a double-quoted YAML scalar (YAML 1.2, 7.3.1). */
export function yamlQuotedContent(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\' || char === '"') out += `\\${char}`;
    else if (code < 0x20 || code === 0x7f || code === 0x85 || code === 0x2028 || code === 0x2029)
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return out;
}

/**
 * A plain text as MDX writes a string: an expression holding a JSON string literal, which MDX renders as that
 * text and never reads as Markdown (no `<`, `{`, `[`, `:::` or autolinked URL of the provider's becomes
 * anything), and which scripts/openapi/pageCheck.ts accepts as static data.
 */
export function asMdxText(text: string): string {
  return `{${JSON.stringify(text)}}`;
}

/** Whether `id` is shaped like an SPDX license identifier (`MIT`, `Apache-2.0`, `GPL-3.0+`). */
function isSpdxIdentifier(id: string): boolean {
  if (id.length === 0 || id.length > 64) return false;
  for (const char of id)
    if (!(
      (char >= 'a' && char <= 'z') ||
      (char >= 'A' && char <= 'Z') ||
      (char >= '0' && char <= '9') ||
      '.-+'.includes(char)
    ))
      return false;
  return true;
}

/**
 * A security scheme as the generator shows it: every string it writes as Markdown ({@link SHOWN_AS_TEXT}, a
 * flow's URLs, each scope and its description) as {@link asMdxText}; `type`, `in` and `scheme`, which it
 * switches on and the description checks (scripts/openapi/sanitize.ts), and the sanitized `description`, as
 * they are.
 */
function schemeAsText(scheme: Record<string, unknown>): Record<string, unknown> {
  const text = (value: unknown) => (typeof value === 'string' ? asMdxText(value) : value);
  const flows = Object.fromEntries(
    Object.entries((scheme.flows ?? {}) as Record<string, Record<string, unknown>>).map(([name, flow]) => [
      name,
      {
        ...flow,
        ...Object.fromEntries(['authorizationUrl', 'tokenUrl', 'refreshUrl'].map((key) => [key, text(flow[key])])),
        scopes: Object.fromEntries(
          Object.entries((flow.scopes ?? {}) as Record<string, unknown>).map(([scope, about]) => [
            asMdxText(scope),
            text(about),
          ]),
        ),
      },
    ]),
  );
  return {
    ...scheme,
    ...Object.fromEntries(SHOWN_AS_TEXT.map((key) => [key, text(scheme[key])])),
    ...(scheme.flows ? { flows } : {}),
  };
}

/** A security scheme's fields the generator writes as Markdown children of its table. */
const SHOWN_AS_TEXT = ['bearerFormat', 'name', 'openIdConnectUrl'];

/** The info page's data with the fields the plugin writes as Markdown source written as literal text. */
export function infoPageAsText(page: InfoPageMetadata): InfoPageMetadata {
  const { contact, license } = page.info;
  return {
    ...page,
    info: {
      ...page.info,
      ...(contact && {
        contact: {
          ...contact,
          ...(contact.name !== undefined && { name: asMdxText(contact.name) }),
        },
      }),
      ...(license && {
        license: {
          ...license,
          ...(license.name !== undefined && { name: asMdxText(license.name) }),
          identifier: license.identifier && isSpdxIdentifier(license.identifier) ? license.identifier : undefined,
        },
      }),
    },
    securitySchemes:
      page.securitySchemes &&
      (Object.fromEntries(
        Object.entries(page.securitySchemes).map(([key, scheme]) => [key, schemeAsText(scheme as never)]),
      ) as unknown as InfoPageMetadata['securitySchemes']),
  };
}

/** Escapes the page's title and description for the front matter the plugin renders from them after this. */
function frontMatterEscaped<T extends { title: string; frontMatter: Record<string, unknown> }>(page: T): void {
  page.title = yamlQuotedContent(page.title);
  const { description } = page.frontMatter;
  if (typeof description === 'string') page.frontMatter.description = yamlQuotedContent(description);
}

/**
 * The generators to give the plugin as `markdownGenerators`: the plugin's own, with the provider's plain
 * text escaped where they write it as Markdown and every page's front-matter strings escaped.
 *
 * @throws {Error} naming this module when the plugin's default generators cannot be found.
 */
export function safeMarkdownGenerators(): DefaultGenerators {
  const defaults = defaultGenerators();
  return {
    createApiPageMD(page: ApiPageMetadata) {
      const markdown = defaults.createApiPageMD(page);
      frontMatterEscaped(page);
      return markdown;
    },
    createInfoPageMD(page: InfoPageMetadata) {
      const markdown = defaults.createInfoPageMD(infoPageAsText(page));
      frontMatterEscaped(page);
      return markdown;
    },
    createTagPageMD(page: TagPageMetadata) {
      const markdown = defaults.createTagPageMD(page);
      frontMatterEscaped(page);
      return markdown;
    },
    createSchemaPageMD(page: SchemaPageMetadata) {
      const markdown = defaults.createSchemaPageMD(page);
      frontMatterEscaped(page);
      return markdown;
    },
  };
}
