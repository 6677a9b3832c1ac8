/**
 * @jest-environment node
 *
 * Every guide runs as a reader follows it (../guides.ts, ../journey.ts): for each page with runnable steps
 * and each language it shows (curl, Python, TypeScript; and Go, whose request samples a reader runs in the
 * terminal the curl steps set up, each as a program of its own), the page's blocks in page order, exactly as the
 * page shows them, in a fresh terminal holding only what the page sets, against the local identity service
 * and the sandbox API. Every answer a page shows is compared with the real one. The steps that must not run
 * are counted and listed. Journeys that share no account run concurrently (`it.concurrent`): each mostly waits
 * for its programs, so the suite takes its longest journeys' time rather than their sum.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'cognito-local/lib/services/totp';
import { parseEnv } from '../../../config/env';
import { startLocalIdentity, type LocalIdentity } from '../../../local/identity';
import { LOCAL_JWKS } from '../../../local/identity/jwks';
import {
  GUIDE_NEW_ACCOUNTS,
  GUIDE_TOTP_ACCOUNT,
  TEST_PASSWORD,
  TEST_TOTP_SECRET,
  TEST_USERS,
  testUsers,
} from '../../../local/identity/testUsers';
import { CorpusDb } from '../../../local/sandbox/corpus/db';
import { startValidatedSandbox, type ValidatedSandbox } from '../../../local/sandbox/validated';
import { scriptSettingsOf, settingsLines } from '../../../rules/scriptSettings';
import { createAccessTokenVerifier } from '../../../server/gate/verifier';
import { pythonWithRequests } from '../../../tests/support/python';
import { docFiles } from '../contract';
import { guideOf, hasOwnSteps, journeyOf, LANGUAGES, stepName, type Guide, type Language, type Step } from '../guides';
import { JourneyError, runJourney, type JourneyContext, type JourneyLanguage } from '../journey';

const ACCOUNT = { username: 'reader@example.com', password: 'Sampl3!Passw0rd' };

/** The local account whose second factor is a texted code (`SMS_MFA`), as `npm start` seeds it. */
const SMS_ACCOUNT = testUsers().find((user) => user.username === TEST_USERS.sms)!;

/**
 * An app client whose access tokens last {@link SHORT_LIFETIME_S} seconds, for the run of the token guide
 * that comes back after a token's lifetime to refresh it.
 */
const SHORT_CLIENT = 'portal-scripts-short';
const SHORT_LIFETIME_S = 2;
/** A `!` inside double quotes on one line: pasted into an interactive shell, it is a history expansion. */
const DOUBLE_QUOTED_BANG = /"[^"\n!]*![^"\n]*"/;

/** A comment (a `#` at a line's start or after a blank) that holds a quote or a backquote. */
const QUOTE_IN_COMMENT = /(?:^|\s)#[^'"`\n]*['"`]/;

/** The shell lines of the guides: terminal blocks and curl blocks. */
const shellSteps = () =>
  [...guides.values()].flatMap((guide) =>
    guide.steps.flatMap((step) =>
      step.kind === 'terminal' || (step.kind === 'code' && step.language === 'curl') ? [{ step, code: step.code }] : [],
    ),
  );

/** Whether `step` is Tokens for scripts' refresh, in any language. */
const isRefresh = (step: Step) => 'title' in step && Boolean(step.title?.startsWith('Refresh ('));

/** The new password a reader of Tokens for scripts types for a new account. */
const NEW_PASSWORD = 'Scr1pts!NewPassw0rd';

/**
 * What a reader types at a step's prompt, by the prompt it prints: a new password, or the code the
 * authenticator app shows now (computed as the step's program starts, within the code's 30 seconds).
 */
function typed(step: Step): string | undefined {
  const code = 'code' in step ? step.code : '';
  if (code.includes('New password: ')) return `${NEW_PASSWORD}\n`;
  if (code.includes('Authenticator code: ')) return `${generate(TEST_TOTP_SECRET)}\n`;
  return undefined;
}

/**
 * What a reader whose account is asked `challenge` types: only at that challenge's prompt, since the
 * prompts of the others are not asked (and would otherwise take the line meant for it).
 */
const typedWhenAsked =
  (challenge: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA') =>
  (step: Step): string | undefined => {
    const code = 'code' in step ? step.code : '';
    const prompt = challenge === 'NEW_PASSWORD_REQUIRED' ? 'New password: ' : 'Authenticator code: ';
    return code.includes(prompt) ? typed(step) : undefined;
  };

let identity: LocalIdentity;
let sandbox: ValidatedSandbox;
let corpus: CorpusDb;
let context: JourneyContext;
/** What `<ScriptSettings />` shows with the short-lived app client. */
let shortSettings: string;
/** The local identity service's settings, as the portal run locally has them. */
let localAuth: ReturnType<typeof parseEnv>['auth'];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'guides-'));

// The services run in this process on jest's fake `Date` (timers, I/O and promise jobs stay real): the
// local identity service stamps its tokens and the sandbox checks them on one clock that moves only when a
// journey pauses (`clock` below), so a short-lived token neither expires while a slow program starts nor
// needs real seconds to pass.
jest.useFakeTimers({
  doNotFake: [
    'hrtime',
    'nextTick',
    'performance',
    'queueMicrotask',
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'requestIdleCallback',
    'cancelIdleCallback',
    'setImmediate',
    'clearImmediate',
    'setInterval',
    'clearInterval',
    'setTimeout',
    'clearTimeout',
  ],
});

/** Where a journey's pause POSTs (JourneyContext `pause`): each request moves the clock past a short token's life. */
let clock: http.Server;
let clockUrl: string;

const guides = new Map(
  docFiles()
    .map(({ file, text }) => guideOf(file, text))
    .filter((guide) => guide.steps.length > 0)
    .map((guide) => [guide.file, guide]),
);

/** Each page and language a reader can follow: the page has steps of its own in that language. */
const journeys = [...guides.values()].flatMap((guide) =>
  LANGUAGES.filter((language) =>
    hasOwnSteps(guide.steps.filter((step) => ('language' in step ? step.language === language : true))),
  ).map((language) => [guide.file, language] as [string, Language]),
);

/** Each page with a request sample of its own, in Go: its curl journey, each request sample run as a Go program. */
const goJourneys = [...guides.values()]
  .filter((guide) => guide.steps.some((step) => step.kind === 'sample'))
  .map((guide) => [guide.file, 'Go'] as [string, JourneyLanguage]);

/** Longest a Go journey may take, in ms. */
const GO_JOURNEY_MS = 180_000;

/** Whether the Go toolchain is installed (`npm test` installs it first, scripts/ensure-test-tools.sh). */
const hasGo = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v go'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

beforeAll(async () => {
  clock = http.createServer((_request, response) => {
    jest.setSystemTime(Date.now() + (SHORT_LIFETIME_S + 1) * 1000);
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => clock.listen(0, '127.0.0.1', resolve));
  clockUrl = `http://127.0.0.1:${(clock.address() as AddressInfo).port}/`;
  const local = parseEnv({}).auth;
  identity = await startLocalIdentity({
    port: 0,
    dataDir: path.join(work, 'identity'),
    userPoolId: local.userPoolId,
    appClientId: local.userPoolClientId,
    logLevel: 'silent',
    scriptsClient: { clientId: SHORT_CLIENT, accessTokenSeconds: SHORT_LIFETIME_S },
    users: [
      {
        username: ACCOUNT.username,
        password: ACCOUNT.password,
        attributes: { email: ACCOUNT.username, email_verified: 'true' },
      },
      // Tokens for scripts signs in as a new account in each language (setting its password) and as an
      // account with an authenticator (answering its code).
      ...GUIDE_NEW_ACCOUNTS,
      GUIDE_TOTP_ACCOUNT,
      // And as the account Cognito texts a code to, up to the challenge it answers.
      SMS_ACCOUNT,
    ],
  });
  const port = new URL(identity.url).port;
  const auth = parseEnv({ LOCAL_IDENTITY_PORT: port }).auth;
  localAuth = auth;
  // The short-lived client as the scripts client: the API takes its tokens too, as a deploy's does, and
  // <ScriptSettings /> names it.
  const withShortClient = { ...auth, scriptsClientId: SHORT_CLIENT };
  // The sandbox behind Prism's validating front: every answer a guide gets is checked against the contract.
  corpus = CorpusDb.open(':memory:').corpus;
  sandbox = await startValidatedSandbox({
    corpus,
    verifier: await createAccessTokenVerifier(withShortClient, { jwks: LOCAL_JWKS }),
    corsOrigins: [],
  });
  const { apiBase } = sandbox;
  const pythonPath = pythonWithRequests();
  const home = path.join(work, 'home');
  fs.mkdirSync(home);
  shortSettings = settingsLines(scriptSettingsOf(withShortClient, apiBase, ACCOUNT));
  context = {
    baseEnv: {
      // The tools a reader has: bash and curl, jq, Python and Node (the one running the tests).
      PATH: [path.dirname(process.execPath), path.dirname(pythonPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
      HOME: home,
      LANG: 'C.UTF-8',
    },
    settings: settingsLines(scriptSettingsOf(auth, apiBase, ACCOUNT)),
    python: pythonPath,
    workDir: work,
    typed,
  };
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => clock?.close(resolve));
  jest.useRealTimers();
  await sandbox?.close();
  corpus?.close();
  await identity?.close();
});

describe('every guide runs as written', () => {
  it('there are guides in each language, and few steps that do not run, each saying why', () => {
    const notRun = [...guides.values()].flatMap((guide) =>
      guide.steps.filter((step) => step.kind === 'not-run').map((step) => `${step.file}:${step.line} ${step.title}`),
    );
    console.log(
      `Guides: ${journeys.length} journeys over ${new Set(journeys.map(([file]) => file)).size} pages; ` +
        `${notRun.length} blocks not run:\n  ${notRun.join('\n  ')}`,
    );
    for (const language of LANGUAGES) expect(journeys.some(([, l]) => l === language)).toBe(true);
    expect(notRun.length).toBeLessThanOrEqual(8);
  });

  it.concurrent.each(journeys)('%s in %s', async (file, language) => {
    const guide = guides.get(file) as Guide;
    const dir = fs.mkdtempSync(path.join(work, 'journey-'));
    await runJourney(file, journeyOf(guide, language, guides), language, { ...context, workDir: dir });
  });
});

describe('every guide with request samples runs in Go, each sample a program run in the terminal', () => {
  it('there are Go journeys', () => {
    expect(goJourneys.length).toBeGreaterThanOrEqual(5);
  });

  // A missing toolchain fails, saying how to install it: a journey nobody ran is not one that works.
  if (!hasGo) {
    it('runs in Go', () => {
      throw new Error(
        'The Go journeys cannot run: Go is not installed (no go). Install it with "apt-get install -y golang-go" ' +
          '(scripts/ensure-test-tools.sh does, as root).',
      );
    });
    return;
  }

  // Each sample is compiled and linked before it runs (a second or two of CPU each), hence the longer limits.
  it.concurrent.each(goJourneys)(
    '%s in %s',
    async (file, language) => {
      const guide = guides.get(file) as Guide;
      const dir = fs.mkdtempSync(path.join(work, 'go-'));
      await runJourney(file, journeyOf(guide, 'curl', guides), language, {
        ...context,
        timeoutMs: GO_JOURNEY_MS,
        // Go's build cache is the machine's (a fresh one would build the standard library again in every journey).
        baseEnv: { ...context.baseEnv, GOCACHE: process.env.GOCACHE ?? path.join(os.homedir(), '.cache', 'go-build') },
        workDir: dir,
      });
    },
    GO_JOURNEY_MS + 10_000,
  );
});

describe('Tokens for scripts signs in an account Cognito asks for more, in the same program', () => {
  const file = 'docs/api/tokens.mdx';
  /** Tokens for scripts in `language`, with <ScriptSettings /> naming `account` (its password as sent). */
  const asAccount = (language: Language, username: string, challenge: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA') =>
    runJourney(file, journeyOf(guides.get(file) as Guide, language, guides), language, {
      ...context,
      settings: settingsLines(scriptSettingsOf(localAuth, sandbox.apiBase, { username, password: TEST_PASSWORD })),
      workDir: fs.mkdtempSync(path.join(work, 'challenge-')),
      typed: typedWhenAsked(challenge),
      challenge,
    });

  it.concurrent.each(LANGUAGES)(
    'in %s: a new account sets its password at the prompt, then has tokens',
    async (language) => {
      // A new account of its own per language: Cognito asks for the new password once.
      const account = GUIDE_NEW_ACCOUNTS.find(
        (user) => user.username === `new-password-${language.toLowerCase()}@example.com`,
      )!;
      await asAccount(language, account.username, 'NEW_PASSWORD_REQUIRED');
    },
  );

  it.each(LANGUAGES)(
    'in %s: an account with an authenticator answers with the code, then has tokens',
    async (language) => {
      await asAccount(language, GUIDE_TOTP_ACCOUNT.username, 'SOFTWARE_TOKEN_MFA');
    },
  );
});

describe('Tokens for scripts shows what an account asked SMS_MFA gets', () => {
  const file = 'docs/api/tokens.mdx';

  it.concurrent.each(LANGUAGES)('in %s: the sign-in answer, with the number the code went to', async (language) => {
    const journey = journeyOf(guides.get(file) as Guide, language, guides);
    const shown = journey.findIndex((step) => step.kind === 'answer' && step.challenge === 'SMS_MFA');
    expect(shown).toBeGreaterThan(0);
    // Up to the answer shown: the texted code itself is the reader's to type.
    await runJourney(file, journey.slice(0, shown + 1), language, {
      ...context,
      settings: settingsLines(
        scriptSettingsOf(localAuth, sandbox.apiBase, { username: SMS_ACCOUNT.username, password: TEST_PASSWORD }),
      ),
      workDir: fs.mkdtempSync(path.join(work, 'sms-')),
      typed: () => undefined,
      challenge: 'SMS_MFA',
    });
  });
});

describe('the curl guides run in zsh too, as a Mac terminal runs them', () => {
  it.concurrent.each(journeys.filter(([, language]) => language === 'curl').map(([file]) => file))(
    '%s',
    async (file) => {
      const guide = guides.get(file) as Guide;
      await runJourney(file, journeyOf(guide, 'curl', guides), 'curl', {
        ...context,
        workDir: fs.mkdtempSync(path.join(work, 'zsh-')),
        shell: 'zsh',
        // The answers are compared in the bash run; this one checks that every step works in zsh.
        compareAnswers: false,
      });
    },
  );

  it('no shell line holds a "!" in double quotes, which an interactive bash or zsh expands from history', () => {
    const expanding = shellSteps()
      .filter(({ code }) => DOUBLE_QUOTED_BANG.test(code))
      .map(({ step }) => stepName(step));
    expect(expanding).toEqual([]);
    expect(DOUBLE_QUOTED_BANG.test(context.settings)).toBe(false);
  });

  it('no shell comment holds a quote, which an interactive zsh reads as code until interactive_comments is set', () => {
    const quoting = shellSteps().flatMap(({ step, code }) =>
      code
        .split('\n')
        .filter((line) => QUOTE_IN_COMMENT.test(line))
        .map((line) => `${stepName(step)}: ${line.trim()}`),
    );
    expect(quoting).toEqual([]);
  });
});

describe('Tokens for scripts outlives its access token', () => {
  const file = 'docs/api/tokens.mdx';
  /**
   * The token guide against the short-lived app client, coming back after a token's lifetime to refresh it.
   * The runs take turns (no `it.concurrent`): one run's pause would otherwise expire another's token.
   */
  const outlive = (guide: Guide, language: Language, pauseBefore: (step: Step) => boolean = isRefresh) =>
    runJourney(file, journeyOf(guide, language, guides), language, {
      ...context,
      settings: shortSettings,
      workDir: fs.mkdtempSync(path.join(work, 'lifetime-')),
      pause: { before: pauseBefore, url: clockUrl },
      // The answers show the default lifetime (ExpiresIn 3600); this run's is seconds.
      compareAnswers: false,
    });

  it.each(LANGUAGES)(
    `in %s: sign in, call, come back after a ${SHORT_LIFETIME_S}-second token's life, refresh, call again`,
    async (language) => {
      await outlive(guides.get(file) as Guide, language);
    },
  );

  it('without its refresh step, the call after the pause is refused: the token has expired', async () => {
    const text = fs.readFileSync(path.resolve(__dirname, '../../..', file), 'utf8');
    const guide = guideOf(file, text);
    const refreshLine = guide.steps.find(isRefresh)!.line;
    const withoutRefresh = { ...guide, steps: guide.steps.filter((step) => !isRefresh(step)) };
    expect(withoutRefresh.steps.length).toBe(guide.steps.length - LANGUAGES.length);
    // The pause comes before the call the refresh came before: the first request after it.
    const callAfter = (step: Step) => step.line > refreshLine && step.kind === 'sample';
    await expect(outlive(withoutRefresh, 'curl', callAfter)).rejects.toThrow(
      /sample fails in the curl journey[\s\S]*Invalid token: it has expired/,
    );
  });
});

describe('the samples print what the pages show', () => {
  it('Python prints text as the API sends it and the page shows it: ©, not \\u00a9', async () => {
    const file = 'docs/api/getting-started.mdx';
    const printed = await runJourney(file, journeyOf(guides.get(file) as Guide, 'Python', guides), 'Python', {
      ...context,
      workDir: fs.mkdtempSync(path.join(work, 'unicode-')),
    });
    const answers = printed.filter(({ step }) => step.kind === 'sample').map(({ output }) => output);
    expect(answers.join('\n')).toContain('"copyright_notice": "© ');
    expect(answers.join('\n')).not.toContain('\\u00a9');
  });
});

describe('the guides keep the contract', () => {
  it('every answer the guides got passes Prism, checked against openapi/customer-api.yaml', () => {
    console.log(`Guides: ${sandbox.checked()} API answers checked against the contract by Prism`);
    expect(sandbox.checked()).toBeGreaterThan(journeys.length);
    expect(sandbox.violations).toEqual([]);
  });
});

describe('a guide that does not run as written fails, naming the page and the step', () => {
  it('a variable renamed in one block', async () => {
    const file = 'docs/api/getting-started.mdx';
    const text = fs.readFileSync(path.resolve(__dirname, '../../..', file), 'utf8');
    const broken = guideOf(
      file,
      text.replace('os.environ["TOKEN"] = answer.json()', 'os.environ["TOKEN"] = reply.json()'),
    );
    const run = runJourney(file, journeyOf(broken, 'Python', guides), 'Python', {
      ...context,
      workDir: fs.mkdtempSync(path.join(work, 'broken-')),
    });
    await expect(run).rejects.toThrow(JourneyError);
    await expect(run).rejects.toThrow(
      /docs\/api\/getting-started\.mdx:\d+ code "Sign in \(Python\)" fails in the Python journey: [\s\S]*NameError: name 'reply' is not defined/,
    );
  });

  it('an answer that is not what its step prints', async () => {
    const file = 'docs/api/getting-started.mdx';
    const text = fs.readFileSync(path.resolve(__dirname, '../../..', file), 'utf8');
    const broken = guideOf(file, text.replace('{"count": 8}', '{"count": 9}'));
    await expect(
      runJourney(file, journeyOf(broken, 'curl', guides), 'curl', {
        ...context,
        workDir: fs.mkdtempSync(path.join(work, 'broken-')),
      }),
    ).rejects.toThrow(
      /docs\/api\/getting-started\.mdx:\d+ answer "Sample answer": the answer shown is not what docs\/api\/getting-started\.mdx:\d+ sample prints in the curl journey/,
    );
  });
});
