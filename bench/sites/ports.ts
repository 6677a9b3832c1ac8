/**
 * The ports the benchmarks' own servers listen on: BENCH_PORT (config/env.ts, default 3300) plus an offset each,
 * so no benchmark takes the ports of a portal running beside it (PORT, LOCAL_IDENTITY_PORT and the others), and
 * two checkouts' benchmarks run side by side with different BENCH_PORTs.
 */
import { portalEnv } from '../../config/env';

/** Offsets from BENCH_PORT, one block per server a benchmark starts. */
const OFFSETS = {
  /** `npm run bench:gate`: the gate and its local services, and `docusaurus serve`. */
  gate: 10,
  /** `npm run bench:insights`: the gate and its local services. */
  insights: 30,
  /** `npm run bench`: the anchors' static servers (`plain` +0, `stock` +1). */
  anchors: 101,
} as const;

/** The first port of `server`'s block. */
export function benchPort(server: keyof typeof OFFSETS): number {
  return portalEnv.benchPort + OFFSETS[server];
}

/** The ports of a gate started by a benchmark and of its local services, from `first` on. */
export interface GatePorts {
  gate: number;
  identity: number;
  sandbox: number;
  hostedUi: number;
  idp: number;
  /** The gate's inspector, through which the benchmark reads its heap (loopback only). */
  inspector: number;
}

/** Consecutive ports for a gate and its services, from `first`. */
export function gatePorts(first: number): GatePorts {
  return {
    gate: first,
    identity: first + 1,
    sandbox: first + 2,
    hostedUi: first + 3,
    idp: first + 4,
    inspector: first + 5,
  };
}
