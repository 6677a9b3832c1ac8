/**
 * `npm run openapi:fetch`: refreshes the vendored contract from `<API_HOST>/api/v1/openapi.json`
 * (spec §7.1). The download replaces openapi/customer-api.yaml only after it parses as OpenAPI 3 and
 * passes the Redocly lint with no errors (./download.ts, the same check the build applies when it
 * reads the provider's description itself, ./source.ts); on any failure it says why, exits 1, and the
 * vendored copy is untouched, so an offline build keeps working. Before it
 * replaces the copy it prints how the two differ (./diff.ts) and how many `x-assumed` details of the
 * vendored copy are to be settled against the provider's word. After replacing it, it adds
 * the changelog entry for the changes (./changelog.ts).
 *
 * Usage: tsx scripts/openapi/fetch.ts [--out <file>]   (default: openapi/customer-api.yaml)
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { portalEnv } from '../../config/env';
import { OPENAPI_SPEC_PATH } from '../../config/openapi';
import { findAssumptions } from './assumptions';
import { contractDifferences, isBreaking } from './diff';
import { downloadContract } from './download';
import { CHANGELOG_PATH, recordChanges } from './changelog';

/** How long the download may take, in ms. */
const FETCH_TIMEOUT_MS = 15_000;

/** The file to replace: `--out <file>` or the vendored contract. */
function outPath(root: string): string {
  const at = process.argv.indexOf('--out');
  return at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]) : path.join(root, OPENAPI_SPEC_PATH);
}

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '../..');
  if (!portalEnv.apiHost) throw new Error('API_HOST is not set: give the API host to fetch the contract from.');
  const { url, doc, yamlText } = await downloadContract(portalEnv.apiHost, FETCH_TIMEOUT_MS, root);

  const target = outPath(root);
  const relative = path.relative(root, target);
  const vendored = fs.existsSync(target) ? parse(fs.readFileSync(target, 'utf8')) : {};
  const differences = contractDifferences(vendored, doc);
  console.log(
    differences.length === 0
      ? `No differences between ${relative} and ${url} that a client could notice.`
      : `${url} differs from ${relative} in ${differences.length} place(s), as api-smart-diff classifies them:\n${differences.map((line) => `  - ${line}`).join('\n')}`,
  );
  const assumed = findAssumptions(vendored).length;
  if (assumed > 0 && findAssumptions(doc).length === 0) {
    console.log(
      `${relative} marked ${assumed} detail(s) x-assumed (listed in openapi/README.md); the new copy marks none. Settle each against it, then update the list.`,
    );
  }

  const temporary = `${target}.download`;
  fs.writeFileSync(temporary, yamlText);
  fs.renameSync(temporary, target);
  console.log(`Updated ${relative} from ${url} (${Object.keys(doc.paths ?? {}).length} paths).`);
  if (target === path.join(root, OPENAPI_SPEC_PATH)) {
    // The changelog entry for what changed: writers add its summary and commit both files.
    try {
      const recorded = recordChanges(root, doc, new Date().toISOString().slice(0, 10));
      console.log(
        recorded.length
          ? `Recorded ${recorded.length} change(s) in ${CHANGELOG_PATH} (${recorded.filter(isBreaking).length} breaking): add a summary, then commit it with the contract.`
          : `${CHANGELOG_PATH} already describes it.`,
      );
    } catch (error) {
      // The contract is replaced either way; the changelog test in npm test says what is still to record.
      console.warn(`The changelog was not updated: ${error instanceof Error ? error.message : error}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(`openapi:fetch: ${error instanceof Error ? error.message : error}`);
  console.error(`${path.relative(process.cwd(), outPath(path.resolve(__dirname, '../..')))} was left unchanged.`);
  process.exit(1);
});
