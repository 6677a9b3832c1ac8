/**
 * Java and Go request samples (./apiSample.ts describes the request), from the same snippet generator as
 * curl, Python and TypeScript (Scalar's `@scalar/snippetz`, fed the request as HAR by ./apiSample.ts `harOf`),
 * wrapped into a program a reader runs as is. Apart from ./apiSample.ts so that pages load these generators
 * only when a reader picks Java or Go.
 */
import { goNative } from '@scalar/snippetz/plugins/go/native';
import { javaNethttp } from '@scalar/snippetz/plugins/java/nethttp';
import {
  BASE_PLACEHOLDER,
  harOf,
  replaceAll,
  TOKEN_PLACEHOLDER,
  type RequestSample,
  type SampleCredentials,
} from './apiSample';

/**
 * Java 11+ with the JDK's `HttpClient`, as one source file a reader runs with `java ApiSample.java` (no
 * build tool, no dependency): the generator's statements in a class's `main`, reading `API_BASE` and
 * `TOKEN` from the environment, or with the reader's own. Like the curl sample, it prints the answer and
 * exits with status 1 when the API answers an error (4xx or 5xx); when no answer comes (the API unreachable,
 * `API_BASE` unset), it prints why on one line and exits with status 1.
 *
 * @throws {Error} when the generator's output no longer has the shape this wrapping expects.
 */
export function toJava(sample: RequestSample, credentials?: SampleCredentials): string {
  let code = javaNethttp.generate(harOf(sample, credentials?.base, credentials?.token));
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
    '    try {',
    ...body.map((line) => (line ? `      ${line}` : line)),
    '    } catch (java.io.IOException | IllegalArgumentException e) {',
    '      // No answer (the API unreachable, API_BASE unset): one line saying why, and status 1.',
    '      System.err.println("Request failed: " + (e.getCause() == null ? e : e.getCause()));',
    '      System.exit(1);',
    '    }',
    '  }',
    '}',
  ].join('\n');
}

/**
 * Go with `net/http`, as a `main` package a reader runs with `go run main.go`: the generator's program,
 * reading `API_BASE` and `TOKEN` from the environment, or with the reader's own; like the curl sample, it
 * exits with status 1 when the API answers an error (4xx or 5xx), and, when no answer comes (the API
 * unreachable, `API_BASE` unset), prints the error on one line and exits with status 1.
 *
 * @throws {Error} when the generator's output no longer has the shape this wrapping expects.
 */
export function toGo(sample: RequestSample, credentials?: SampleCredentials): string {
  let code = goNative.generate(harOf(sample, credentials?.base, credentials?.token));
  code = replaceAll(code, '\t"net/http"\n', '\t"net/http"\n\t"os"\n');
  // No answer (the API unreachable, API_BASE unset): the error on one line and status 1, not a nil `res`.
  code = replaceAll(
    code,
    '\tres, _ := http.DefaultClient.Do(req)\n',
    '\tres, err := http.DefaultClient.Do(req)\n\tif err != nil {\n\t\tfmt.Fprintln(os.Stderr, "Request failed:", err)\n\t\tos.Exit(1)\n\t}\n',
  );
  // The answer's body alone, as the other samples print it (the generator prints the response struct too).
  code = replaceAll(code, '\tfmt.Println(res)\n', '');
  if (!credentials) {
    code = replaceAll(code, `"${BASE_PLACEHOLDER}`, 'os.Getenv("API_BASE") + "');
    code = replaceAll(code, `"Bearer ${TOKEN_PLACEHOLDER}"`, '"Bearer " + os.Getenv("TOKEN")');
  }
  const end = code.trimEnd().lastIndexOf('}');
  return `${code.slice(0, end).trimEnd()}\n\tif res.StatusCode >= 400 {\n\t\tos.Exit(1)\n\t}\n}`;
}
