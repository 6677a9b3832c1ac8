/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insideGitWorkTree } from '../lastUpdate';

describe('insideGitWorkTree ("last updated" must not break a build outside Git)', () => {
  it('is true for this repository', () => {
    expect(insideGitWorkTree(path.resolve(__dirname, '../..'))).toBe(true);
  });

  it('is false for a folder outside any work tree', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-git-'));
    try {
      expect(insideGitWorkTree(dir)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
