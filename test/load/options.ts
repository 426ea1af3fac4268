import { parseArgs } from 'node:util';

const USAGE = `usage: pnpm loadtest [--players N=1000] [--duration SECONDS=30] [--wrong RATE=0.05]
       [--retry RATE=0.05] [--nodes N=1 | --workers N] [--kill-at FRACTION]
       [--generators N=1] [--pin] [--replay RACE[,RACE…] [--speed X=1]]
       [--server ENTRY.ts] [--node-arg=FLAG ...]
       [--benchmarks FILE=BENCHMARKS.md]`;

export type Options = ReturnType<typeof parseOptions>;

/** The command line, or a usage message and exit code 2. */
export function readOptions(): Options {
  try {
    return parseOptions();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      players: { type: 'string', default: '1000' },
      duration: { type: 'string', default: '30' },
      wrong: { type: 'string', default: '0.05' },
      retry: { type: 'string', default: '0.05' },
      /** Server nodes sharing one throwaway Redis (cluster mode); 1: the single process. */
      nodes: { type: 'string', default: '1' },
      /** The server as `pnpm start --workers N` runs it: one port, N processes, local Redis. */
      workers: { type: 'string' },
      /** Processes running the players (1: this one); more spreads their CPU over cores. */
      generators: { type: 'string', default: '1' },
      /** Servers on the first half of the cores, players on the rest (taskset). */
      pin: { type: 'boolean', default: false },
      /** Stored races (`/api/races/:id` URLs or files of that answer) the bots play as recorded. */
      replay: { type: 'string' },
      /** The recorded time, this many times faster. */
      speed: { type: 'string', default: '1' },
      /** kill -9 of the last node at this share of the duration (needs --nodes ≥ 2). */
      'kill-at': { type: 'string' },
      /** Another server entry (path from the repository root), e.g. to compare builds. */
      server: { type: 'string', default: 'packages/server/src/main.ts' },
      /** Extra flags for the server's node, e.g. `--node-arg=--cpu-prof` to profile it. */
      'node-arg': { type: 'string', multiple: true, default: [] },
      /** Where the figures go, e.g. a scratch file while developing. */
      benchmarks: { type: 'string' },
    },
  });
  const nodes = positiveInt(values.nodes, '--nodes');
  const killAt = values['kill-at'] === undefined ? undefined : share(values['kill-at']);
  if (killAt !== undefined && nodes < 2)
    throw new Error('--kill-at needs --nodes 2 or more: the players need a node to move to');
  const workers =
    values.workers === undefined ? undefined : positiveInt(values.workers, '--workers');
  if (workers !== undefined && nodes > 1)
    throw new Error('--workers runs one server of N processes: it does not go with --nodes');
  const speed = Number(values.speed);
  if (!(speed > 0 && speed <= 1000))
    throw new Error(`--speed takes a factor above 0 (at most 1000), not "${values.speed}"`);
  return {
    replay: values.replay?.split(',').filter((source) => source !== ''),
    speed,
    workers,
    generators: positiveInt(values.generators, '--generators'),
    pin: values.pin,
    players: positiveInt(values.players, '--players'),
    durationSec: positiveInt(values.duration, '--duration'),
    mix: { wrongRate: rate(values.wrong, '--wrong'), retryRate: rate(values.retry, '--retry') },
    nodes,
    killAt,
    server: values.server,
    nodeArgs: values['node-arg'],
    benchmarks: values.benchmarks,
  };
}

function share(text: string): number {
  const n = Number(text);
  if (!(n > 0 && n < 1)) throw new Error(`--kill-at takes a share between 0 and 1, not "${text}"`);
  return n;
}

function rate(text: string, flag: string): number {
  const n = Number(text);
  if (!(n >= 0 && n <= 1)) throw new Error(`${flag} takes a share between 0 and 1, not "${text}"`);
  return n;
}

function positiveInt(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${flag} takes a positive whole number, not "${text}"`);
  return n;
}
