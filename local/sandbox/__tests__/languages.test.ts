/**
 * @jest-environment node
 *
 * Every request sample of docs/ in Java and Go, and the sample of every operation page (rules/operationSample.ts,
 * what the page and its explorer's code samples show) in curl, Python, TypeScript, Java and Go, as a reader
 * writes it, with `API_BASE` and `TOKEN` set, against the sandbox behind Prism's validating front: each exits 0
 * (the samples exit 1 on an error answer), prints the answer, and no answer breaks the contract. The docs'
 * samples run in curl, Python and TypeScript in the guides (scripts/docs-check/__tests__/guides.test.ts).
 *
 * The samples are compiled together first, then each runs on its own: the Java ones in one JVM
 * (./CompileSamples.java, the JDK's own compiler) and run as `java ApiSample`, the Go ones in one `go build`
 * and run as their binaries. That is what `java ApiSample.java` and `go run main.go` do for each, without
 * starting the compiler and the linker afresh for every sample. A sample that does not compile runs as the
 * reader runs it, so the test fails with the compiler's message.
 *
 * A language whose toolchain is missing fails, saying how to install it (`npm test` installs both first,
 * scripts/ensure-test-tools.sh).
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../../../config/env';
import { parseRequestSample, toCurl, toPython, toTypeScript, type RequestSample } from '../../../rules/apiSample';
import { toGo, toJava } from '../../../rules/apiSampleSnippets';
import { explorerSampleOf, type ExplorerOperation } from '../../../rules/operationSample';
import { findOperation } from '../../../rules/contract';
import { allOperations, apiSamples, contract, resolve } from '../../../scripts/docs-check/contract';
import { createAccessTokenVerifier } from '../../../server/gate/verifier';
import { mintToken } from '../../../tests/support/gate';
import { pythonWithRequests } from '../../../tests/support/python';
import { LOCAL_JWKS } from '../../identity/jwks';
import { CorpusDb } from '../corpus/db';
import { startValidatedSandbox, type ValidatedSandbox } from '../validated';

/**
 * How each language's sample is written, compiled and run, and the Debian package that brings its toolchain:
 * `compiled` names what the build left in a sample's folder, `runCompiled` runs it, and `run` is the reader's
 * command, for a sample the build did not compile.
 */
const LANGUAGES = [
  ...(
    [
      ['curl', 'curl', 'curl jq', 'sample.sh', toCurl, ['bash', 'sample.sh']],
      ['Python', 'python3', 'python3-requests', 'sample.py', toPython, [pythonWithRequests(), 'sample.py']],
      ['TypeScript', 'node', 'nodejs', 'sample.mts', toTypeScript, [process.execPath, '--no-warnings', 'sample.mts']],
    ] as const
  ).map(([name, tool, debian, file, write, run]) => ({
    name,
    tool,
    install: `apt-get install -y ${debian}`,
    file,
    write,
    compiled: undefined,
    runCompiled: run,
    run,
    pages: 'operations' as const,
  })),
  {
    name: 'Java',
    tool: 'javac',
    install: 'apt-get install -y openjdk-17-jdk-headless',
    file: 'ApiSample.java',
    write: toJava,
    compiled: 'ApiSample.class',
    runCompiled: ['java', '-cp', '.', 'ApiSample'],
    run: ['java', 'ApiSample.java'],
    pages: 'all' as const,
  },
  {
    name: 'Go',
    tool: 'go',
    install: 'apt-get install -y golang-go',
    file: 'main.go',
    write: toGo,
    compiled: 'main',
    runCompiled: ['./main'],
    run: ['go', 'run', 'main.go'],
    pages: 'all' as const,
  },
] as const;

/** What an operation page's sample is made from, built from the contract as the generator builds it for the page. */
function explorerOperationOf(method: string, template: string): ExplorerOperation {
  const operation = (contract.paths as Record<string, Record<string, Record<string, unknown>>>)[template][
    method.toLowerCase()
  ];
  const requestBody = operation.requestBody ? resolve(operation.requestBody as object) : undefined;
  return {
    method,
    path: template,
    parameters: ((operation.parameters ?? []) as object[]).map((parameter) => resolve(parameter)),
    jsonRequestBodyExample: requestBody?.content?.['application/json']?.example,
  } as ExplorerOperation;
}

/** Every operation page's sample. */
const operationSamples = allOperations().map(({ method, template, slug }) => {
  const text = explorerSampleOf(explorerOperationOf(method, template));
  return { name: `/api/v1/${slug}: ${text.split('\n')[0]}`, text };
});

/** The docs' samples and the operation pages', each once (a request shown on two pages runs once). */
const everySample = [
  ...new Map([
    ...apiSamples().map(({ file, sample }): [string, string] => [sample, `${file}: ${sample.split('\n')[0]}`]),
    ...operationSamples.map(({ name, text }): [string, string] => [text, name]),
  ]).entries(),
].map(([text, name]) => ({ name, text, sample: parseRequestSample(text) }));
const operationTexts = new Set(operationSamples.map(({ text }) => text));

const hasTool = (tool: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'languages-'));
let corpus: CorpusDb;
let front: ValidatedSandbox;
const token = mintToken();

beforeAll(async () => {
  corpus = CorpusDb.open(':memory:').corpus;
  front = await startValidatedSandbox({
    corpus,
    verifier: await createAccessTokenVerifier(parseEnv({}).auth, { jwks: LOCAL_JWKS }),
    corsOrigins: [],
  });
}, 60_000);

afterAll(async () => {
  await front?.close();
  corpus?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** What a run printed and how it ended. */
interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `command` in `dir` with only what a reader's terminal has: PATH, HOME, and the two settings. */
function run(command: readonly string[], dir: string, javaOptions: readonly string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command[0],
      command.slice(1),
      {
        cwd: dir,
        env: {
          PATH: process.env.PATH,
          HOME: path.join(work, 'home'),
          // Go's build cache is the machine's (a fresh one would rebuild the standard library every run).
          GOCACHE: process.env.GOCACHE ?? path.join(os.homedir(), '.cache', 'go-build'),
          // The JIT's first tier only: these programs run for a second, so the optimising tier is wasted work.
          JDK_JAVA_OPTIONS: ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', ...javaOptions].join(' '),
          API_BASE: front.apiBase,
          TOKEN: token,
        },
        maxBuffer: 16 * 1024 * 1024,
        timeout: 120_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** The contract's name of a sample's operation, as Prism's reports start (`GET /documents/{document_id}`). */
const exchangeOf = (sample: RequestSample) => {
  const found = findOperation(contract, sample.method, sample.path);
  return `${sample.method} ${found?.template ?? sample.path}`;
};

describe.each(LANGUAGES)('request samples in $name', (language) => {
  const samples = language.pages === 'all' ? everySample : everySample.filter(({ text }) => operationTexts.has(text));
  const available = hasTool(language.tool);
  const why = `${language.name} is not installed (no ${language.tool}): install it with "${language.install}" (scripts/ensure-test-tools.sh does, as root)`;

  // A missing toolchain fails, saying how to install it: a sample nobody ran is not a sample that works
  // (`npm test` installs the toolchains first, scripts/ensure-test-tools.sh).
  if (!available) {
    it(`runs in ${language.name}`, () => {
      throw new Error(`The ${language.name} request samples cannot run. ${why}.`);
    });
    return;
  }

  /** How many exchanges the front had checked before this language's samples ran. */
  let checkedBefore = 0;
  /** Java's options for the samples' runs: the class-data archive, once there is one. */
  let javaOptions: string[] = [];
  const root = path.join(work, language.name);
  const dirOf = (n: number) => path.join(root, String(n));
  beforeAll(async () => {
    fs.mkdirSync(path.join(work, 'home'), { recursive: true });
    samples.forEach(({ sample }, n) => {
      fs.mkdirSync(dirOf(n), { recursive: true });
      fs.writeFileSync(path.join(dirOf(n), language.file), language.write(sample));
    });
    const dirs = samples.map((_sample, n) => dirOf(n));
    if (language.name === 'Java') {
      await run(['java', path.join(__dirname, 'CompileSamples.java'), ...dirs], root);
      // One run of the first sample lists the JDK classes a sample loads (the HTTP client's among them); they
      // go into a class-data archive that every run maps instead of loading them again.
      const list = path.join(root, 'classes.lst');
      const archive = path.join(root, 'classes.jsa');
      await run(['java', `-XX:DumpLoadedClassList=${list}`, ...language.runCompiled.slice(1)], dirOf(0));
      await run(['java', '-Xshare:dump', `-XX:SharedClassListFile=${list}`, `-XX:SharedArchiveFile=${archive}`], root);
      if (fs.existsSync(archive)) javaOptions = [`-XX:SharedArchiveFile=${archive}`];
    } else if (language.name === 'Go') {
      // One module holds every sample's main package, so one `go build` compiles and links them all; the
      // binaries leave out the symbol table and debug information, which only a debugger reads.
      await run(['go', 'mod', 'init', 'samples'], root);
      const bin = path.join(root, 'bin');
      await run(['go', 'build', '-ldflags=-s -w', '-o', `${bin}${path.sep}`, ...dirs.map((_dir, n) => `./${n}`)], root);
      samples.forEach((_sample, n) => {
        if (fs.existsSync(path.join(bin, String(n))))
          fs.renameSync(path.join(bin, String(n)), path.join(dirOf(n), 'main'));
      });
    }
    checkedBefore = front.checked();
  }, 300_000);

  it.concurrent.each(samples.map(({ name, sample }, n) => [name, sample, n] as const))(
    '%s runs and gets a documented answer',
    async (_name, sample, n) => {
      const dir = dirOf(n);
      const compiled = language.compiled !== undefined && fs.existsSync(path.join(dir, language.compiled));
      const result = await run(compiled ? language.runCompiled : language.run, dir, javaOptions);
      expect({ code: result.code, stderr: result.code ? result.stderr : '' }).toEqual({ code: 0, stderr: '' });
      // The answer is printed: the JSON the API sent, when the operation's success answer has a body.
      const success = findOperation(contract, sample.method, sample.path)?.operation.responses?.['200'];
      const printsJson = /^[[{]|\n[[{]/.test(result.stdout);
      expect({ printsJson }).toEqual({ printsJson: Boolean(success?.content?.['application/json']) });
      expect(front.violations.filter((report) => report.exchange.startsWith(`${exchangeOf(sample)} `))).toEqual([]);
    },
    150_000,
  );

  it('every answer was checked against the contract, and none broke it', () => {
    expect(front.violations).toEqual([]);
    expect(front.checked() - checkedBefore).toBe(samples.length);
  });
});
