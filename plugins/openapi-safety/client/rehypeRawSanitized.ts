/**
 * What the OpenAPI theme's Markdown renderer gets when it imports `rehype-raw` (./index.ts points its import
 * here): rehype-raw, then rehype-sanitize with the allow-list the build applies (rules/providerText.ts), then
 * relative links and images dropped. The theme renders texts the build never saw, such as the enum
 * descriptions' table it writes in the browser from an `x-enumDescriptions` and the enum values themselves,
 * so whatever it renders is sanitized where it is rendered. The theme's own admonition element is not on the
 * allow-list: its content is written as HTML unescaped (lib/theme/Markdown `convertAstToHtmlStr`), so an
 * admonition in such a text renders as its plain content.
 */
import type { Root } from 'hast';
import rehypeRaw, { type Options } from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import type { VFile } from 'vfile';
import { dropRelativeUrls, providerTextSchema } from '@site/rules/providerText';

const schema = providerTextSchema(defaultSchema);

/**
 * A unified plugin in rehype-raw's place: raw HTML parsed, then sanitized.
 *
 * @param options - rehype-raw's options, as the theme passes them.
 * @returns the transformer: a hast tree in, the sanitized tree out.
 */
export default function rehypeRawSanitized(options?: Options): (tree: Root, file: VFile) => Root {
  const raw = rehypeRaw(options);
  const sanitize = rehypeSanitize(schema);
  return (tree, file) => {
    const sanitized = sanitize(raw(tree, file)) as Root;
    dropRelativeUrls(sanitized);
    return sanitized;
  };
}
