/**
 * The doc id a `<ContinuesFrom page>` names: `page` (a file path relative to the doc holding it) resolved
 * against that doc's source and stripped of its extension, as Docusaurus ids docs by their path under
 * `docs/` (a front-matter `id` aside, which these guides do not set).
 *
 * @param source - the holding doc's source, e.g. `@site/docs/services/interrogator.mdx`.
 * @param page - e.g. `../api/getting-started.mdx`.
 * @returns e.g. `api/getting-started`.
 */
export function continuedDocId(source: string, page: string): string {
  const folder = source
    .replace(/^@site\/docs\//, '')
    .split('/')
    .slice(0, -1);
  for (const part of page.split('/')) {
    if (part === '..') folder.pop();
    else if (part !== '.' && part !== '') folder.push(part);
  }
  return folder.join('/').replace(/\.mdx?$/, '');
}
