/**
 * ../diff.ts `contractChanges` in one child Node process (with tsx), for the tests that diff the whole contract
 * many times. api-smart-diff reads globals (`Object`, `Array`) at every node of both contracts it walks, and in
 * jest's sandbox each such read goes through the sandbox global's interceptor: the same calls take three to
 * four times the CPU they take in Node itself. The function and its inputs are the same; only the process differs.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ContractChange } from '../diff';

/** A child that diffs contracts; `close` ends it. */
export interface DiffChild {
  /** `contractChanges(previous, next)`, computed in the child. */
  changes(previous: unknown, next: unknown): Promise<ContractChange[]>;
  close(): void;
}

/** Starts the child (./diffChild.ts); its answers come back in the order asked. */
export function startDiffChild(): DiffChild {
  const child: ChildProcess = fork(path.join(__dirname, 'diffChild.ts'), [], {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (changes: ContractChange[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  child.on('message', (message: { id: number; changes?: ContractChange[]; error?: string }) => {
    const asked = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) asked?.reject(new Error(`contractChanges failed in the child: ${message.error}`));
    else asked?.resolve(message.changes ?? []);
  });
  child.on('exit', (code) => {
    for (const { reject } of waiting.values()) reject(new Error(`the diff child exited with ${code}`));
    waiting.clear();
  });
  return {
    changes: (previous, nextContract) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        child.send({ id, previous, next: nextContract });
      }),
    close: () => {
      if (child.connected) child.disconnect();
    },
  };
}
