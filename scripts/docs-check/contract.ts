/**
 * The OpenAPI contract, loaded for the documentation checks: the parsed document, an Ajv
 * (JSON Schema 2020-12, as OpenAPI 3.1 uses) that knows it as `contract`, and operation lookup by
 * concrete path.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { loadContract } from '../../config/openapi';
import { operations, operationSlug, resolveRef } from '../../rules/contract';

export const ROOT = path.resolve(__dirname, '../..');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Node = any; // an arbitrary piece of the OpenAPI document

export const contract: Node = loadContract(ROOT);

function withContract(coerce: boolean) {
  const instance = new Ajv2020({ strict: false, allErrors: true, coerceTypes: coerce ? 'array' : false });
  addFormats(instance);
  instance.addSchema({ ...contract, $id: 'contract' });
  return instance;
}

/** Validates JSON bodies exactly. */
export const ajv = withContract(false);

/** Validates query and path values, which arrive as strings (`"1"`, `"true"`), coercing them. */
export const ajvParams = withContract(true);

/** A schema taken out of the contract, with its local `$ref`s pointing back into the contract. */
export const inContract = (schema: object): object =>
  JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"contract#/'));

/** JSON-pointer escaping of one path segment. */
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** A `$ref` to a node of the contract, for Ajv. */
export const refTo = (...segments: string[]) => ({ $ref: `contract#/${segments.map(escape).join('/')}` });

/** A node of the contract with its local `$ref`s followed (rules/contract.ts `resolveRef`). */
export const resolve = (node: Node): Node => resolveRef(contract, node).node;

/** Every operation: method, path template, operationId and the page slug the reference gives it. */
export function allOperations(): { method: string; template: string; operationId: string; slug: string }[] {
  return operations(contract).map(({ method, path, operation }) => ({
    method: method.toUpperCase(),
    template: path,
    operationId: operation.operationId,
    slug: operationSlug(operation.operationId),
  }));
}

/** Every `.md`/`.mdx` file under docs/, with its text. */
export function docFiles(): { file: string; text: string }[] {
  const docs = path.join(ROOT, 'docs');
  return fs
    .readdirSync(docs, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.mdx?$/.test(name))
    .map((name) => ({ file: path.join('docs', name), text: fs.readFileSync(path.join(docs, name), 'utf8') }));
}

/**
 * @returns the text of one doc, by its path from the site root (e.g. `docs/api/getting-started.mdx`).
 * @throws {Error} naming the file when it is missing.
 */
export function docText(file: string): string {
  const found = docFiles().find((d) => d.file === file);
  if (!found) throw new Error(`${file} is missing`);
  return found.text;
}

/**
 * @returns the body rows of the Markdown table whose header row starts with `| <header> |`, each as its
 *   trimmed cells.
 * @throws {Error} when `text` has no such table.
 */
export function tableRows(text: string, header: string): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${header} |`));
  if (start < 0) throw new Error(`no table headed "${header}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/**
 * Every `<ApiSample …>{`…`}</ApiSample>` of `files` (default: docs/), as its template literal evaluates,
 * with its file and the 1-based line it starts on.
 */
export function apiSamples(files = docFiles()): { file: string; line: number; sample: string }[] {
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(/<ApiSample[^>]*>\s*\{`((?:[^`\\]|\\.)*)`\}\s*<\/ApiSample>/g)].map((match) => ({
      file,
      line: text.slice(0, match.index).split('\n').length,
      sample: match[1].replace(/\\([\\`$])/g, '$1'),
    })),
  );
}

/** The languages a script sample may be written in, by the suffix of its code block's title. */
export const SCRIPT_LANGUAGES = { curl: 'bash', Python: 'python', TypeScript: 'ts' } as const;

/** A code block that is a whole program: the guides' paging loop, retries, token calls. */
export interface ScriptSample {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The block's title, e.g. `Every page (Python)`. */
  title: string;
  language: keyof typeof SCRIPT_LANGUAGES;
  code: string;
}

/**
 * Every fenced code block of `files` (default: docs/) whose title ends in `(curl)`, `(Python)` or
 * `(TypeScript)`: programs a reader runs as they are, so the tests run them too
 * (scripts/docs-check/__tests__/guides.test.ts).
 */
export function scriptSamples(files = docFiles()): ScriptSample[] {
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(/^```[^\n]*title="([^"]*\((curl|Python|TypeScript)\))"[^\n]*\n([\s\S]*?)^```/gm)].map(
      (match) => ({
        file,
        line: text.slice(0, match.index).split('\n').length,
        title: match[1],
        language: match[2] as ScriptSample['language'],
        code: match[3],
      }),
    ),
  );
}
