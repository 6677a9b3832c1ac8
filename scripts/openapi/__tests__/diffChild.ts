/**
 * The other end of ./diffInChild.ts: answers each `{ id, previous, next }` message with
 * `{ id, changes }` (../diff.ts `contractChanges`) or `{ id, error }`, until the parent disconnects.
 */
import { contractChanges } from '../diff';

process.on('message', ({ id, previous, next }: { id: number; previous: unknown; next: unknown }) => {
  try {
    process.send?.({ id, changes: contractChanges(previous, next) });
  } catch (error) {
    process.send?.({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
