/**
 * The readers every part of the configuration uses: each takes the environment as a record (config/env.ts passes
 * `process.env`, tests their own) and throws a {@link ConfigError} naming the variable when a value is unusable.
 */
import { trimTrailing } from '../../rules/text';

/** Raised when an environment variable is present but unusable; the message names the variable. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Configuration error in ${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

/** The environment as a record of variables, e.g. `process.env`. */
export type Env = Record<string, string | undefined>;

/** The variable `name`, trimmed, or `undefined` when it is unset or blank. */
export function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/**
 * The http(s) URL in `name` (or `fallback` when unset), without a trailing `/`.
 *
 * @throws {ConfigError} when it is not an http(s) URL.
 */
export function readUrl(env: Env, name: string, fallback: string): string {
  const value = read(env, name) ?? fallback;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new ConfigError(name, `"${value}" is not an http(s) URL (e.g. https://example.com).`);
  }
  return trimTrailing(value, '/');
}

/**
 * An http(s) URL or a `mailto:` address, or `undefined` when unset.
 *
 * @throws {ConfigError} when it is neither.
 */
export function readContact(env: Env, name: string): string | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = '';
  }
  if (!['http:', 'https:', 'mailto:'].includes(protocol))
    throw new ConfigError(
      name,
      `"${value}" is neither an http(s) URL nor a mailto: address (e.g. mailto:api@example.com).`,
    );
  return value;
}

/**
 * The TCP port in `name` (1-65535), or `fallback` when unset.
 *
 * @throws {ConfigError} when it is not a TCP port.
 */
export function readPort(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(name, `"${raw}" is not a TCP port (1-65535).`);
  }
  return port;
}

/** The comma-separated items of `name`, trimmed, without empty ones; `[]` when unset. */
export function readList(env: Env, name: string): string[] {
  return (read(env, name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * A user pool group's name (Cognito's `GroupName`: 1 to 128 letters, marks, symbols, digits or punctuation, no
 * space), or undefined when unset.
 */
export function readGroup(env: Env, name: string): string | undefined {
  const value = read(env, name);
  if (value !== undefined && (value.length > 128 || !/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u.test(value)))
    throw new ConfigError(name, `"${value}" is not a user pool group name (1 to 128 characters, no space).`);
  return value;
}
