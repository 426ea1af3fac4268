import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineInfo } from '../../bench/machine.ts';
import { replaceSection } from '../../bench/markdown.ts';

const REPORT = fileURLToPath(new URL('../../BENCHMARKS.md', import.meta.url));

export interface RunShape {
  /** Another file than the repository's BENCHMARKS.md (`--benchmarks`), e.g. while developing. */
  readonly file?: string | undefined;
  readonly nodes: number;
  /** The node killed, when (s into the window) and at which share of the run. */
  readonly kill?: { node: number; atSec: number; share: number } | undefined;
  /** `--workers N`: the server as `pnpm start --workers N`. */
  readonly workers?: number | undefined;
  /** Processes that ran the players (`--generators`; 1: the load test's own). */
  readonly generators?: number;
  /** `--pin`: the cores of the servers and of the players. */
  readonly pinning?: { readonly servers: string; readonly players: string } | undefined;
}

/**
 * Writes the run's figures to BENCHMARKS.md: one block per shape of run — `loadtest` (one
 * process), `loadtest-nodes-N`, `loadtest-nodes-N-kill`, `loadtest-workers-N`, each with
 * `-pinned` under `--pin` — with the command, date, machine and what ran, then the report as
 * printed; text outside the block is left alone.
 */
export function writeBenchmarks(
  lines: readonly string[],
  args: readonly string[],
  shape: RunShape = { nodes: 1 },
): void {
  const machine = machineInfo();
  const command = ['pnpm loadtest', ...withoutFile(args)].join(' ');
  const date = new Date().toISOString().replace('T', ' ').slice(0, 19);
  const block = [
    title(shape),
    '',
    `Command \`${command}\`, ${date} UTC, on ${machine.cpu} (${machine.cores} cores, ` +
      `${machine.ramGiB.toFixed(1)} GiB), Node ${machine.node}. ${setting(shape)}`,
    '',
    '```text',
    ...lines.filter((line, i) => line !== '' || i > 0),
    '```',
  ].join('\n');
  const file = shape.file === undefined ? REPORT : resolve(shape.file);
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const id = blockId(shape);
  writeFileSync(file, replaceSection(doc, id, block));
  console.log(`figures written to ${shape.file ?? 'BENCHMARKS.md'} (block bench:${id})`);
}

/** The arguments without `--benchmarks FILE`: where figures went does not change them. */
function withoutFile(args: readonly string[]): string[] {
  return args.filter(
    (arg, i) =>
      arg !== '--benchmarks' && !arg.startsWith('--benchmarks=') && args[i - 1] !== '--benchmarks',
  );
}

function blockId({ nodes, kill, workers, pinning }: RunShape): string {
  const base =
    workers !== undefined
      ? `loadtest-workers-${workers}`
      : nodes === 1
        ? 'loadtest'
        : `loadtest-nodes-${nodes}${kill ? '-kill' : ''}`;
  return pinning ? `${base}-pinned` : base;
}

function title(shape: RunShape): string {
  const pinned = shape.pinning ? ', players on cores of their own' : '';
  const flag = shape.pinning ? ' --pin' : '';
  if (shape.workers !== undefined)
    return `## Race server as \`pnpm start --workers ${shape.workers}\`${pinned} (\`pnpm loadtest --workers ${shape.workers}${flag}\`)`;
  return titleOf(shape, pinned, flag);
}

function titleOf({ nodes, kill }: RunShape, pinned: string, flag: string): string {
  if (nodes === 1) return `## Race server${pinned} (\`pnpm loadtest${flag}\`)`;
  const killed = kill ? ', one killed mid-race' : '';
  return `## Race server on ${nodes} nodes${killed}${pinned} (\`pnpm loadtest --nodes ${nodes}${kill ? ' --kill-at' : ''}${flag}\`)`;
}

function setting(shape: RunShape): string {
  const generators = shape.generators ?? 1;
  const players =
    (generators > 1 ? ` The players run in ${generators} processes of their own.` : '') +
    (shape.pinning
      ? ` The servers (and Redis) are pinned to CPU ${shape.pinning.servers} and the players to CPU ${shape.pinning.players} (taskset).`
      : '');
  return serverSetting(shape) + players;
}

function serverSetting({ nodes, kill, workers }: RunShape): string {
  if (workers !== undefined)
    return (
      `The server runs as \`pnpm start --workers ${workers}\` does (a primary on one port, ` +
      `${workers} worker processes, the Redis it starts); each guest connects naming its room, as ` +
      'a join link does, and is handed to the worker running that room.'
    );
  if (nodes === 1)
    return 'The server runs in its own process; the simulated players share the same two cores.';
  return (
    `${nodes} server nodes (one process each, \`REDIS_URL\` of one throwaway redis-server, one ` +
    'shared DATA_DIR) and the simulated players share the same machine; the players of each ' +
    'room sit on different nodes (seat i of room r on node (r + i) mod N, the creator’s node ' +
    'owning the room).' +
    (kill
      ? ` Node ${kill.node} killed with SIGKILL at ${kill.atSec.toFixed(1)} s (${kill.share} of ` +
        'the run); its players reconnect to the next live node with their session tokens and ' +
        'send their unacknowledged moves again with the same ids.'
      : '')
  );
}
