/**
 * @jest-environment jsdom
 */
import fs from 'node:fs';
import path from 'node:path';
import { VERIFIED_META, VERIFIED_META_NAME, VERIFIED_VALUE } from '../../../../rules/verifiedMark';
import { isGateVerified } from '../verified';

afterEach(() => {
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('data-gate');
});

it("AuthGate's stylesheet shows a pending page under the gate's mark", () => {
  const css = fs.readFileSync(path.join(__dirname, '..', 'styles.module.css'), 'utf8');
  expect(css).toContain(
    `:global(html:has(> head > meta[name='${VERIFIED_META_NAME}'][content='${VERIFIED_VALUE}'])) .gate[hidden]`,
  );
});

it('reads the mark from the head that the build wrote', () => {
  expect(isGateVerified(document)).toBe(false);
  document.head.innerHTML = VERIFIED_META;
  expect(isGateVerified(document)).toBe(true);
});

it('cannot be set from the URL: ?docusaurus-data-gate=verified only adds a data attribute', () => {
  // What Docusaurus's inline theme script does with `?docusaurus-data-gate=verified`.
  document.documentElement.setAttribute('data-gate', 'verified');
  expect(isGateVerified(document)).toBe(false);
});
