/**
 * `npm run gen-api`: bundles the contract (scripts/openapi/bundle.ts) and writes it for download
 * (scripts/openapi/downloads.ts), then regenerates the /api pages
 * from it with docusaurus-plugin-openapi-docs (the generator never overwrites a page, so the output
 * folder is emptied first), writes the changelog page and feeds (scripts/openapi/changelog.ts), and renders
 * the pages' Markdown texts to HTML (scripts/openapi/markdownHtml.ts), then reads every generated page as
 * Docusaurus will and stops on any code the generator did not write (scripts/openapi/pageCheck.ts).
 * `npm start` and `npm run build` run this. When nothing the pages are made from has changed since the last
 * run (scripts/openapi/inputs.ts), it says so and generates nothing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { API_DOCS_DIR } from '../config/openapi';
import { bundleContract } from './openapi/bundle';
import { inputsFingerprint, INPUTS_STAMP_PATH, recordInputs, upToDate } from './openapi/inputs';
import { chooseContractSource, sourceLogLine } from './openapi/source';
import { writeClientTypes, writeDescriptionDownloads, writePostmanCollection } from './openapi/downloads';
import { writeMarkdownHtml } from './openapi/markdownHtml';
import { writeChangelog } from './openapi/changelog';
import { checkGeneratedPages, pageCheckMessage } from './openapi/pageCheck';
import { customerBuildError, portalEnv } from '../config/env';

async function main(): Promise<void> {
  // The first step of `npm run build`: a build for customers missing what their pages need stops here.
  const refusal = customerBuildError(portalEnv);
  if (refusal) throw refusal;
  const root = path.resolve(__dirname, '..');
  const source = await chooseContractSource(root, portalEnv.apiHost);
  console.log(sourceLogLine(source));
  const fingerprint = inputsFingerprint(root, portalEnv, source.file);
  if (upToDate(root, fingerprint)) {
    console.log(
      `The API pages are up to date: nothing they are made from changed since they were generated (${INPUTS_STAMP_PATH}; delete it to generate them again).`,
    );
    return;
  }
  const { out: bundled } = await bundleContract(root, { apiHost: portalEnv.apiHost, source });
  console.log(`Bundled the contract into ${path.relative(root, bundled)}`);
  const bundledDoc: unknown = JSON.parse(fs.readFileSync(bundled, 'utf8'));
  const downloads = [
    ...writeDescriptionDownloads(root, bundledDoc),
    await writePostmanCollection(root, bundledDoc),
    writeClientTypes(root),
  ];
  console.log(`Wrote it for download: ${downloads.map((file) => path.relative(root, file)).join(', ')}`);
  const out = path.join(root, API_DOCS_DIR);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  // The plugin's generator runs in its own process (it loads the whole site) while this one writes the
  // changelog and renders the Markdown texts: neither reads what the other writes.
  const generated = new Promise<number | null>((resolve, reject) =>
    spawn(process.execPath, [require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'gen-api-docs', 'all'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
      .on('error', reject)
      .on('close', resolve),
  );
  const changelog = writeChangelog(root, portalEnv.siteUrl, portalEnv.productName);
  console.log(
    `Wrote the API changelog and its feeds: ${changelog.map((file) => path.relative(root, file)).join(', ')}`,
  );
  const html = await writeMarkdownHtml(root);
  console.log(
    `Rendered ${html.rendered} of their ${html.texts} Markdown texts to HTML (${(html.bytes / 1000).toFixed(1)} KB)`,
  );
  if ((await generated) !== 0) throw new Error('docusaurus gen-api-docs failed (see above).');
  // Fail closed: a page holding code the generator does not write is not built, and the next run generates again.
  const findings = await checkGeneratedPages(root);
  if (findings.length > 0) throw new Error(pageCheckMessage(findings));
  console.log(`Generated the API reference pages into ${API_DOCS_DIR}, each holding only what the generator writes`);
  recordInputs(root, fingerprint);
}

main().catch((error: unknown) => {
  console.error(`gen-api failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
