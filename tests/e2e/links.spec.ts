/**
 * Link check of the production build. The build ignores broken links (spec §2.1 build
 * flags), so this crawls every built page instead: each internal link must name a page or file of
 * the build, and each `#anchor` an element id of that page. Prints how many links were checked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { test, expect } from '@playwright/test';
import { siteFiles } from '../../server/app';

const BUILD = path.resolve(__dirname, '../../build');
const SITE = 'http://localhost';

type Element = DefaultTreeAdapterMap['element'];

/** Every element of an HTML file, parsed as browsers do (parse5, the WHATWG algorithm). */
function elementsOf(file: string): Element[] {
  const out: Element[] = [];
  const visit = (node: DefaultTreeAdapterMap['parentNode']) => {
    for (const child of node.childNodes) {
      if ('tagName' in child) {
        out.push(child);
        visit('content' in child ? (child as DefaultTreeAdapterMap['template']).content : child);
      }
    }
  };
  visit(parse(fs.readFileSync(path.join(BUILD, file), 'utf8')));
  return out;
}

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;

test('every internal link and anchor of the build resolves', () => {
  const files = siteFiles(BUILD);
  const ids = new Map<string, Set<string>>();
  const idsOf = (file: string) => {
    if (!ids.has(file)) {
      ids.set(file, new Set(elementsOf(file).flatMap((el) => attr(el, 'id') ?? [])));
    }
    return ids.get(file)!;
  };

  const broken: string[] = [];
  let checked = 0;
  for (const [route, file] of files) {
    if (!file.endsWith('.html') || route !== `/${file}`) continue;
    const pageUrl = new URL(route.replace(/index\.html$/, ''), SITE);
    for (const anchor of elementsOf(file).filter((el) => el.tagName === 'a' && attr(el, 'href') !== undefined)) {
      const href = attr(anchor, 'href')!;
      if (/^(mailto:|tel:|javascript:)/.test(href)) continue;
      const target = new URL(href, pageUrl);
      if (target.origin !== SITE) continue;
      checked += 1;
      const targetPath = decodeURIComponent(target.pathname);
      const targetFile = files.get(targetPath) ?? files.get(targetPath.replace(/\/$/, ''));
      if (!targetFile) {
        broken.push(`${route}: ${href} (no such page)`);
        continue;
      }
      const hash = decodeURIComponent(target.hash.slice(1));
      if (hash && targetFile.endsWith('.html') && !idsOf(targetFile).has(hash)) {
        broken.push(`${route}: ${href} (no #${hash} on ${targetPath})`);
      }
    }
  }
  console.log(`link check: ${checked} internal links checked, ${broken.length} broken`);
  expect(broken).toEqual([]);
});
