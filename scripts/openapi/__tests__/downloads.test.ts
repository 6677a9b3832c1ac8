import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { DESCRIPTION_DOWNLOADS, GENERATED_STATIC_DIR } from '../../../config/openapi';
import { writeDescriptionDownloads } from '../downloads';

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
});
