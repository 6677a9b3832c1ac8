/**
 * @jest-environment node
 *
 * A request sample in each language, as a reader runs it, when no answer comes: the API's port is closed, or
 * `API_BASE` is not set. Each says what failed on one line (no stack trace, no Go panic) and ends with a
 * failing status: 1, as on an error answer, and curl its own (7: could not connect; 3: no host), which a
 * shell script stops on as well. (./languages.test.ts runs every sample against the sandbox.)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseRequestSample, toCurl, toPython, toTypeScript, type RequestSample } from '../../../rules/apiSample';
import { toGo, toJava } from '../../../rules/apiSampleSnippets';
import { pythonWithRequests } from '../../../tests/support/python';

/** Each language: the sample's file, how it is written and the reader's command. */
const LANGUAGES: {
  name: string;
  file: string;
  write: (sample: RequestSample) => string;
  run: string[];
  status?: number;
}[] = [
  { name: 'curl', file: 'sample.sh', write: toCurl, run: ['bash', 'sample.sh'] },
  { name: 'Python', file: 'sample.py', write: toPython, run: [pythonWithRequests(), 'sample.py'], status: 1 },
  {
    name: 'TypeScript',
    file: 'sample.mts',
    write: toTypeScript,
    run: [process.execPath, '--no-warnings', 'sample.mts'],
    status: 1,
  },
  { name: 'Java', file: 'ApiSample.java', write: toJava, run: ['java', 'ApiSample.java'], status: 1 },
  // Built, then run: `go run` adds a line of its own ("exit status 1") after the program's.
  { name: 'Go', file: 'main.go', write: toGo, run: ['sh', '-c', 'go build -o main main.go && ./main'], status: 1 },
];

const sample = parseRequestSample('POST /documents?page=1\n{"doctypes": ["Laws"]}');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'unreachable-'));
let closedBase: string;

beforeAll(async () => {
  // A port that was just free and is closed again: nothing answers there.
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  closedBase = `http://127.0.0.1:${port}/api/v1/customer`;
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Runs a language's sample in a folder of its own with only what a reader's terminal has. */
function runSample(language: (typeof LANGUAGES)[number], env: Record<string, string>, dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, language.file), language.write(sample));
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      language.run[0],
      language.run.slice(1),
      {
        cwd: dir,
        env: {
          PATH: process.env.PATH,
          HOME: path.join(work, 'home'),
          GOCACHE: process.env.GOCACHE ?? path.join(os.homedir(), '.cache', 'go-build'),
          TOKEN: 'a-token',
          ...env,
        },
        timeout: 120_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

describe.each(LANGUAGES)('the $name sample with no answer', (language) => {
  it('says on one line that the request failed, and why, and fails', async () => {
    const { code, stdout, stderr } = await runSample(
      language,
      { API_BASE: closedBase },
      path.join(work, language.name, 'closed'),
    );
    // Nothing but the newline curl's `-w '\\n'` writes after every transfer.
    expect(stdout.trim()).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(language.name === 'curl' ? /^curl: \(7\) Failed to connect/ : /^Request failed: .+/),
    ]);
    expect(stderr).not.toMatch(/panic|Traceback|\n[\t ]+at |Exception in thread/);
    expect(code).toBe(language.status ?? 7);
  }, 120_000);
});

describe.each(LANGUAGES.filter(({ name }) => ['Go', 'TypeScript', 'Java'].includes(name)))(
  'the $name sample without API_BASE',
  (language) => {
    it('says on one line that the request failed, and exits 1', async () => {
      const { code, stderr } = await runSample(language, {}, path.join(work, language.name, 'unset'));
      expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Request failed: .+/)]);
      expect(code).toBe(1);
    }, 120_000);
  },
);
