import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { median } from './sat-net.ts';
import type { ExtraSolver, SolverRun } from './sat-runners.ts';

/** Every solver the SAT section times: ours, MiniSat and the extra references. */
export type SolverName = 'ours' | 'minisat' | ExtraSolver;

/** The wall time of a solver's process on a one-clause file, over repeated runs. */
export interface Startup {
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly runs: number;
  /** Runs that did not answer SAT (the measurement is suspect then). */
  readonly failures: number;
}

/** Start-up per solver that ran, plus `node_modules/.bin/percent` for the CLI target. */
export interface Startups {
  readonly solvers: Partial<Record<SolverName, Startup>>;
  readonly bin?: Startup;
}

/** Runs per solver before the instances, after one discarded warm-up run. */
export const STARTUP_RUNS = 10;

/** Writes the one-clause file `p cnf 1 1 / 1 0` (satisfiable) into `scratch`. */
export async function oneClauseFile(scratch: string): Promise<string> {
  const file = path.join(scratch, 'one-clause.cnf');
  await writeFile(file, 'c one clause: process start-up\np cnf 1 1\n1 0\n');
  return file;
}

/** One way of starting a process on a file, timed as the instances are. */
export type Probe = (file: string) => Promise<SolverRun>;

/**
 * Samples of each solver's start-up, pooled over the whole run: `STARTUP_RUNS` up front,
 * then one more per solver every so often between instances, so a machine whose load
 * changes during a long run (it is shared) is sampled under both loads alike.
 */
export class StartupSampler {
  /** Wall ms of each run so far, per solver (`bin`: node_modules/.bin/percent). */
  private readonly walls = new Map<SolverName | 'bin', number[]>();
  /** Runs that did not answer SAT, per solver. */
  private readonly failures = new Map<SolverName | 'bin', number>();

  constructor(
    private readonly probes: ReadonlyMap<SolverName | 'bin', Probe>,
    private readonly file: string,
  ) {}

  /** One warm-up run per solver (discarded: page cache, dynamic linker), then `rounds`. */
  async start(rounds = STARTUP_RUNS): Promise<void> {
    for (const probe of this.probes.values()) await probe(this.file);
    await this.sample(rounds);
  }

  /** `rounds` more runs of every solver, one solver after the other. */
  async sample(rounds = 1): Promise<void> {
    for (let i = 0; i < rounds; i++) {
      for (const [name, probe] of this.probes) {
        const run = await probe(this.file);
        this.walls.set(name, [...(this.walls.get(name) ?? []), run.wallMs]);
        if (run.verdict !== 'SAT') this.failures.set(name, (this.failures.get(name) ?? 0) + 1);
      }
    }
  }

  /** The start-ups so far. */
  startups(): Startups {
    const solvers: Partial<Record<SolverName, Startup>> = {};
    let bin: Startup | undefined;
    for (const [name, walls] of this.walls) {
      const startup = summarise(walls, this.failures.get(name) ?? 0);
      if (name === 'bin') bin = startup;
      else solvers[name] = startup;
    }
    return bin === undefined ? { solvers } : { solvers, bin };
  }
}

export function summarise(walls: readonly number[], failures: number): Startup {
  return {
    medianMs: median(walls),
    minMs: Math.min(...walls),
    maxMs: Math.max(...walls),
    runs: walls.length,
    failures,
  };
}
