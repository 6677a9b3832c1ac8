/**
 * @jest-environment node
 */
import { parseRequestSample, toCurl, toPython, toTypeScript } from '../apiSample';

const search = parseRequestSample('POST /documents?page=2&page_size=10\n{"doctypes": ["Laws"], "has_signposts": true}');

describe('parseRequestSample', () => {
  it('reads method, path, query and JSON body', () => {
    expect(search).toEqual({
      method: 'POST',
      path: '/documents',
      query: [
        ['page', '2'],
        ['page_size', '10'],
      ],
      body: { doctypes: ['Laws'], has_signposts: true },
    });
  });

  it('keeps repeated query names and decodes the path', () => {
    expect(parseRequestSample('GET /publishers?jurisdictions=GB&jurisdictions=US-NY').query).toEqual([
      ['jurisdictions', 'GB'],
      ['jurisdictions', 'US-NY'],
    ]);
    expect(parseRequestSample('GET /domains/consumer%20credit/tags').path).toBe('/domains/consumer credit/tags');
  });

  it.each([
    ['documents', /must start with "METHOD \/path"/],
    ['FETCH /documents', /must start with "METHOD \/path"/],
    ['POST /documents\n{doctypes: []}', /body of POST \/documents is not JSON/],
  ])('says what to fix in %j', (text, message) => {
    expect(() => parseRequestSample(text)).toThrow(message);
  });
});

describe('renderers, from the snippet generator', () => {
  it('curl sends method, query, token and JSON body, fails on an error answer and ends it with a newline', () => {
    expect(toCurl(search)).toBe(
      [
        'curl -sS --fail-with-body "$API_BASE/documents?page=2&page_size=10" \\',
        '  --request POST \\',
        '  --header "Authorization: Bearer $TOKEN" \\',
        "  --header 'Content-Type: application/json' \\",
        "  --data '{",
        '  "doctypes": [',
        '    "Laws"',
        '  ],',
        '  "has_signposts": true',
        "}' \\",
        `  -w '\\n'`,
      ].join('\n'),
    );
    expect(
      toCurl(parseRequestSample(`POST /interrogator/feedback\n{"feedback": "It's what I needed, thanks a lot"}`)),
    ).toContain(`"feedback": "It'\\''s what I needed, thanks a lot"`);
  });

  it('curl keeps a target the shell would read inside double quotes out of them', () => {
    expect(toCurl(parseRequestSample('GET /domains/a$b!c/tags'))).toContain(
      `curl -sS --fail-with-body "$API_BASE"'/domains/a$b!c/tags'`,
    );
  });

  it('Python uses requests with params, a Python-literal body, the token and a timeout', () => {
    const python = toPython(search);
    expect(python).toContain('response = requests.post(f"{API_BASE}/documents",');
    expect(python).toContain('params={\n          "page": "2",\n          "page_size": "10"\n        },');
    expect(python).toContain('"has_signposts": True');
    expect(python).toContain('"Authorization": f"Bearer {TOKEN}"');
    // No answer at all ends the script with one line saying why (status 1), not a traceback.
    expect(python).toContain(
      '        timeout=30,\n    )\nexcept requests.RequestException as error:  # no answer: the API is unreachable, or API_BASE is wrong\n    sys.exit(f"Request failed: {error}")\nresponse.raise_for_status()',
    );
    // A repeated query name is a list; an explorer's `{name}` template prints as written from the f-string.
    expect(toPython(parseRequestSample('GET /publishers?j=GB&j=US-NY'))).toContain(
      '"j": [\n            "GB",\n            "US-NY"\n          ]',
    );
    expect(toPython(parseRequestSample('GET /documents/{document_id}'))).toContain(
      'f"{API_BASE}/documents/{{document_id}}"',
    );
  });

  it('TypeScript uses fetch with the same URL, headers and body', () => {
    const ts = toTypeScript(search);
    expect(ts).toContain('await fetch(`${process.env.API_BASE}/documents?page=2&page_size=10`, {');
    expect(ts).toContain("method: 'POST',");
    expect(ts).toContain('Authorization: `Bearer ${process.env.TOKEN}`');
    expect(ts).toContain("'Content-Type': 'application/json'");
    expect(ts).toContain('has_signposts: true');
  });

  it('prints the answer as JSON in each language, and TypeScript samples compose in one module', () => {
    expect(toPython(search)).toContain('print(json.dumps(response.json(), indent=2, ensure_ascii=False)');
    const ts = toTypeScript(search);
    expect(ts).toContain('console.log(JSON.stringify(JSON.parse(new TextDecoder().decode(body)), null, 2));');
    expect(ts.startsWith('{\n  const response = await fetch(')).toBe(true);
    expect(ts.endsWith('\n}')).toBe(true);
  });
});

describe('with the reader credentials ("Use my token")', () => {
  const credentials = { base: 'https://api.acme.test/api/v1/customer', token: "eyJa.b'c.d" };
  const sample = parseRequestSample('POST /documents?page=2\n{"title": "it\'s"}');

  it('curl quotes the URL and the header as single shell words, whatever they hold', () => {
    const curl = toCurl(sample, credentials);
    expect(curl).toContain("curl -sS --fail-with-body 'https://api.acme.test/api/v1/customer/documents?page=2' \\\n");
    expect(curl).toContain(`  --header 'Authorization: Bearer eyJa.b'\\''c.d' \\\n`);
    expect(curl).toContain(`"title": "it'\\''s"`);
    expect(curl).not.toContain('$TOKEN');
  });

  it('Python and TypeScript set API_BASE and TOKEN as literals instead of reading the environment', () => {
    const python = toPython(sample, credentials);
    expect(python).toContain('API_BASE = "https://api.acme.test/api/v1/customer"');
    expect(python).toContain(`TOKEN = "eyJa.b'c.d"`);
    expect(python).not.toContain('os.environ');
    const typescript = toTypeScript(sample, credentials);
    expect(typescript).toContain('const TOKEN = "eyJa.b\'c.d";');
    expect(typescript).toContain('await fetch(`${API_BASE}/documents?page=2`');
    expect(typescript).not.toContain('process.env');
  });

  it('TypeScript samples with credentials paste one after another into one module', () => {
    const both = `${toTypeScript(sample, credentials)}\n${toTypeScript(parseRequestSample('GET /doctypes'), credentials)}`;
    // Parsing the body of an async function (samples await at the top level) refuses a name declared twice.
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (body: string) => unknown;
    expect(() => new AsyncFunction(both)).not.toThrow();
    expect(() => new AsyncFunction(`const TOKEN = 1;\nconst TOKEN = 2;`)).toThrow(SyntaxError);
  });
});
