/**
 * @jest-environment node
 */
import { parseRequestSample } from '../apiSample';
import { toGo, toJava } from '../apiSampleSnippets';

describe('Java and Go, from the snippet generator', () => {
  const sample = parseRequestSample('POST /documents?page=2\n{"title": "it\'s \\"quoted\\" `and` back\\\\slashed"}');

  it('Java is one source file: a class whose main reads API_BASE and TOKEN and exits 1 on an error answer', () => {
    const java = toJava(sample);
    expect(java).toMatch(/^\/\/ Java 11 or later: java ApiSample\.java\nimport java\.net\.http\.HttpClient;/);
    expect(java).toContain('public class ApiSample {\n  public static void main(String[] args) throws Exception {');
    expect(java).toContain('.uri(java.net.URI.create(System.getenv("API_BASE") + "/documents?page=2"))');
    expect(java).toContain('.header("Authorization", "Bearer " + System.getenv("TOKEN"))');
    expect(java).toContain('if (response.statusCode() >= 400) System.exit(1);\n    } catch (');
    // The body as a Java string literal: quotes and backslashes escaped.
    expect(java).toContain(String.raw`"{\"title\":\"it's \\\"quoted\\\" ` + '`and`' + String.raw` back\\\\slashed\"}"`);
  });

  it('Go is a main package reading API_BASE and TOKEN, exiting 1 on an error answer', () => {
    const go = toGo(sample);
    expect(go).toMatch(/^package main\n\nimport \(\n(\t"[a-z/]+"\n)*\t"os"\n/);
    expect(go).toContain('requestUrl := os.Getenv("API_BASE") + "/documents?page=2"');
    expect(go).toContain('req.Header.Add("Authorization", "Bearer " + os.Getenv("TOKEN"))');
    expect(go.endsWith('\tif res.StatusCode >= 400 {\n\t\tos.Exit(1)\n\t}\n}')).toBe(true);
    // It prints the answer's body alone, as the other languages do, not the response struct before it.
    expect(go).toContain('fmt.Println(string(body))');
    // No answer: the error on one line and status 1 (local/sandbox/__tests__/unreachable.test.ts runs it).
    expect(go).toContain('res, err := http.DefaultClient.Do(req)\n\tif err != nil {');
    expect(go).not.toContain('res, _ :=');
    expect(go).not.toContain('fmt.Println(res)');
    // A body holding a backquote cannot be a raw string: it is a quoted one.
    expect(go).toContain(String.raw`payload := strings.NewReader("{\n  \"title\": \"it's \\\"quoted\\\" ` + '`and`');
  });

  it('with the reader credentials, both hold them as literals and read no environment', () => {
    const credentials = { base: 'https://api.acme.test/api/v1/customer', token: 'eyJa.b"c.d' };
    const java = toJava(sample, credentials);
    expect(java).toContain('java.net.URI.create("https://api.acme.test/api/v1/customer/documents?page=2")');
    expect(java).toContain('.header("Authorization", "Bearer eyJa.b\\"c.d")');
    expect(java).not.toContain('getenv');
    const go = toGo(sample, credentials);
    expect(go).toContain('requestUrl := "https://api.acme.test/api/v1/customer/documents?page=2"');
    expect(go).toContain('req.Header.Add("Authorization", "Bearer eyJa.b\\"c.d")');
    expect(go).not.toContain('Getenv');
  });
});
