/**
 * @jest-environment node
 *
 * Every request sample of docs/ in Java and Go, as a reader writes it, with `API_BASE` and `TOKEN` set, against
 * the sandbox behind Prism's validating front: each exits 0 (the samples exit 1 on an error answer), prints the
 * answer, and no answer breaks the contract. curl, Python and TypeScript run in the guides
 * (scripts/docs-check/__tests__/guides.test.ts).
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
import { parseRequestSample, type RequestSample } from '../../../rules/apiSample';
import { toGo, toJava } from '../../../rules/apiSampleSnippets';
import { findOperation } from '../../../rules/contract';
import { apiSamples, contract } from '../../../scripts/docs-check/contract';
import { createAccessTokenVerifier } from '../../../server/gate/verifier';
import { mintToken } from '../../../tests/support/gate';
import { LOCAL_JWKS } from '../../identity/jwks';
import { CorpusDb } from '../corpus/db';
import { startValidatedSandbox, type ValidatedSandbox } from '../validated';

/**
 * How each language's sample is written, compiled and run, and the Debian package that brings its toolchain:
 * `compiled` names what the build left in a sample's folder, `runCompiled` runs it, and `run` is the reader's
 * command, for a sample the build did not compile.
 */
const LANGUAGES = [
  {
    name: 'Java',
    tool: 'javac',
    install: 'apt-get install -y openjdk-17-jdk-headless',
    file: 'ApiSample.java',
    write: toJava,
    compiled: 'ApiSample.class',
    runCompiled: ['java', '-cp', '.', 'ApiSample'],
    run: ['java', 'ApiSample.java'],
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
  },
] as const;

/** The docs' samples, each once (a request shown on two pages runs once). */
const samples = [...new Map(apiSamples().map(({ file, sample }) => [sample, file])).entries()].map(([text, file]) => ({
  name: `${file}: ${text.split('\n')[0]}`,
  sample: parseRequestSample(text),
}));

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
    } else {
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
      const compiled = fs.existsSync(path.join(dir, language.compiled));
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
