/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { markVerifiedPages, withVerifiedMark } from '../verifiedPages';

describe('withVerifiedMark (issue #9)', () => {
  it("adds the gate's mark to the html start tag of a minified Docusaurus page, once", () => {
    const page =
      '<!doctype html><html lang=en dir=ltr class="docs-wrapper" data-has-hydrated=false><head></head></html>';
    const marked = withVerifiedMark(page);
    expect(marked).toContain(
      '<html data-gate="verified" lang=en dir=ltr class="docs-wrapper" data-has-hydrated=false>',
    );
    expect(withVerifiedMark(marked)).toBe(marked);
  });

  it('leaves a file without an html element alone', () => {
    expect(withVerifiedMark('<p>fragment</p>')).toBe('<p>fragment</p>');
  });
});

describe('markVerifiedPages', () => {
  it('marks every page but the public ones', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verified-'));
    for (const file of ['login/index.html', 'docs/x/index.html', '404.html']) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), '<html lang=en><body></body></html>');
    }
    expect(markVerifiedPages(dir, ['login/index.html'])).toBe(2);
    expect(fs.readFileSync(path.join(dir, 'login/index.html'), 'utf8')).not.toContain('data-gate');
    expect(fs.readFileSync(path.join(dir, 'docs/x/index.html'), 'utf8')).toContain('data-gate="verified"');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
