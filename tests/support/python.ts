/**
 * The Python the samples run in: a Python 3 with `requests` (the Python samples' one dependency), by its absolute
 * path, Debian's or the first on the PATH (scripts/ensure-test-tools.sh installs Debian's `python3-requests`
 * when neither has it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Whether `command` runs Python with `requests`. */
function hasRequests(command: string): boolean {
  try {
    execFileSync(command, ['-c', 'import requests'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * @returns the absolute path of a Python 3 with `requests`.
 * @throws {Error} saying how to install it when there is none.
 */
export function pythonWithRequests(): string {
  const onPath = (process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'python3'));
  for (const candidate of ['/usr/bin/python3', ...onPath])
    if (fs.existsSync(candidate) && hasRequests(candidate)) return candidate;
  throw new Error('The Python samples need python3 with requests: apt-get install -y python3-requests');
}
