/**
 * @jest-environment node
 */
import { withVerifiedMark } from '../verifiedMark';

describe('withVerifiedMark', () => {
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
