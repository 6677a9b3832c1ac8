/**
 * A docs page's Markdown as the site's own remark plugins leave it before Docusaurus' defaults, for the identity
 * mode of the environment this runs in: docusaurus.config.ts is loaded (a build for a user pool when
 * COGNITO_USER_POOL_ID is set), its docs, blog and pages plugins' `beforeDefaultRemarkPlugins` are run on the
 * page (given as a path from the site root in argv[2]) with the parsers Docusaurus uses (front matter, MDX, directives, GFM),
 * and the result is printed as JSON `{ docs, blog, pages }`, each the Markdown stringified again. The remark
 * packages are ESM-only: this runs under tsx in a child process (tests/docs/localParts.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

type RemarkPlugin = [(options: unknown) => (tree: unknown) => void, unknown];
type ContentOptions = { beforeDefaultRemarkPlugins?: RemarkPlugin[] };

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '../..');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the configuration is CommonJS under tsx
  const config = require(path.join(root, 'docusaurus.config.ts')).default as {
    presets: [string, { docs: ContentOptions; blog: ContentOptions; pages: ContentOptions }][];
  };
  const [, preset] = config.presets[0];
  const [{ unified }, parse, frontmatter, mdx, gfm, directive, stringify] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-frontmatter'),
    import('remark-mdx'),
    import('remark-gfm'),
    import('remark-directive'),
    import('remark-stringify'),
  ]);
  const source = fs.readFileSync(path.join(root, process.argv[2]), 'utf8');
  const run = (plugins: RemarkPlugin[] = []) => {
    const processor = unified()
      .use(parse.default)
      .use(frontmatter.default, ['yaml'])
      .use(mdx.default)
      .use(gfm.default)
      .use(directive.default)
      .use(stringify.default);
    const tree = processor.parse(source);
    for (const [plugin, options] of plugins) plugin(options)(tree);
    return processor.stringify(tree as never);
  };
  process.stdout.write(
    JSON.stringify({
      docs: run(preset.docs.beforeDefaultRemarkPlugins),
      blog: run(preset.blog.beforeDefaultRemarkPlugins),
      pages: run(preset.pages.beforeDefaultRemarkPlugins),
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
