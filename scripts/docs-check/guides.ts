/**
 * A guide page as a reader follows it: its steps in page order, and for each language the journey a
 * reader of that language takes (`npm test` runs every journey, scripts/docs-check/__tests__/guides.test.ts).
 *
 * What a page holds, and what each is to the reader:
 * - a fenced `bash` block with no language in its title: a step in the reader's terminal, whatever language
 *   they read the rest in (setting the environment, installing a package);
 * - `<ScriptSettings />`: the terminal step that sets this portal's values (API base, user pool, account),
 *   as src/components/ScriptSettings renders it for the portal's configuration;
 * - `<ContinuesFrom page="…" />`: the page a reader follows first (its steps run first, in the same
 *   terminal and program);
 * - a block titled `… (curl)`, `… (Python)` or `… (TypeScript)`, or a `python` or `ts` block: a step of that
 *   language only;
 * - `<ApiSample>`: one request, a step in every language (rules/apiSample.ts writes it);
 * - a `json` block titled `… answer` (or `… answer (curl)`): what the step before it prints, compared with
 *   what it really prints; a string ending in `…` is shortened and matches any string it starts. Titled
 *   `… answer, when asked <CHALLENGE>` (`Sign-in answer, when asked NEW_PASSWORD_REQUIRED`), it is what an
 *   account Cognito asks that challenge gets: compared only in a run signing such an account in (the other
 *   answers only in the runs that sign in an ordinary account);
 * - a block of one of those languages titled `… (not run: <why>)`: shown, never run, and counted;
 * - any other block titled with a file name (`manifest.csv`): a file the reader saves where the program runs.
 * Any other block (`text`, `json` without "answer", `yaml`, …) is not a command, and is not run.
 *
 * Each language's journey runs the terminal steps in one shell, then that language's steps in page order
 * as one program (curl: the same shell; Python: one script; TypeScript: one ES module), in an environment
 * holding only what the terminal steps set.
 */

/** The languages a reader follows a guide in. */
export const LANGUAGES = ['curl', 'Python', 'TypeScript'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where a step is: its page (from the site root) and the 1-based line of its opening fence or tag. */
interface At {
  file: string;
  line: number;
}

/** One thing a page shows, where it is, and what it is to a reader. */
export type Step = At &
  (
    | { kind: 'terminal'; title?: string; code: string }
    | { kind: 'settings' }
    | { kind: 'continues'; page: string }
    | { kind: 'code'; title?: string; language: Language; code: string }
    | { kind: 'sample'; title?: string; sample: string }
    | { kind: 'answer'; title: string; language?: Language; challenge?: string; json: string }
    | { kind: 'not-run'; title: string; why: string }
    | { kind: 'file'; name: string; content: string }
  );

/** A page and its steps. */
export interface Guide {
  /** The page's file from the site root, e.g. `docs/api/tokens.mdx`. */
  file: string;
  steps: Step[];
}

/** Fence languages whose blocks are commands, and the language each is. `undefined`: the reader's terminal. */
const COMMAND_FENCES: Record<string, Language | undefined> = {
  bash: undefined,
  sh: undefined,
  shell: undefined,
  python: 'Python',
  py: 'Python',
  ts: 'TypeScript',
  typescript: 'TypeScript',
};

/** `title="…"` of a fence's info string. */
function titleOf(info: string): string | undefined {
  const start = info.indexOf('title="');
  if (start < 0) return undefined;
  const end = info.indexOf('"', start + 7);
  return end < 0 ? undefined : info.slice(start + 7, end);
}

/** The language a title ends in, `… (curl)` → `curl`. */
function languageOf(title: string | undefined): Language | undefined {
  return LANGUAGES.find((language) => title?.endsWith(`(${language})`));
}

/** The challenge an answer's title names, `… answer, when asked SOFTWARE_TOKEN_MFA` → `SOFTWARE_TOKEN_MFA`. */
function challengeOf(title: string): string | undefined {
  return /\bwhen asked ([A-Z_]+)/.exec(title)?.[1];
}

/** The reason of a title `… (not run: <why>)`, or `undefined`. */
function notRunReason(title: string | undefined): string | undefined {
  const start = title?.indexOf('(not run: ') ?? -1;
  if (!title || start < 0 || !title.endsWith(')')) return undefined;
  return title.slice(start + '(not run: '.length, -1);
}

/** The step of one fenced block, or `undefined` for a block that is not a command or an answer. */
function fenceStep(at: At, info: string, code: string): Step | undefined {
  const fence = info.split(/\s/, 1)[0].toLowerCase();
  const title = titleOf(info);
  if (fence === 'json' && title && /\banswer\b/i.test(title))
    return { ...at, kind: 'answer', title, language: languageOf(title), challenge: challengeOf(title), json: code };
  if (!(fence in COMMAND_FENCES))
    return title && isFileName(title) ? { ...at, kind: 'file', name: title, content: code } : undefined;
  const why = notRunReason(title);
  if (why !== undefined) return { ...at, kind: 'not-run', title: title!, why };
  const language = COMMAND_FENCES[fence] ?? languageOf(title);
  if (language === undefined) return { ...at, kind: 'terminal', title, code };
  return { ...at, kind: 'code', title, language, code };
}

/** Whether a block's title is a file name to save it as: one word with an extension, no folder. */
function isFileName(title: string): boolean {
  const dot = title.lastIndexOf('.');
  return dot > 0 && dot < title.length - 1 && !/[\s/\\]/.test(title);
}

/** An attribute `name="…"` of a JSX tag's text. */
function jsxAttribute(tag: string, name: string): string | undefined {
  const start = tag.indexOf(`${name}="`);
  if (start < 0) return undefined;
  const end = tag.indexOf('"', start + name.length + 2);
  return end < 0 ? undefined : tag.slice(start + name.length + 2, end);
}

/** `./tokens.mdx` from `docs/api/x.mdx` → `docs/api/tokens.mdx`. */
function resolvePage(file: string, page: string): string {
  const parts = file.split('/').slice(0, -1);
  for (const part of page.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** A `<ApiSample …>{`…`}</ApiSample>` template literal's text as it evaluates (`\``, `\\`, `\$` unescaped). */
const unescapeTemplate = (text: string) => text.replace(/\\([\\`$])/g, '$1');

/**
 * Reads a page's steps in order: fenced blocks (opened by ``` at the start of a line), `<ApiSample>` and
 * `<ScriptSettings />`.
 *
 * @param file - the page's path from the site root, for messages.
 * @param text - the page's Markdown or MDX.
 * @throws {Error} naming the file and line of an `<ApiSample>` that is not written as ``{`…`}``.
 */
export function guideOf(file: string, text: string): Guide {
  const lines = text.split('\n');
  const steps: Step[] = [];
  for (let n = 0; n < lines.length; n += 1) {
    const line = lines[n];
    const at = { file, line: n + 1 };
    if (line.startsWith('```')) {
      const end = lines.findIndex((candidate, m) => m > n && candidate.startsWith('```'));
      if (end < 0) break;
      const step = fenceStep(at, line.slice(3).trim(), lines.slice(n + 1, end).join('\n'));
      if (step) steps.push(step);
      n = end;
    } else if (line.startsWith('<ScriptSettings')) {
      steps.push({ ...at, kind: 'settings' });
    } else if (line.startsWith('<ContinuesFrom')) {
      const page = jsxAttribute(line, 'page');
      if (!page) throw new Error(`${file}:${n + 1}: write <ContinuesFrom page="./other.mdx" title="Other" />`);
      steps.push({ ...at, kind: 'continues', page: resolvePage(file, page) });
    } else if (line.startsWith('<ApiSample')) {
      const end = lines.findIndex((candidate, m) => m >= n && candidate.includes('</ApiSample>'));
      const whole = lines.slice(n, end + 1).join('\n');
      const open = whole.indexOf('{`');
      const close = whole.lastIndexOf('`}');
      if (end < 0 || open < 0 || close < open)
        throw new Error(`${file}:${n + 1}: write a request sample as <ApiSample>{\`GET /path\`}</ApiSample>`);
      const title = jsxAttribute(whole.slice(0, open), 'title');
      steps.push({ ...at, kind: 'sample', title, sample: unescapeTemplate(whole.slice(open + 2, close)) });
      n = end;
    }
  }
  return { file, steps };
}

/**
 * The steps of `guide` a reader of `language` takes, in page order: terminal steps and their own, with the
 * whole journey of each page it continues (`<ContinuesFrom />`) in its place.
 *
 * @param guides - every guide by file, to find the pages continued.
 * @throws {Error} naming the page when it continues a page that is not a guide, or continues itself.
 */
export function journeyOf(guide: Guide, language: Language, guides: Map<string, Guide>, seen: string[] = []): Step[] {
  if (seen.includes(guide.file)) throw new Error(`${[...seen, guide.file].join(' → ')}: a page continues itself`);
  return guide.steps.flatMap((step): Step[] => {
    if (step.kind === 'continues') {
      const before = guides.get(step.page);
      if (!before) throw new Error(`${step.file}:${step.line}: continues ${step.page}, which is no guide`);
      return journeyOf(before, language, guides, [...seen, guide.file]);
    }
    if (step.kind === 'code' || step.kind === 'answer') return (step.language ?? language) === language ? [step] : [];
    return step.kind === 'not-run' ? [] : [step];
  });
}

/** Whether a journey has a step of its own language (a page with curl samples only has no Python journey). */
export const hasOwnSteps = (journey: Step[]): boolean =>
  journey.some((step) => step.kind === 'code' || step.kind === 'sample');

/** A step's name in messages: `docs/api/tokens.mdx:42 code "Sign in (Python)"`. */
export function stepName(step: Step): string {
  const title = 'title' in step && step.title ? ` "${step.title}"` : '';
  return `${step.file}:${step.line} ${step.kind}${title}`;
}
