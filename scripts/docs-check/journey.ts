/**
 * Runs one guide's journey in one language as a reader would (./guides.ts says what a journey is): the
 * terminal steps in one bash session, then the language's steps in page order as one program — for curl
 * the same session, for Python one script run by `python3`, for TypeScript one ES module run by `node`
 * (Node 24 strips the types of an `.mts` file). Each program is the page's text, with one line printed
 * before each step so that what a step printed, and the step that failed, can be told apart. Each runs
 * from a file, so its standard input is free for what the reader types at the steps' prompts.
 *
 * Go's request samples are whole programs of their own (rules/apiSampleSnippets.ts), which a reader runs in
 * the terminal where the page's terminal steps set `API_BASE` and `TOKEN` (Getting started, "How to run the
 * samples"): the Go journey is the curl journey (the same session), each request sample saved as `main.go`
 * in a folder of its own and run there with `go run main.go` instead of curl.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseRequestSample, toCurl, toPython, toTypeScript } from '../../rules/apiSample';
import { toGo } from '../../rules/apiSampleSnippets';
import { stepName, type Language, type Step } from './guides';

/**
 * The languages a guide runs in: those it is written in (./guides.ts), and Go, whose journey is the curl one
 * with each request sample run as a Go program.
 */
export type JourneyLanguage = Language | 'Go';

/** What a journey runs with. */
export interface JourneyContext {
  /** The terminal's environment before the page's first step: `PATH`, `HOME`, `LANG`, nothing of the portal. */
  baseEnv: Record<string, string>;
  /** What `<ScriptSettings />` shows for the portal the journey runs against (export lines). */
  settings: string;
  /** The Python 3 (with requests) the Python journeys run. */
  python: string;
  /** A folder for the programs and the terminal's environment file. */
  workDir: string;
  /** Longest a journey may take, in ms. */
  timeoutMs?: number;
  /**
   * A pause before each step `before` picks, as a reader who comes back later makes one (to let a token's
   * lifetime pass): the program POSTs to `url` and goes on when it is answered. The test behind `url`
   * moves its services' clock forward, so no real time has to pass.
   */
  pause?: { before: (step: Step) => boolean; url: string };
  /** Whether to compare the answers a page shows (default true; off for a run whose lifetimes differ). */
  compareAnswers?: boolean;
  /**
   * The challenge Cognito asks the journey's account (`NEW_PASSWORD_REQUIRED`, `SOFTWARE_TOKEN_MFA`), or
   * undefined for an ordinary account: the answers titled `… when asked <it>` are compared, and the others
   * are not, as they show what a different account gets (./guides.ts).
   */
  challenge?: string;
  /**
   * The terminal the curl journey runs in: `bash` (default) or `zsh`, macOS's default shell, which the pages
   * promise too and which differs where scripts care (its `echo` reads backslash escapes, for one).
   */
  shell?: 'bash' | 'zsh';
  /**
   * What the reader types at `step`'s prompts, lines ending in `\n` (none when undefined). It is asked for
   * just before the program holding the step starts, so a time-based code is current.
   */
  typed?: (step: Step) => string | undefined;
}

/** What one step printed (standard output, trimmed). */
export interface StepOutput {
  step: Step;
  output: string;
}

/** A step that failed, or an answer that is not what its step printed: the message names the page and step. */
export class JourneyError extends Error {}

/** The line printed before step `n`: a record separator no guide prints. */
const marker = (n: number) => `\u001estep ${n}`;

/** The text of a step in `language`, as the page shows it to that reader (a request sample in that language). */
function codeOf(step: Step, language: Language, settings: string): string | undefined {
  if (step.kind === 'terminal' || step.kind === 'code') return step.code;
  if (step.kind === 'settings') return settings;
  if (step.kind !== 'sample') return undefined;
  const sample = parseRequestSample(step.sample);
  return { curl: toCurl, Python: toPython, TypeScript: toTypeScript }[language](sample);
}

/**
 * Saves each request sample of `steps` in Go, as `go-<n>/main.go` of `workDir`, and returns the steps with
 * each sample's code the terminal command a reader runs it with.
 */
function asGoPrograms(
  steps: { n: number; step: Step; code: string }[],
  workDir: string,
): { n: number; step: Step; code: string }[] {
  return steps.map((entry) => {
    if (entry.step.kind !== 'sample') return entry;
    const folder = `go-${entry.n}`;
    fs.mkdirSync(path.join(workDir, folder), { recursive: true });
    fs.writeFileSync(path.join(workDir, folder, 'main.go'), `${toGo(parseRequestSample(entry.step.sample))}\n`);
    return { ...entry, code: `(cd ${folder} && go run main.go)` };
  });
}

/** Runs `command` and resolves with its standard output and error, whatever its exit status. */
function run(
  command: string,
  args: string[],
  options: { env: Record<string, string>; cwd: string; input?: string; timeoutMs: number },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: options.env,
      cwd: options.cwd,
      // In a session of its own, with no terminal: a prompt that reads the terminal (Python's getpass)
      // reads standard input instead, as it does in CI, rather than the terminal the tests run in.
      detached: true,
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), options.timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        code: code ?? 1,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
    // A program may end without reading what is typed (EPIPE): its exit status and output say how it went.
    child.stdin.on('error', () => undefined);
    // Closed either way: a prompt given nothing reads the end of input rather than waiting for the timeout.
    child.stdin.end(options.input ?? '');
  });
}

/** The terminal's environment after `script` (bash, `set -euo pipefail`), read back from `env -0`. */
function readEnv(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of fs.readFileSync(file, 'utf8').split('\0')) {
    const equals = entry.indexOf('=');
    if (equals > 0) env[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  return env;
}

/**
 * A program's text: each step's code after a line printing its marker, in `language`'s syntax, and the
 * context's pause before the step it names.
 */
function program(
  steps: { n: number; step: Step; code: string }[],
  language: 'bash' | JourneyLanguage,
  pause?: JourneyContext['pause'],
): string {
  const print = {
    bash: (n: number) => `printf '\\n%s\\n' '${marker(n)}'`,
    curl: (n: number) => `printf '\\n%s\\n' '${marker(n)}'`,
    Go: (n: number) => `printf '\\n%s\\n' '${marker(n)}'`,
    Python: (n: number) => `print("\\n${marker(n).replace('\u001e', '\\x1e')}", flush=True)`,
    TypeScript: (n: number) => `console.log("\\n${marker(n).replace('\u001e', '\\u001e')}");`,
  }[language];
  const post = (url: string) =>
    ({
      bash: `curl -fsS -X POST '${url}' > /dev/null`,
      curl: `curl -fsS -X POST '${url}' > /dev/null`,
      Go: `curl -fsS -X POST '${url}' > /dev/null`,
      Python: `__import__("urllib.request").request.urlopen(__import__("urllib.request").request.Request("${url}", method="POST")).close()`,
      TypeScript: `await fetch("${url}", { method: "POST" });`,
    })[language];
  const pausesAt = (step: Step) => Boolean(pause?.before(step));
  return steps
    .map(({ n, step, code }) => `${pausesAt(step) ? `${post(pause!.url)}\n` : ''}${print(n)}\n${code}\n`)
    .join('');
}

/** Splits a program's output at the markers: step index → what it printed. */
function outputsOf(stdout: string): Map<number, string> {
  const outputs = new Map<number, string>();
  let current: number | undefined;
  let lines: string[] = [];
  const flush = () => current !== undefined && outputs.set(current, lines.join('\n').trim());
  for (const line of stdout.split('\n')) {
    if (line.startsWith('\u001estep ')) {
      flush();
      current = Number(line.slice('\u001estep '.length));
      lines = [];
    } else lines.push(line);
  }
  flush();
  return outputs;
}

/** A step a journey runs: its index on the page and its code in the journey's language. */
interface RunnableStep {
  step: Step;
  n: number;
  code: string;
}

/** What running a journey's programs needs: the steps it runs, the page's context, and its failure for a step. */
interface JourneyRun {
  runnable: RunnableStep[];
  language: JourneyLanguage;
  context: JourneyContext;
  timeoutMs: number;
  /** The error naming step `n` (or the page, before its first step) and why it failed. */
  fail: (n: number | undefined, why: string) => JourneyError;
}

/** The last step a program's output reached, where it failed. */
const failedStep = (stdout: string) => [...outputsOf(stdout).keys()].at(-1);

/** What the reader types at the prompts of `steps`, in order. */
const typedAt = (context: JourneyContext, steps: { step: Step }[]) =>
  steps.map(({ step }) => context.typed?.(step) ?? '').join('');

/** Writes a program to the work folder and returns its path. */
function saveProgram(context: JourneyContext, name: string, text: string): string {
  const file = path.join(context.workDir, name);
  fs.writeFileSync(file, text);
  return file;
}

/**
 * The curl journey, and the Go one (the curl journey with each request sample a Go program): every step in one
 * shell script (bash, or zsh where the context says), in page order.
 */
async function runCurlJourney({ runnable, language, context, timeoutMs, fail }: JourneyRun): Promise<string> {
  const script = saveProgram(context, 'guide.sh', program(runnable, language === 'Go' ? 'Go' : 'curl', context.pause));
  const shell = context.shell ?? 'bash';
  const result = await run(shell, [...(shell === 'zsh' ? ['-eu', '-o', 'pipefail'] : ['-euo', 'pipefail']), script], {
    env: context.baseEnv,
    cwd: context.workDir,
    input: typedAt(context, runnable),
    timeoutMs,
  });
  if (result.code !== 0) throw fail(failedStep(result.stdout), `${result.stderr}${result.stdout}`.slice(-2000));
  return result.stdout;
}

/**
 * A Python or TypeScript journey: the terminal and settings steps in bash first, then the language's own steps
 * in one program, in the environment the terminal steps left.
 */
async function runLanguageJourney({ runnable, language, context, timeoutMs, fail }: JourneyRun): Promise<string> {
  const terminal = runnable.filter(({ step }) => step.kind === 'terminal' || step.kind === 'settings');
  const own = runnable.filter(({ step }) => step.kind !== 'terminal' && step.kind !== 'settings');
  const envFile = path.join(context.workDir, `env-${language}`);
  const script = saveProgram(
    context,
    'terminal.sh',
    `${program(terminal, 'bash')}env -0 > ${JSON.stringify(envFile)}\n`,
  );
  const shell = await run('bash', ['-euo', 'pipefail', script], {
    env: context.baseEnv,
    cwd: context.workDir,
    input: typedAt(context, terminal),
    timeoutMs,
  });
  if (shell.code !== 0) throw fail(failedStep(shell.stdout), `${shell.stderr}${shell.stdout}`.slice(-2000));
  const source = saveProgram(
    context,
    language === 'Python' ? 'guide.py' : 'guide.mts',
    program(own, language, context.pause),
  );
  const result = await run(
    language === 'Python' ? context.python : process.execPath,
    language === 'Python' ? [source] : ['--no-warnings', source],
    { env: readEnv(envFile), cwd: context.workDir, input: typedAt(context, own), timeoutMs },
  );
  if (result.code !== 0) throw fail(failedStep(result.stdout), `${result.stderr}${result.stdout}`.slice(-2000));
  return `${shell.stdout}\n${result.stdout}`;
}

/**
 * Runs `journey` (./guides.ts `journeyOf`) of the page `file` in `language` (for Go, the curl journey).
 *
 * @returns what each step printed, in page order (answers and steps not run are not in it).
 * @throws {JourneyError} naming the page, the step and the language when a step fails (with its output)
 *   or an answer differs from what its step printed.
 */
export async function runJourney(
  file: string,
  journey: Step[],
  language: JourneyLanguage,
  context: JourneyContext,
): Promise<StepOutput[]> {
  // The files the page tells the reader to save, where their program runs.
  for (const step of journey)
    if (step.kind === 'file') fs.writeFileSync(path.join(context.workDir, step.name), `${step.content}\n`);
  const written = journey
    .map((step, n) => ({ step, n, code: codeOf(step, language === 'Go' ? 'curl' : language, context.settings) }))
    .filter((entry): entry is RunnableStep => entry.code !== undefined);
  const runnable = language === 'Go' ? asGoPrograms(written, context.workDir) : written;
  const fail = (n: number | undefined, why: string) => {
    const step = n === undefined ? undefined : journey[n];
    const where = step ? stepName(step) : `${file} (before its first step)`;
    const journeyName = language === 'curl' && context.shell === 'zsh' ? 'curl (zsh)' : language;
    return new JourneyError(`${where} fails in the ${journeyName} journey: ${why}`);
  };
  const journeyRun: JourneyRun = { runnable, language, context, timeoutMs: context.timeoutMs ?? 60_000, fail };
  const stdout = await (language === 'curl' || language === 'Go'
    ? runCurlJourney(journeyRun)
    : runLanguageJourney(journeyRun));

  const outputs = outputsOf(stdout);
  const printed: StepOutput[] = runnable.map(({ step, n }) => ({ step, output: outputs.get(n) ?? '' }));
  if (context.compareAnswers !== false)
    checkAnswers(
      journey.map((step) => (step.kind === 'answer' && step.challenge !== context.challenge ? undefined : step)),
      language,
      outputs,
    );
  return printed;
}

/** What a page writes where it leaves something out of an answer. */
export const ELLIPSIS = '…';

/**
 * Whether `actual` is the answer a page shows as `shown`: equal, except where the page shortens it. A
 * string ending in `…` matches any string it starts; a list whose last item is `"…"` any list starting
 * with the items before it; an object with the key `"…"` any object holding its other keys, with those
 * values. Nothing else may differ, so a shown answer still says what a reader gets.
 */
export function matchesAnswer(shown: unknown, actual: unknown): boolean {
  if (typeof shown === 'string' && shown.endsWith(ELLIPSIS))
    return typeof actual === 'string' && actual.startsWith(shown.slice(0, -1));
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual)) return false;
    const more = shown.at(-1) === ELLIPSIS;
    const items = more ? shown.slice(0, -1) : shown;
    return (
      (more ? actual.length >= items.length : actual.length === items.length) &&
      items.every((s, i) => matchesAnswer(s, actual[i]))
    );
  }
  if (shown && typeof shown === 'object') {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const more = ELLIPSIS in shown;
    const keys = Object.keys(shown).filter((key) => key !== ELLIPSIS);
    return (
      (more || keys.length === Object.keys(actual).length) &&
      keys.every(
        (key) =>
          key in actual &&
          matchesAnswer((shown as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key]),
      )
    );
  }
  return Object.is(shown, actual);
}

/** A JSON value with each string over 40 characters shortened as a page shows it (`"eyJhbG…"`). */
function shortened(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 40 ? `${value.slice(0, 6)}…` : value;
  if (Array.isArray(value)) return value.map(shortened);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shortened(item)]));
  return value;
}

/** Each answer of the journey against what the step before it printed (`undefined`: an answer not compared). */
function checkAnswers(journey: (Step | undefined)[], language: JourneyLanguage, outputs: Map<number, string>): void {
  journey.forEach((step, n) => {
    if (step?.kind !== 'answer') return;
    const before = [...outputs.keys()].filter((m) => m < n).at(-1);
    const name = stepName(step);
    if (before === undefined) throw new JourneyError(`${name}: no step before this answer in the ${language} journey`);
    let shown: unknown;
    let actual: unknown;
    try {
      shown = JSON.parse(step.json);
    } catch (error) {
      throw new JourneyError(`${name}: the answer shown is not JSON (${(error as Error).message})`);
    }
    const printed = outputs.get(before) ?? '';
    try {
      actual = JSON.parse(printed);
    } catch {
      throw new JourneyError(
        `${name}: ${stepName(journey[before]!)} printed no JSON in the ${language} journey: ${printed.slice(0, 300)}`,
      );
    }
    if (!matchesAnswer(shown, actual))
      throw new JourneyError(
        `${name}: the answer shown is not what ${stepName(journey[before]!)} prints in the ${language} journey:\n` +
          JSON.stringify(shortened(actual), null, 2).slice(0, 4000),
      );
  });
}
