/**
 * @jest-environment node
 *
 * Request input that reaches a regular expression or a search is bounded before it is parsed: a title
 * search, a deprecated `title_regex` (SQLite's REGEXP, whose cost grows with the square of the pattern's
 * NFA), an Interrogator search query and the `Authorization` header. Each refusal is the contract's 422 (or 401)
 * naming the field, answered before the input is read: the tests count the work (tests/support/work.ts).
 */
import Database from 'libsql';
import { MAX_AUTHORIZATION_BYTES } from '../../../rules/requests';
import { countingString, stringOperations } from '../../../tests/support/work';
import { MAX_QUERY_CHARS, MAX_TITLE_CHARS, MAX_TITLE_STRINGS } from '../corpus/filters';
import { MAX_TITLE_REGEX_CHARS, MAX_TITLE_REGEX_STATES, regexpStates } from '../corpus/titleRegex';
import { sandbox } from './helper';

let env: Awaited<ReturnType<typeof sandbox>>;
beforeAll(async () => {
  env = await sandbox();
});

const MiB = 1024 * 1024;
/** Half the sandbox's body limit (Fastify's default, 1 MiB), so the body itself is read. */
const HALF_MiB = MiB / 2;

/**
 * The answer to a document count with `filters`, the SQL statements SQLite compiled for it, and the string
 * operations that read a string of `length` code units (tests/support/work.ts).
 */
async function count(filters: object, length = Infinity) {
  const prepare = jest.spyOn(Database.prototype, 'prepare');
  try {
    const work = await stringOperations(() => env.call('POST', '/document_counts', filters));
    const statements = prepare.mock.calls.map(([sql]) => String(sql));
    const reads = work.operations.filter((operation) => operation.length === length);
    return { status: work.result.statusCode, body: JSON.parse(work.result.body), statements, reads };
  } finally {
    prepare.mockRestore();
  }
}

describe('title_regex', () => {
  it(`over ${MAX_TITLE_REGEX_CHARS} characters: 422 naming the field and the limit`, async () => {
    const answer = await count({ title_regex: 'x'.repeat(HALF_MiB) });
    expect(answer).toMatchObject({
      status: 422,
      body: {
        detail: [
          {
            loc: ['body', 'title_regex'],
            msg: `String should have at most ${MAX_TITLE_REGEX_CHARS} characters, not ${HALF_MiB}`,
            type: 'string_too_long',
          },
        ],
      },
    });
  });

  it('short but expanding to a large NFA ({m,n} inside {m,n}, 2.8 s before): 422 before SQLite compiles it', async () => {
    const answer = await count({ title_regex: '((.?){16}){16}x' });
    expect(answer.statements).toEqual([]);
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0]).toMatchObject({ loc: ['body', 'title_regex'], type: 'value_error' });
    expect(answer.body.detail[0].msg).toMatch(`where ${MAX_TITLE_REGEX_STATES} are allowed`);
  });

  it('a pattern SQLite cannot read: 422 with its reason, not a 500', async () => {
    const answer = await count({ title_regex: '(?i)liquidity' });
    expect(answer).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'title_regex'], msg: "SQLite's REGEXP cannot read it: '?' without operand" }] },
    });
  });

  it('patterns a title prefix or a year needs still run', async () => {
    for (const title_regex of ['^Liquidity', '^Consumer credit', '\\d{4}', '^[A-Z][a-z]+ (rules|guidance)']) {
      expect({ title_regex, status: (await count({ title_regex })).status }).toEqual({ title_regex, status: 200 });
    }
  });
});

describe('title', () => {
  it(`over ${MAX_TITLE_CHARS} characters (half a megabyte took over a minute): 422 before it is read`, async () => {
    const title = 'ab '.repeat(HALF_MiB / 3);
    const answer = await count({ title }, title.length);
    // Refused by its length: no string operation reads it, and SQLite is not asked.
    expect(answer.reads).toEqual([]);
    expect(answer.statements).toEqual([]);
    expect(answer.body.detail).toEqual([
      {
        loc: ['body', 'title'],
        msg: `Title should have at most ${MAX_TITLE_CHARS} characters, not ${3 * Math.floor(HALF_MiB / 3)}`,
        type: 'string_too_long',
      },
    ]);
  });

  it(`a list over ${MAX_TITLE_STRINGS} strings, or over ${MAX_TITLE_CHARS} characters together: 422`, async () => {
    const many = await count({ title: Array.from({ length: MAX_TITLE_STRINGS + 1 }, () => '') });
    expect(many.body.detail).toEqual([
      {
        loc: ['body', 'title'],
        msg: `List should have at most ${MAX_TITLE_STRINGS} items after validation, not 101`,
        type: 'too_long',
      },
    ]);
    const long = await count({ title: Array.from({ length: 11 }, () => 'a'.repeat(100)) });
    expect(long.body.detail[0].msg).toBe(`Title should have at most ${MAX_TITLE_CHARS} characters, not 1100`);
  });

  it(`a title of ${MAX_TITLE_CHARS} characters is searched`, async () => {
    expect((await count({ title: `liquidity ${'a'.repeat(MAX_TITLE_CHARS - 10)}` })).status).toBe(200);
  });
});

describe('the Interrogator search query', () => {
  it(`over ${MAX_QUERY_CHARS} characters (512 KiB of words took 13 s to search): 422 when submitted`, async () => {
    const query = Array.from({ length: 1000 }, (_, i) => `word${i}`).join(' ');
    const response = await env.call('POST', '/interrogator/search', { query });
    expect(response.statusCode).toBe(422);
    expect(JSON.parse(response.body).detail).toEqual([
      {
        loc: ['body', 'query'],
        msg: `String should have at most ${MAX_QUERY_CHARS} characters, not ${query.length}`,
        type: 'string_too_long',
      },
    ]);
  });

  it(`a question of ${MAX_QUERY_CHARS} characters is taken`, async () => {
    const query = `Which rules govern liquidity? ${'x'.repeat(MAX_QUERY_CHARS - 30)}`;
    expect((await env.call('POST', '/interrogator/search', { query })).statusCode).toBe(200);
  });
});

describe('the Authorization header', () => {
  it(`over ${MAX_AUTHORIZATION_BYTES} bytes: 401 saying so, before it is parsed`, async () => {
    const authorization = `Bearer ${'a'.repeat(MiB)}`;
    const work = await stringOperations(() => env.call('POST', '/document_counts', {}, { authorization }));
    const response = work.result;
    // Its length is all that is looked at: no string method or regular expression reads it, nor its token.
    expect(work.longerThan(MAX_AUTHORIZATION_BYTES)).toEqual([]);
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body)).toEqual({
      detail: `Invalid token: the Authorization header is over ${MAX_AUTHORIZATION_BYTES} bytes`,
    });
  });
});

describe('regexpStates (an upper bound of the NFA SQLite compiles)', () => {
  it.each([
    ['^Liquidity', 12],
    ['a|b|c', 9],
    ['.{0,30}x', 64],
    ['((.?){16}){16}x', 1158],
  ])('%s → %d', (pattern, states) => {
    expect(regexpStates(pattern)).toBe(states);
  });

  it('reads a class (with its leading `]`) and an escaped brace as SQLite does, one atom each', () => {
    expect(regexpStates('[^]a-z]{10}')).toBe(2 + 7 + 10 * (7 + 1));
    expect(regexpStates('\\{{10}')).toBe(2 + 1 + 10 * (1 + 1));
  });

  it('reads 64 KiB of unclosed classes and braces in one pass', async () => {
    for (const pattern of ['[\\'.repeat(MiB / 32), 'a{'.repeat(MiB / 32)]) {
      const counted = countingString(pattern);
      const work = await stringOperations(() => regexpStates(counted.text));
      // Each character read once by index, and any search from it (`indexOf('}')`) at most once more.
      expect(counted.reads() + work.charsRead()).toBeLessThanOrEqual(2 * pattern.length);
    }
  });
});
