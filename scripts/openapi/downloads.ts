/**
 * The bundled description as the site serves it for download (spec §7.1 names
 * `/api/v1/openapi.json`), as JSON and as YAML, for client generators, without the `/api` landing page's
 * note on where and when the reference was built (./sourceNote.ts): written by `npm run gen-api` into
 * {@link GENERATED_STATIC_DIR}, which Docusaurus copies into the build (`staticDirectories`) and serves in
 * `npm start`. The gate serves it like every page: to a signed-in reader or a script's bearer access token,
 * 401 to anyone else (rules/access.ts). The `/api` landing page links both (openapi/templates/info.mustache).
 */
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { DESCRIPTION_DOWNLOADS, GENERATED_STATIC_DIR } from '../../config/openapi';
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
