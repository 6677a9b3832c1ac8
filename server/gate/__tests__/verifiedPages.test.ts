/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { markVerifiedPages, withVerifiedMark } from '../verifiedPages';

describe('withVerifiedMark (issue #9)', () => {
  it("adds the gate's mark first in the head of a minified Docusaurus page, once", () => {
    const page =
      '<!doctype html><html lang=en dir=ltr class="docs-wrapper" data-has-hydrated=false><head><meta charset=UTF-8></head></html>';
    const marked = withVerifiedMark(page);
    expect(marked).toContain('<head><meta name="portal-gate" content="verified"><meta charset=UTF-8>');
    expect(withVerifiedMark(marked)).toBe(marked);
  });

  it('leaves a file without a head alone', () => {
    expect(withVerifiedMark('<p>fragment</p>')).toBe('<p>fragment</p>');
  });
});

describe('markVerifiedPages', () => {
  it('marks every page but the public ones', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verified-'));
    for (const file of ['login/index.html', 'docs/x/index.html', '404.html']) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), '<html lang=en><head></head><body></body></html>');
    }
    expect(markVerifiedPages(dir, ['login/index.html'])).toBe(2);
    expect(fs.readFileSync(path.join(dir, 'login/index.html'), 'utf8')).not.toContain('portal-gate');
    expect(fs.readFileSync(path.join(dir, 'docs/x/index.html'), 'utf8')).toContain(
      '<meta name="portal-gate" content="verified">',
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
