/**
 * The bundled description as the site serves it for download (spec §7.1 names
 * `/api/v1/openapi.json`), as JSON and as YAML, for client generators, without the `/api` landing page's
 * note on where and when the reference was built (./sourceNote.ts): written by `npm run gen-api` into
 * {@link GENERATED_STATIC_DIR}, which Docusaurus copies into the build (`staticDirectories`) and serves in
 * `npm start`. The gate serves it like every page: to a signed-in reader or a script's bearer access token,
 * 401 to anyone else (rules/access.ts). The `/api` landing page links both (openapi/templates/info.mustache).
 * Beside them, the same description as a Postman collection ({@link writePostmanCollection}) and as
 * TypeScript types for a typed client ({@link writeClientTypes}).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { convertV2 } from 'openapi-to-postmanv2';
import { stringify } from 'yaml';
import {
  CLIENT_TYPES_PATH,
  DESCRIPTION_DOWNLOADS,
  GENERATED_STATIC_DIR,
  POSTMAN_COLLECTION_PATH,
} from '../../config/openapi';
import type { OpenApiDocument } from '../../rules/contract';
import { withoutSourceNote } from './sourceNote';

/**
 * @param root - the site directory.
 * @param bundled - the bundled description (JSON), the landing page's note included.
 * @returns the files written, absolute.
 */
export function writeDescriptionDownloads(root: string, bundled: unknown): string[] {
  const doc = withoutSourceNote(bundled as OpenApiDocument);
  return Object.entries(DESCRIPTION_DOWNLOADS).map(([format, route]) => {
    const file = path.join(root, GENERATED_STATIC_DIR, route);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, format === 'json' ? `${JSON.stringify(doc, null, 2)}\n` : stringify(doc));
    return file;
  });
}

/** A Postman collection (v2.1) as openapi-to-postmanv2 writes it: the parts this portal reads. */
export interface PostmanCollection {
  info: { name: string; schema: string };
  item: unknown[];
  variable?: { key: string; value: string; description?: string }[];
  auth?: unknown;
}

/**
 * The description as a Postman collection (v2.1), by openapi-to-postmanv2: one request per operation, in
 * one folder per tag, with the contract's example values, optional query parameters listed but switched off (their
 * examples are illustrative: a request sent as imported answers for the whole catalogue); `{{baseUrl}}` is the
 * description's first server
 * and every request sends `Authorization: Bearer {{bearerToken}}`, a collection variable the reader fills
 * with their access token (declared here, so Postman lists it among the collection's variables).
 *
 * @param bundled - the bundled description (JSON), the landing page's note included (left out here).
 * @throws {Error} with the converter's reason when it cannot convert the description.
 */
export function postmanCollection(bundled: unknown): Promise<PostmanCollection> {
  const doc = withoutSourceNote(bundled as OpenApiDocument);
  return new Promise((resolve, reject) => {
    convertV2(
      { type: 'json', data: doc as object },
      { folderStrategy: 'Tags', parametersResolution: 'Example', enableOptionalParameters: false },
      (error, result) => {
        const output = result?.output?.[0]?.data as PostmanCollection | undefined;
        if (error || !result?.result || !output) {
          reject(
            new Error(`openapi-to-postmanv2 could not convert the description: ${error?.message ?? result?.reason}`),
          );
          return;
        }
        const variables = output.variable ?? [];
        if (!variables.some((variable) => variable.key === 'bearerToken'))
          variables.push({ key: 'bearerToken', value: '', description: 'Your access token (Tokens for scripts).' });
        resolve({ ...output, variable: variables });
      },
    );
  });
}

/**
 * Writes {@link postmanCollection} where the site serves {@link POSTMAN_COLLECTION_PATH}.
 *
 * @returns the file written, absolute.
 */
export async function writePostmanCollection(root: string, bundled: unknown): Promise<string> {
  const file = path.join(root, GENERATED_STATIC_DIR, POSTMAN_COLLECTION_PATH);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(await postmanCollection(bundled), null, 2)}\n`);
  return file;
}

/**
 * Writes the description as TypeScript types where the site serves {@link CLIENT_TYPES_PATH}: openapi-typescript's
 * CLI (the generator of `npm run types`, run as its own process since its ES module dependencies do not load
 * in every runtime this module does) over the JSON download {@link writeDescriptionDownloads} wrote. The
 * types' `paths` are what a typed client such as openapi-fetch takes (`createClient<paths>()`).
 *
 * @param root - the site directory, whose JSON download is already written.
 * @returns the file written, absolute.
 * @throws {Error} with openapi-typescript's message when it cannot read the description.
 */
export function writeClientTypes(root: string): string {
  const input = path.join(root, GENERATED_STATIC_DIR, DESCRIPTION_DOWNLOADS.json);
  const file = path.join(root, GENERATED_STATIC_DIR, CLIENT_TYPES_PATH);
  const cli = path.join(path.dirname(require.resolve('openapi-typescript/package.json')), 'bin/cli.js');
  try {
    // --default-non-nullable false: a field with a default stays optional, so a request body may leave it out.
    execFileSync(process.execPath, [cli, input, '--output', file, '--silent', '--default-non-nullable', 'false'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    throw new Error(`openapi-typescript could not write ${CLIENT_TYPES_PATH} from ${input}: ${stderr || error}`);
  }
  return file;
}
