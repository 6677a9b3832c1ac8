/**
 * `npm run insights`: the writers' report of what readers said and did (./report.ts), from the gate's local
 * store (`.local/insights`, or INSIGHTS_DATA_DIR; its database read-only, never the months' secrets) or, with
 * `--aws`, from the deployment's DynamoDB table (`--table`, or INSIGHTS_TABLE; AWS credentials and region
 * from the usual chain, allowed to scan the table: the rows only, no key). Writes `insights.md` and
 * `insights.html` into `--out` (default `.local/insights/report`), or prints the report as JSON with `--json`.
 * Says what it reads on stderr first. Exits 2 on wrong arguments, 1 when the store cannot be read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { portalEnv } from '../../config/env';
import { dynamoInsightsStore } from '../../server/insights/dynamoStore';
import { insightsDataDirOf, insightsFileOf, readInsightRows } from '../../server/insights/sqliteStore';
import type { InsightRow } from '../../server/insights/store';
import { reportHtml } from './html';
import { reportMarkdown, reportOf } from './report';

export const USAGE = `Usage: npm run insights -- [--json] [--out <folder>] [--aws [--table <name>]]

  --json            print the report as JSON on stdout; write no file
  --out <folder>    where insights.md and insights.html go (default .local/insights/report)
  --aws             read the deployment's DynamoDB table instead of the local store
  --table <name>    the table (default: INSIGHTS_TABLE; the stack's InsightsTableName output)`;

/** Reads the rows the options name. */
async function readRows(options: { aws?: boolean; table?: string }): Promise<InsightRow[]> {
  if (options.aws) {
    const table = options.table ?? portalEnv.insights.table;
    if (!table)
      throw Object.assign(new Error(`--aws needs the table: --table <name> or INSIGHTS_TABLE.\n${USAGE}`), { exit: 2 });
    console.error(`Reading reader insights from the DynamoDB table ${table}…`);
    return dynamoInsightsStore(table).rows();
  }
  const dataDir = insightsDataDirOf(portalEnv.insights.dataDir);
  console.error(`Reading reader insights from ${insightsFileOf(dataDir)}…`);
  return readInsightRows(dataDir);
}

async function main(): Promise<void> {
  let values: { json?: boolean; out?: string; aws?: boolean; table?: string };
  try {
    ({ values } = parseArgs({
      options: {
        json: { type: 'boolean' },
        out: { type: 'string' },
        aws: { type: 'boolean' },
        table: { type: 'string' },
      },
    }));
  } catch (error) {
    throw Object.assign(new Error(`${error instanceof Error ? error.message : error}\n${USAGE}`), { exit: 2 });
  }
  const report = reportOf(await readRows(values));
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  const out = path.resolve(values.out ?? path.join(insightsDataDirOf(portalEnv.insights.dataDir), 'report'));
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'insights.md'), await reportMarkdown(report));
  fs.writeFileSync(path.join(out, 'insights.html'), reportHtml(report));
  console.log(
    `${report.events} events. Wrote ${path.join(out, 'insights.md')} and ${path.join(out, 'insights.html')}.`,
  );
}

main().catch((error: Error & { exit?: number }) => {
  console.error(error.message);
  process.exit(error.exit ?? 1);
});
