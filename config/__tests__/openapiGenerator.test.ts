/**
 * @jest-environment node
 *
 * The site loads docusaurus-plugin-openapi-docs for its CLI commands only (config/openapi.ts
 * `OPENAPI_GENERATOR_COMMANDS`), which spares every `docusaurus start` and `build` loading its generator.
 * This leans on the plugin having no lifecycle but `extendCli` (5.2.0). These tests fail, naming the
 * speed-up, when an upgrade gives it another lifecycle (which `start` or `build` would then miss) or a
 * command the list lacks.
 */
import { spawnSync } from 'node:child_process';
import { OPENAPI_GENERATOR_COMMANDS, openApiPlugin, runsOpenApiGenerator } from '../openapi';

const SPEED_UP = 'config/openapi.ts OPENAPI_GENERATOR_COMMANDS (the OpenAPI plugin loaded for its commands only)';

/**
 * The plugin as `docusaurus start` would instantiate it (on a site without its docs plugin): its lifecycle
 * keys and the commands its `extendCli` adds, read in a Node process of its own (the plugin loads ES modules,
 * which jest's CommonJS runtime cannot). Commander's chained builder is stood in for by a proxy that records
 * each command's name and accepts every other call.
 */
function inspectPlugin(): { keys: string[]; commands: string[] } {
  const script = `
    const plugin = require('docusaurus-plugin-openapi-docs').default(
      { siteDir: process.cwd(), siteConfig: { presets: [], plugins: [] } }, ${JSON.stringify(openApiPlugin)});
    const commands = [];
    const chain = new Proxy(() => chain, { get: () => () => chain });
    plugin.extendCli?.({ command: (name) => (commands.push(name), chain) });
    console.log(JSON.stringify({ keys: Object.keys(plugin), commands }));`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${SPEED_UP}: the plugin could not be loaded:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!);
}

const plugin = inspectPlugin();

it('the plugin has no lifecycle but its CLI commands, so start and build need not load it', () => {
  const lifecycles = plugin.keys.filter((key) => key !== 'name');
  if (lifecycles.join() !== 'extendCli')
    throw new Error(`${SPEED_UP}: the plugin now has ${lifecycles.join(', ')}; load it for every command`);
});

it('the config knows every command the plugin adds', () => {
  if (plugin.commands.join() !== OPENAPI_GENERATOR_COMMANDS.join())
    throw new Error(`${SPEED_UP}: the plugin adds ${plugin.commands.join(', ')}; update the list`);
  expect(plugin.commands).toEqual([...OPENAPI_GENERATOR_COMMANDS]);
});

it.each([
  [['node', 'docusaurus.mjs', 'gen-api-docs', 'all'], true],
  [['node', 'docusaurus.mjs', 'clean-api-docs:version', 'customer:all'], true],
  [['node', 'docusaurus.mjs', 'start', '--port', '3000'], false],
  [['node', 'docusaurus.mjs', 'build'], false],
  [['node', 'docusaurus.mjs'], false],
])('%j runs the generator: %s', (argv, runs) => {
  expect(runsOpenApiGenerator(argv)).toBe(runs);
});
