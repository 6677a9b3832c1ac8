/**
 * The ports a run of the portal listens on, checked before anything starts, so a port another program holds
 * stops the run at once with a non-zero exit naming the variable that moves it (detect-port, the check
 * Docusaurus' own dev server makes). A port taken between the check and the listen is named too
 * ({@link withPortHint}).
 */
import { detectPort } from 'detect-port';

/** A port and the variable that sets it, e.g. `{ variable: 'PORT', port: 3000 }` (config/env.ts `portsOf`). */
export interface PortOwner {
  variable: string;
  port: number;
}

/** Raised when ports are taken or given twice; the message names each variable to change. */
export class PortInUseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PortInUseError';
  }
}

/**
 * Throws when a port of `owners` is given to two variables or is in use on any interface of this machine.
 *
 * @throws {PortInUseError} naming every such variable and port, in one line.
 */
export async function assertPortsFree(owners: readonly PortOwner[]): Promise<void> {
  const problems: string[] = [];
  const byPort = new Map<number, string[]>();
  for (const { variable, port } of owners) byPort.set(port, [...(byPort.get(port) ?? []), variable]);
  for (const [port, variables] of byPort) {
    if (variables.length > 1) problems.push(`${variables.join(' and ')} give the same port ${port}: give each its own`);
  }
  for (const { variable, port } of owners) {
    // detect-port answers the first free port from `port` on: another one means `port` is taken.
    if ((await detectPort(port)) !== port)
      problems.push(`port ${port} is in use: stop what holds it or set ${variable}`);
  }
  if (problems.length > 0) throw new PortInUseError(`${problems.join('; ')}.`);
}

/**
 * Runs `start`, turning a port clash (`EADDRINUSE`) into an error naming the port and the variable that moves it.
 *
 * @param variable - the variable (or words) a reader changes, e.g. `PORT`.
 * @throws {PortInUseError} on a clash; any other error as it is.
 */
export async function withPortHint<T>(start: () => Promise<T>, port: number, variable: string): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!message.includes('EADDRINUSE') && (error as { code?: string })?.code !== 'EADDRINUSE') throw error;
    throw new PortInUseError(`${message} (port ${port} is in use: stop the other portal or set ${variable})`);
  }
}
