/**
 * Sidebar of the `/api` reference. Its items are generated from the OpenAPI contract into
 * `generated/api/v1/sidebar.ts` by `npm run gen-api` (never committed), grouped by tag.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

const generated = path.join(__dirname, 'generated/api/v1/sidebar.ts');
if (!fs.existsSync(generated)) {
  throw new Error(`${generated} is missing: run "npm run gen-api" (npm start and npm run build run it for you).`);
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const apiItems = require(generated).default as SidebarsConfig[string];

// The changelog page (scripts/openapi/changelog.ts), written beside the generated pages.
const sidebars = {
  api: [...(apiItems as unknown[]), { type: 'doc', id: 'changelog', label: 'Changelog' }],
} as SidebarsConfig;
export default sidebars;
