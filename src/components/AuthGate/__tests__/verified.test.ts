/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { VERIFIED_ATTRIBUTE, VERIFIED_VALUE } from '../verified';

it("AuthGate's stylesheet shows a pending page under the gate's mark (issue #9)", () => {
  const css = fs.readFileSync(path.join(__dirname, '..', 'styles.module.css'), 'utf8');
  expect(css).toContain(`:global(html[${VERIFIED_ATTRIBUTE}='${VERIFIED_VALUE}']) .gate[hidden]`);
});
