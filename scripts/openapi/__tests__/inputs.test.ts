/**
 * `npm run gen-api` skips generating the API pages only when nothing they are made from changed
 * (scripts/openapi/inputs.ts): a writer's `npm start` does not wait on it, and a change to the
 * contract, the changelog, the environment or the generating code is never missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inputsFingerprint, recordInputs, upToDate, vendoredPagesUpToDate } from '../inputs';

let root: string;
let description: string;

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-api-inputs-'));
  write('openapi/customer-api.yaml', 'openapi: 3.0.3\n');
  write('openapi/changelog.yaml', 'entries: []\n');
  write('scripts/openapi/bundle.ts', 'export {};\n');
  write('config/env.ts', 'export {};\n');
  write('package-lock.json', '{}\n');
  // The outputs of a completed run.
  write('generated/openapi/customer-api.json', '{}\n');
  write('generated/openapi/markdown-html.json', '{}\n');
  write('generated/api/index.md', '# API\n');
  write('generated/static/api/customer-api.json', '{}\n');
  description = path.join(root, 'openapi/customer-api.yaml');
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const settings = { siteUrl: 'http://localhost:3000', apiHost: undefined };

describe('the API pages are regenerated', () => {
  it('not when nothing changed since the last run', () => {
    recordInputs(root, inputsFingerprint(root, settings, description));
    expect(upToDate(root, inputsFingerprint(root, settings, description))).toBe(true);
  });

  it.each([
    ['the contract changed', () => write('openapi/customer-api.yaml', 'openapi: 3.1.0\n')],
    ['the changelog changed', () => write('openapi/changelog.yaml', 'entries: [{date: 2026-11-26}]\n')],
    ['the generating code changed', () => write('scripts/openapi/bundle.ts', 'export const a = 1;\n')],
    ['a package was updated', () => write('package-lock.json', '{"v":2}\n')],
    ['an output was deleted', () => fs.rmSync(path.join(root, 'generated/api'), { recursive: true })],
  ])('when %s', (_what, change) => {
    recordInputs(root, inputsFingerprint(root, settings, description));
    change();
    expect(upToDate(root, inputsFingerprint(root, settings, description))).toBe(false);
  });

  it('when the environment changed (e.g. API_HOST or the user pool)', () => {
    recordInputs(root, inputsFingerprint(root, settings, description));
    expect(upToDate(root, inputsFingerprint(root, { ...settings, apiHost: 'api.example.com' }, description))).toBe(
      false,
    );
  });

  it("when the provider's description downloaded this time differs", () => {
    const provider = path.join(root, 'generated/openapi/provider.yaml');
    write('generated/openapi/provider.yaml', 'openapi: 3.0.3\n');
    recordInputs(root, inputsFingerprint(root, settings, provider));
    write('generated/openapi/provider.yaml', 'openapi: 3.0.3\ninfo: {version: "2"}\n');
    expect(upToDate(root, inputsFingerprint(root, settings, provider))).toBe(false);
  });

  it('when no run completed before', () => {
    expect(upToDate(root, inputsFingerprint(root, settings, description))).toBe(false);
  });

  it('but not for a change to a test beside the code', () => {
    recordInputs(root, inputsFingerprint(root, settings, description));
    write('scripts/openapi/__tests__/bundle.test.ts', 'test.todo("x");\n');
    expect(upToDate(root, inputsFingerprint(root, settings, description))).toBe(true);
  });
});

describe('npm start asks first, without the bundler', () => {
  it('skips after a completed run from the vendored description, not with API_HOST set', () => {
    recordInputs(root, inputsFingerprint(root, settings, description));
    expect(vendoredPagesUpToDate(root, settings)).toBe(true);
    expect(vendoredPagesUpToDate(root, { ...settings, apiHost: 'api.example.com' })).toBe(false);
    write('openapi/customer-api.yaml', 'openapi: 3.1.0\n');
    expect(vendoredPagesUpToDate(root, settings)).toBe(false);
  });
});
