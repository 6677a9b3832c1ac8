/**
 * The source of config/env.ts and its parts in config/env/, one text: what tests search for the variables and
 * default ports the configuration reads (`read(env, 'X')`, `readPort(env, 'X', 3000)`).
 */
import fs from 'node:fs';
import path from 'node:path';

const ENV_MODULE = path.join(__dirname, '../../config/env');

/** config/env.ts, then each `.ts` file of config/env/, joined by newlines. */
export function envSource(): string {
  const parts = fs.readdirSync(ENV_MODULE).filter((name) => name.endsWith('.ts'));
  return [`${ENV_MODULE}.ts`, ...parts.map((name) => path.join(ENV_MODULE, name))]
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
}
