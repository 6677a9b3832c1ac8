/**
 * Java and Go request samples (./apiSample.ts describes the request), from Scalar's snippet generator
 * (`@scalar/snippetz`): this module feeds it the request as HAR and wraps its output into a program a reader
 * runs as is. Apart from ./apiSample.ts so that pages load the generator only when a reader picks Java or Go.
 */
import { goNative } from '@scalar/snippetz/plugins/go/native';
import { javaNethttp } from '@scalar/snippetz/plugins/java/nethttp';
import { encodePath, queryString, type RequestSample, type SampleCredentials } from './apiSample';

/** Placeholders the generator writes as literals, then replaced by reads of `API_BASE` and `TOKEN`. */
const BASE_PLACEHOLDER = 'https://api-base.invalid';
const TOKEN_PLACEHOLDER = 'token-from-the-environment';

/** The sample as a HAR request (what snippet generators take), against `base` with `token`. */
function harOf(sample: RequestSample, base: string, token: string) {
  return {
    method: sample.method,
    url: `${base}${encodePath(sample.path)}${queryString(sample)}`,
    headers: [
      { name: 'Authorization', value: `Bearer ${token}` },
      ...(sample.body !== undefined ? [{ name: 'Content-Type', value: 'application/json' }] : []),
    ],
    ...(sample.body !== undefined
      ? { postData: { mimeType: 'application/json', text: JSON.stringify(sample.body) } }
      : {}),
  };
}

/** Replaces every `find` in `text`, and fails loudly when the generator wrote none (its output changed). */
function replaceAll(text: string, find: string, replacement: string): string {
  if (!text.includes(find))
    throw new Error(`the snippet generator's output no longer contains ${JSON.stringify(find)}`);
  return text.split(find).join(replacement);
}

/**
 * Java 11+ with the JDK's `HttpClient`, as one source file a reader runs with `java ApiSample.java` (no
 * build tool, no dependency): the generator's statements in a class's `main`, reading `API_BASE` and
 * `TOKEN` from the environment, or with the reader's own. Like the curl sample, it prints the answer and
 * exits with status 1 when the API answers an error (4xx or 5xx).
 *
 * @throws {Error} when the generator's output no longer has the shape this wrapping expects.
 */
export function toJava(sample: RequestSample, credentials?: SampleCredentials): string {
  let code = javaNethttp.generate(
    harOf(sample, credentials?.base ?? BASE_PLACEHOLDER, credentials?.token ?? TOKEN_PLACEHOLDER),
  );
  if (!credentials) {
    code = replaceAll(code, `"${BASE_PLACEHOLDER}`, 'System.getenv("API_BASE") + "');
    code = replaceAll(code, `"Bearer ${TOKEN_PLACEHOLDER}"`, '"Bearer " + System.getenv("TOKEN")');
  }
  const body = [...code.split('\n'), 'if (response.statusCode() >= 400) System.exit(1);'];
  return [
    '// Java 11 or later: java ApiSample.java',
    'import java.net.http.HttpClient;',
    'import java.net.http.HttpRequest;',
    'import java.net.http.HttpResponse;',
    '',
    'public class ApiSample {',
    '  public static void main(String[] args) throws Exception {',
    ...body.map((line) => (line ? `    ${line}` : line)),
    '  }',
    '}',
  ].join('\n');
}

/**
 * Go with `net/http`, as a `main` package a reader runs with `go run main.go`: the generator's program,
 * reading `API_BASE` and `TOKEN` from the environment, or with the reader's own; like the curl sample, it
 * exits with status 1 when the API answers an error (4xx or 5xx).
 *
 * @throws {Error} when the generator's output no longer has the shape this wrapping expects.
 */
export function toGo(sample: RequestSample, credentials?: SampleCredentials): string {
  let code = goNative.generate(
    harOf(sample, credentials?.base ?? BASE_PLACEHOLDER, credentials?.token ?? TOKEN_PLACEHOLDER),
  );
  code = replaceAll(code, '\t"net/http"\n', '\t"net/http"\n\t"os"\n');
  // The answer's body alone, as the other samples print it (the generator prints the response struct too).
  code = replaceAll(code, '\tfmt.Println(res)\n', '');
  if (!credentials) {
    code = replaceAll(code, `"${BASE_PLACEHOLDER}`, 'os.Getenv("API_BASE") + "');
    code = replaceAll(code, `"Bearer ${TOKEN_PLACEHOLDER}"`, '"Bearer " + os.Getenv("TOKEN")');
  }
  const end = code.trimEnd().lastIndexOf('}');
  return `${code.slice(0, end).trimEnd()}\n\tif res.StatusCode >= 400 {\n\t\tos.Exit(1)\n\t}\n}`;
}
