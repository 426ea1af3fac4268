import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * `--pin`: the servers (and their Redis) on some cores, the simulated players on the others,
 * with Linux `taskset`, so that a figure taken on a small machine is the server's alone: the
 * players cannot take the server's cores, and what they use is reported apart.
 */
export interface Pinning {
  /** CPU lists as taskset takes them, e.g. "0" and "1", or "0-3" and "4-7". */
  readonly servers: string;
  readonly players: string;
}

export const hasTaskset = (): boolean => spawnSync('taskset', ['--version']).status === 0;

/** The first half of the cores (rounded up) for the servers, the rest for the players. */
export function planPinning(cores = availableParallelism()): Pinning {
  if (cores < 2) throw new Error(`--pin needs 2 cores or more; this machine has ${cores}`);
  if (!hasTaskset())
    throw new Error('--pin needs taskset (util-linux: apt-get install util-linux)');
  const split = Math.ceil(cores / 2);
  return { servers: range(0, split - 1), players: range(split, cores - 1) };
}

const range = (from: number, to: number): string => (from === to ? `${from}` : `${from}-${to}`);

/** The command line that runs `command args` on `cpus` (unchanged without). */
export function withCpus(
  cpus: string | undefined,
  command: string,
  args: readonly string[],
): [string, string[]] {
  return cpus === undefined ? [command, [...args]] : ['taskset', ['-c', cpus, command, ...args]];
}

/** Pins this process (the orchestrator, which also runs players' bookkeeping) to `cpus`. */
export function pinSelf(cpus: string): void {
  const done = spawnSync('taskset', ['-a', '-cp', cpus, String(process.pid)]);
  if (done.status !== 0) throw new Error(`taskset could not pin this process: ${done.stderr}`);
}
