/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { DESCRIPTION_DOWNLOADS, GENERATED_STATIC_DIR } from '../../../config/openapi';
import { writeDescriptionDownloads } from '../downloads';
import { SOURCE_NOTE_TITLE } from '../sourceNote';

describe('writeDescriptionDownloads', () => {
  it('writes the description as JSON and as YAML where the site serves /api/v1/openapi.json and .yaml', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'downloads-'));
    const doc = { openapi: '3.1.0', info: { title: 'Customer API', version: '1' }, paths: { '/x': {} } };
    const files = writeDescriptionDownloads(root, doc);
    expect(files.map((file) => path.relative(path.join(root, GENERATED_STATIC_DIR), file))).toEqual([
      'api/v1/openapi.json',
      'api/v1/openapi.yaml',
    ]);
    expect(DESCRIPTION_DOWNLOADS).toEqual({ json: '/api/v1/openapi.json', yaml: '/api/v1/openapi.yaml' });
    expect(JSON.parse(fs.readFileSync(files[0], 'utf8'))).toEqual(doc);
    expect(parse(fs.readFileSync(files[1], 'utf8'))).toEqual(doc);
  });

  it("leaves out the landing page's note on how the reference was built, and keeps the rest", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'downloads-'));
    const description = 'The customer API.\n\n## Assumptions\n\nMarked *Assumed*.\n';
    // As ../source.ts `withSourceNote` writes it for the landing page.
    const note = `:::info[${SOURCE_NOTE_TITLE}]\n\nBuilt on 2026-11-29 10:00 UTC from the portal's own copy of the API description.\n\n:::`;
    const built = {
      openapi: '3.1.0',
      info: { title: 'Customer API', version: '1', description: `${description}\n${note}\n` },
      paths: {},
    };
    expect(built.info.description).toContain(SOURCE_NOTE_TITLE);
    const [json, yaml] = writeDescriptionDownloads(root, built).map((file) => fs.readFileSync(file, 'utf8'));
    for (const text of [json, yaml]) {
      expect(text).not.toContain(SOURCE_NOTE_TITLE);
      expect(text).not.toMatch(/Built on|portal's source|portal's own copy/);
    }
    expect(JSON.parse(json).info.description).toBe(description);
  });
});
