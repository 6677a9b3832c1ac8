/**
 * `npm run changelog`: records how the vendored contract (openapi/customer-api.yaml) changed
 * since the newest entry of openapi/changelog.yaml, as a new entry dated today (UTC), each change flagged
 * breaking or not (scripts/openapi/changelog.ts). Write the entry's `summary` afterwards (and, when a change
 * is breaking, its `action`: what a client must change), and commit the file with the contract. `npm run openapi:fetch` runs it after replacing the contract.
 */
import path from 'node:path';
import { loadContract } from '../config/openapi';
import { CHANGELOG_PATH, describeChange, recordChanges } from './openapi/changelog';
import { isBreaking } from './openapi/diff';

function main(): void {
  const root = path.resolve(__dirname, '..');
  const date = new Date().toISOString().slice(0, 10);
  const changes = recordChanges(root, loadContract(root), date);
  if (changes.length === 0) {
    console.log(`${CHANGELOG_PATH} already describes the contract: nothing to record.`);
    return;
  }
  const breaking = changes.filter(isBreaking).length;
  console.log(
    `Added a ${date} entry to ${CHANGELOG_PATH}: ${changes.length} change(s), ${breaking} breaking. ` +
      'Add a "summary" in your words' +
      (breaking ? ', and an "action": what a client must change for the breaking ones' : '') +
      ', then commit it with the contract.',
  );
  for (const change of changes) console.log(`  ${isBreaking(change) ? '! ' : '  '}${describeChange(change)}`);
}

try {
  main();
} catch (error) {
  console.error(`changelog: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
