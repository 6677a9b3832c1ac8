/**
 * What the contract assumes where the spec is silent. Every such detail carries an
 * `x-assumed: <what and why>` extension in `openapi/customer-api.yaml`; `openapi/README.md` lists them
 * by JSON pointer for a maintainer to settle against the provider's own description, and the build
 * shows each one in the rendered reference, so readers never take an assumption for the provider's word.
 */

/** The extension that marks an assumed detail; its value says, for readers, what is assumed. */
export const ASSUMED = 'x-assumed';

/** One assumed detail: where it sits in the contract and what it assumes. */
export interface Assumption {
  /** JSON pointer from the contract's root, as a URI fragment, e.g. `#/components/schemas/Domain`. */
  pointer: string;
  /** The `x-assumed` text. */
  reason: string;
}

/** JSON-pointer escaping of one segment (RFC 6901). */
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Every `x-assumed` of an OpenAPI document, in document order. Local `$ref`s are not followed, so each
 * assumption is found once, where it is written.
 *
 * @throws {Error} naming the pointer when an `x-assumed` is not a non-empty string.
 */
export function findAssumptions(doc: unknown): Assumption[] {
  const found: Assumption[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    for (const [key, value] of Object.entries(node)) {
      if (key === ASSUMED) {
        if (typeof value !== 'string' || !value.trim()) {
          throw new Error(`${ASSUMED} at ${pointer || '#'} must say what is assumed (a non-empty string)`);
        }
        found.push({ pointer: pointer || '#', reason: value.trim() });
      } else {
        walk(value, `${pointer || '#'}/${escape(key)}`);
      }
    }
  };
  walk(doc, '');
  return found;
}

/**
 * The pointers listed in a Markdown document's assumption table: the first cell of each row of the
 * table whose header row starts with `| Where |`, written as a code span (`` `#/components/...` ``).
 *
 * @throws {Error} when there is no such table.
 */
export function listedAssumptions(markdown: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^\|\s*Where\s*\|/.test(line));
  if (start < 0) throw new Error('no assumption table (a Markdown table headed "| Where |")');
  const pointers: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cell = line.split('|')[1].trim();
    pointers.push(cell.replace(/^`|`$/g, ''));
  }
  return pointers;
}

/** The sentence the rendered reference shows for an assumption (Markdown). */
export const assumptionNote = (reason: string) => `_Assumed:_ ${reason}`;

/**
 * A copy of `doc` in which every node with an `x-assumed` also says so in its `description` (appended
 * as a paragraph, or as the description when it has none), so the generated API pages show it. The
 * extension itself stays.
 */
export function withAssumptionNotes<T>(doc: T): T {
  const copy = structuredClone(doc);
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const record = node as Record<string, unknown>;
    const reason = record[ASSUMED];
    if (typeof reason === 'string' && reason.trim()) {
      const note = assumptionNote(reason.trim());
      record.description = typeof record.description === 'string' ? `${record.description.trimEnd()}\n\n${note}` : note;
    }
    Object.values(record).forEach(walk);
  };
  walk(copy);
  return copy;
}
