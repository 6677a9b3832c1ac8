/**
 * Synthetic content at N× today's size, for measuring how the portal's cost grows (`npm run bench:scale`). Deterministic: the same input and factor give the same bytes, so byte figures
 * can be budgets.
 *
 * - {@link scaleContract}: the contract with N copies of every operation and component (schemas,
 *   responses, parameters…). Copy k (2…N) lives under `/s<k>` (`/documents` → `/s2/documents`), its
 *   operationIds, tags and component names carry `S<k>`, and its `$ref`s point at its own components, so every copy is as deep and as linked as the original and
 *   the whole stays valid under the Redocly lint (`redocly.yaml`).
 * - {@link scaleDocs}: the docs folder with N copies: copy k (2…N) in `docs/scale-<k>/`, its own sidebar
 *   category, every doc's `id`/`slug` front matter kept unique and its relative links within the copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HTTP_METHODS, type ContractNode } from '../../rules/contract';

/** Components every copy gets its own of (security schemes stay shared: one sign-in for the whole API). */
const COPIED_COMPONENTS = ['schemas', 'responses', 'parameters', 'requestBodies', 'examples', 'headers'];

/** `#/components/schemas/Name` → `#/components/schemas/NameS3`, and so for every copied kind. */
function renameRefs(node: ContractNode, suffix: string): ContractNode {
  if (Array.isArray(node)) return node.map((item) => renameRefs(item, suffix));
  if (!node || typeof node !== 'object') return node;
  const copy: Record<string, ContractNode> = {};
  for (const [key, value] of Object.entries(node)) {
    const copied =
      key === '$ref' &&
      typeof value === 'string' &&
      COPIED_COMPONENTS.some((kind) => value.startsWith(`#/components/${kind}/`));
    copy[key] = copied ? `${value}${suffix}` : renameRefs(value, suffix);
  }
  return copy;
}

/**
 * The contract at `factor`× its operations and schemas (see the module comment). `factor` 1 returns a copy.
 *
 * @throws {Error} when `factor` is not a whole number from 1 to 100.
 */
export function scaleContract(contract: ContractNode, factor: number): ContractNode {
  if (!Number.isInteger(factor) || factor < 1 || factor > 100) {
    throw new Error(`scale factor ${factor}: give a whole number from 1 to 100`);
  }
  const doc = structuredClone(contract);
  const paths = doc.paths as Record<string, ContractNode>;
  const components = (doc.components ?? {}) as Record<string, Record<string, ContractNode>>;
  const originalComponents = COPIED_COMPONENTS.filter((kind) => components[kind]).map(
    (kind) => [kind, Object.entries(components[kind])] as const,
  );
  const tags = (doc.tags ?? []) as { name: string; description?: string }[];
  const originalPaths = Object.entries(paths);
  const originalTags = [...tags];
  for (let k = 2; k <= factor; k += 1) {
    const suffix = `S${k}`;
    for (const [kind, entries] of originalComponents) {
      for (const [name, node] of entries) components[kind][`${name}${suffix}`] = renameRefs(node, suffix);
    }
    for (const tag of originalTags) tags.push({ ...tag, name: `${tag.name} ${k}` });
    for (const [template, item] of originalPaths) {
      const copy = renameRefs(item, suffix);
      for (const method of HTTP_METHODS) {
        const operation = copy[method];
        if (!operation) continue;
        if (operation.operationId) operation.operationId = `${operation.operationId}${suffix}`;
        if (Array.isArray(operation.tags)) operation.tags = operation.tags.map((tag: string) => `${tag} ${k}`);
      }
      paths[`/s${k}${template}`] = copy;
    }
  }
  return doc;
}

/** Front matter keys that must stay unique per doc (the value untrimmed in group 2). */
const UNIQUE_KEYS = /^(id|slug):(.+)$/gm;

/**
 * Writes `docsDir` at `factor`× into `outDir` (emptied first): the original docs, then copies 2…N in
 * `scale-<k>/` (see the module comment).
 *
 * @returns how many doc files were written.
 */
export function scaleDocs(docsDir: string, outDir: string, factor: number): number {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.cpSync(docsDir, outDir, { recursive: true });
  const files = fs
    .readdirSync(docsDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.mdx?$/.test(name) || name.endsWith('_category_.json'));
  let written = files.filter((name) => /\.mdx?$/.test(name)).length;
  for (let k = 2; k <= factor; k += 1) {
    const copyDir = path.join(outDir, `scale-${k}`);
    for (const name of files) {
      const target = path.join(copyDir, name);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      let text = fs.readFileSync(path.join(docsDir, name), 'utf8');
      if (name.endsWith('_category_.json')) {
        const category = JSON.parse(text);
        if (category.label) category.label = `${category.label} ${k}`;
        if (category.link?.slug) category.link.slug = `${category.link.slug}-${k}`;
        text = JSON.stringify(category, null, 2);
      } else {
        // Absolute links into the docs point at this copy's page; `id`/`slug` get the copy's number.
        text = text.replace(/\]\(\/docs\//g, `](/docs/scale-${k}/`);
        text = text.replace(UNIQUE_KEYS, (_m, key: string, value: string) =>
          key === 'slug' ? `slug: /scale-${k}${value.trim().replace(/^\/?/, '/')}` : `id: ${value.trim()}-${k}`,
        );
        written += 1;
      }
      fs.writeFileSync(target, text);
    }
    // The copy is a sidebar category of its own.
    fs.writeFileSync(path.join(copyDir, '_category_.json'), JSON.stringify({ label: `Copy ${k}`, position: 100 + k }));
  }
  return written;
}

/**
 * The exponent b of the least-squares fit y ≈ a·x^b (a line through the logarithms); NaN under two points.
 *
 * @param points - sizes `x` and costs `y`, both positive.
 */
export function growthExponent(points: { x: number; y: number }[]): number {
  if (points.length < 2) return NaN;
  const logs = points.map(({ x, y }) => ({ x: Math.log(x), y: Math.log(y) }));
  const meanX = logs.reduce((t, p) => t + p.x, 0) / logs.length;
  const meanY = logs.reduce((t, p) => t + p.y, 0) / logs.length;
  const covariance = logs.reduce((t, p) => t + (p.x - meanX) * (p.y - meanY), 0);
  const variance = logs.reduce((t, p) => t + (p.x - meanX) ** 2, 0);
  return covariance / variance;
}
