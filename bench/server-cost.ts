/**
 * The server-cost section: what a judged, stored move costs the server, against a floor that
 * only acknowledges moves and tells the room (test/load/floor-server.ts), under the same load
 * from the same players (test/load/cost-driver.ts, in their own process): rooms of 4, each
 * player moving `rate` times a second. Server CPU per move from /proc over the window, the
 * players' ack round trips, one process and two cluster nodes; a CPU profile of the one
 * process; and the room core's cost per move as a race grows.
 *
 * `pnpm bench --sections server-cost [--quick]`; needs redis-server on PATH for the cluster
 * row (skipped, and said, without it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { machineInfo } from './machine.ts';
import { ms, table } from './markdown.ts';
import { BUCKETS, coreCostByMove } from './server-cost-core.ts';
import { largestProfile, summarizeProfile, type ProfileSummary } from './server-cost-profile.ts';
import {
  measureLoad,
  type LoadFigures,
  type LoadShape,
  type LoadTarget,
} from './server-cost-run.ts';
import type { BenchContext, BenchSection, SectionResult } from './section.ts';

export const serverCostSection: BenchSection = { id: 'server-cost', run: runServerCost };

const HEADING = '## Server cost per move';
const FULL: LoadShape = { rooms: 60, rate: 4, warmupSec: 5, durationSec: 20 };
const QUICK: LoadShape = { rooms: 20, rate: 4, warmupSec: 2, durationSec: 5 };
/** The targets: Percent ≤ 1.0× the floor, cluster ≤ 1.25× one process, p99 < 10 ms. */
const TARGET_FLOOR_RATIO = 1.0;
const TARGET_CLUSTER_RATIO = 1.25;
const TARGET_P99_MS = 10;

interface Row {
  readonly label: string;
  /** The median round's figures. */
  readonly figures: LoadFigures;
  /** Server CPU µs per move of every round. */
  readonly range: readonly number[];
}

const hasRedis = (): boolean => spawnSync('redis-server', ['--version']).status === 0;

async function profiled(
  context: BenchContext,
  shape: LoadShape,
): Promise<{ figures: LoadFigures; profile: ProfileSummary | undefined }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'percent-cost-prof-'));
  try {
    const nodeArgs = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
    const figures = await measureLoad(
      context.repoRoot,
      { target: 'percent', nodes: 1, nodeArgs },
      shape,
      context.log,
    );
    const file = largestProfile(dir);
    return {
      figures,
      // From the end of the warm-up on (start-up, connecting and warm-up take about this long).
      profile:
        file === undefined
          ? undefined
          : summarizeProfile(
              file,
              context.repoRoot,
              15,
              (shape.warmupSec + PROFILE_START_SEC) * 1000,
            ),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Seconds from a profiled server's start to its players' first move (start-up, connecting). */
const PROFILE_START_SEC = 3;

/** Rounds of every row, alternating (a noisy shared machine moves one run by ±20 %). */
const ROUNDS = 3;

interface Target {
  readonly label: string;
  readonly load: LoadTarget;
}

function targetsToRun(redis: boolean): Target[] {
  const list: Target[] = [
    { label: 'bare Socket.IO (floor)', load: { target: 'floor', nodes: 1 } },
    { label: 'Percent, one process', load: { target: 'percent', nodes: 1 } },
  ];
  if (!redis) return list;
  return [
    ...list,
    { label: 'Percent, 2 nodes + Redis, seats split', load: { target: 'percent', nodes: 2 } },
    {
      label: 'Percent, `--workers 2` + Redis, routed',
      load: { target: 'percent', nodes: 1, workers: 2 },
    },
  ];
}

/** The round whose server CPU per move is the median of the row's rounds. */
function median(runs: readonly LoadFigures[]): LoadFigures {
  const sorted = [...runs].sort((a, b) => a.serverUsPerMove - b.serverUsPerMove);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

async function runServerCost(context: BenchContext): Promise<SectionResult> {
  const shape = context.options.quick ? QUICK : FULL;
  const rounds = context.options.quick ? 1 : ROUNDS;
  const started = performance.now();
  context.log('server-cost: the room core, per move as a race grows');
  const core = coreCostByMove();
  const redis = hasRedis();
  const targets = targetsToRun(redis);
  const runs: LoadFigures[][] = targets.map(() => []);
  for (let round = 1; round <= rounds; round++) {
    for (const [i, target] of targets.entries()) {
      context.log(`server-cost: round ${round}/${rounds}: ${target.label}`);
      runs[i]!.push(await measureLoad(context.repoRoot, target.load, shape, context.log));
    }
  }
  const rows: Row[] = targets.map((target, i) => ({
    label: target.label,
    figures: median(runs[i]!),
    range: runs[i]!.map((f) => f.serverUsPerMove),
  }));
  context.log('server-cost: Percent, one process, profiled');
  const { profile } = await profiled(context, shape);
  const minutes = (performance.now() - started) / 60_000;
  return {
    markdown: render(context, shape, rows, core, profile, redis, minutes, rounds),
    failed: runs.some((list) => list.some((f) => f.driver.failed > 0)),
  };
}

function loadTable(rows: readonly Row[]): string {
  const floor = rows[0]!.figures.serverUsPerMove;
  return table(
    [
      'server',
      'moves acked',
      'moves/s',
      'server CPU µs/move',
      'rounds µs/move',
      '× floor',
      'Redis CPU µs/move',
      'ack p50 ms',
      'ack p99 ms',
      'players’ CPU (cores)',
      'failed',
    ],
    rows.map(({ label, figures: f, range }) => [
      label,
      f.driver.acked.toLocaleString('en-US'),
      Math.round(f.driver.acked / f.driver.windowSec).toLocaleString('en-US'),
      Math.round(f.serverUsPerMove).toLocaleString('en-US'),
      range.map((us) => Math.round(us)).join(', '),
      `${(f.serverUsPerMove / floor).toFixed(2)}×`,
      f.redisCpuSec > 0 ? Math.round(f.redisUsPerMove).toLocaleString('en-US') : '—',
      ms(f.driver.rtt.p50),
      ms(f.driver.rtt.p99),
      (f.driver.driverCpuSec / f.driver.windowSec).toFixed(2),
      String(f.driver.failed),
    ]),
    [
      'left',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
    ],
  );
}

function targets(rows: readonly Row[], core: readonly number[], redis: boolean): string {
  const [floor, one, split, routed] = rows.map((row) => row.figures);
  const ratio = one!.serverUsPerMove / floor!.serverUsPerMove;
  const met = (ok: boolean): string => (ok ? 'met' : '**missed**');
  const lines = [
    `1. **Percent ≤ ${TARGET_FLOOR_RATIO.toFixed(1)}× the floor per move (one process):** ${met(ratio <= TARGET_FLOOR_RATIO)} — ${Math.round(one!.serverUsPerMove)} µs vs ${Math.round(floor!.serverUsPerMove)} µs = ${ratio.toFixed(2)}×.`,
    `2. **Ack p99 < ${TARGET_P99_MS} ms (one process):** ${met(one!.driver.rtt.p99 < TARGET_P99_MS)} — ${ms(one!.driver.rtt.p99)} ms.`,
  ];
  if (redis && split !== undefined && routed !== undefined) {
    const total = (f: LoadFigures): number => f.serverUsPerMove + f.redisUsPerMove;
    const cluster = total(routed) / one!.serverUsPerMove;
    lines.push(
      `3. **Cluster ≤ ${TARGET_CLUSTER_RATIO}× one process per move (every process and Redis), connections routed to their room's worker:** ${met(cluster <= TARGET_CLUSTER_RATIO)} — ${Math.round(total(routed))} µs vs ${Math.round(one!.serverUsPerMove)} µs = ${cluster.toFixed(2)}×; with each room's seats split over two nodes (every other command forwarded) ${Math.round(total(split))} µs = ${(total(split) / one!.serverUsPerMove).toFixed(2)}×.`,
    );
  } else {
    lines.push('3. **Cluster ≤ 1.25× one process:** not measured (no redis-server on PATH).');
  }
  const flat = core[core.length - 1]! / core[0]!;
  lines.push(
    `4. **A race's per-move cost flat from move 1 to move 500 (room core):** ${met(flat <= 1.25)} — ${core[0]!.toFixed(1)} µs at moves 1–50, ${core[core.length - 1]!.toFixed(1)} µs at moves 451–500 (${flat.toFixed(2)}×; flat taken as ≤ 1.25×).`,
  );
  return lines.join('\n');
}

function render(
  context: BenchContext,
  shape: LoadShape,
  rows: readonly Row[],
  core: readonly number[],
  profile: ProfileSummary | undefined,
  redis: boolean,
  minutes: number,
  rounds: number,
): string {
  const m = machineInfo();
  const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const moves = shape.rooms * 4 * shape.rate;
  const parts = [
    HEADING,
    `_Measured by \`${context.command}\` on ${date} UTC in ${minutes.toFixed(1)} min: ${m.cpu}, ${m.cores} cores, Node ${m.node}._`,
    `${shape.rooms} rooms of 4 players, each player moving ${shape.rate} times a second at its own phase (a correct digit in a blank cell, then clearing it; ${moves.toLocaleString('en-US')} moves/s offered), ${shape.warmupSec} s of warm-up, then ${shape.durationSec} s measured. The players run in a process of their own (test/load/cost-driver.ts, socket.io-client); the servers' CPU is read from /proc at the start and the end of the window and divided by the moves acknowledged in it. Every row ran ${rounds} time${rounds === 1 ? '' : 's'}, the rows taking turns (this shared machine moves one run's figures by up to a fifth); a row shows its median round, and every round's CPU per move beside it. The floor (test/load/floor-server.ts) is Socket.IO with the race server's options that acknowledges a move and sends \`race:progress\` to the room's three others — no judging, no storage. Percent runs as \`pnpm start\` runs it (\`node --import tsx packages/server/src/main.ts\`, SQLite in a fresh DATA_DIR, the default \`GROUP_COMMIT_MS\` of 4 ms: under this load about four moves share a transaction, and an ack waits up to 4 ms for it); the split row is two nodes sharing a throwaway Redis, each room's seats split across both (what a plain load balancer does: every other player's commands are forwarded to the room's owner); the routed row is \`pnpm start --workers 2\` (a primary, two workers and the Redis it starts; CPU of the whole process tree, Redis apart), whose players open the join link — the room in their handshake — and are handed to the worker running the room.`,
    loadTable(rows),
    targets(rows, core, redis),
    '### The room core, per move as a race grows',
    `\`reduce\` and the progress events built from its effects, in this process (bench/server-cost-core.ts): four players, each alternating a digit and clearing it, 500 moves each; µs per move, median of 7 races.`,
    table(
      ['each player’s moves', 'µs per move'],
      BUCKETS.map(([from, to], i) => [`${from}–${to}`, core[i]!.toFixed(1)]),
      ['left', 'right'],
    ),
  ];
  if (profile !== undefined) {
    parts.push(
      '### Where one process spends its CPU',
      `A further one-process run under \`node --cpu-prof\` (the main thread from the end of the warm-up on: ${ms(profile.busyMs)} ms busy; the profiler's own cost about doubles the CPU per move); functions by self time.`,
      table(
        ['function', 'self ms', 'share'],
        profile.top.map((line) => [
          `\`${line.where}\``,
          ms(line.ms),
          `${(line.share * 100).toFixed(1)} %`,
        ]),
        ['left', 'right', 'right'],
      ),
    );
  }
  return parts.join('\n\n');
}
