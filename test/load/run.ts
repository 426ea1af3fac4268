/**
 * `pnpm loadtest [--players N] [--duration S] [--nodes N | --workers N] [--kill-at F]
 * [--generators N] [--pin]`: the real race server in other processes — one, N nodes of one
 * service sharing a throwaway Redis, or `pnpm start --workers N` — and N simulated players
 * (socket.io-client) in rooms of 4, each making a move a second: mostly correct digits, some
 * wrong ones, some retries of the same move id. A room's players sit on different nodes; with
 * `--kill-at`, one node is killed (kill -9) mid-run and its players reconnect to another with
 * their session tokens. The players run in this process or in `--generators` processes of
 * their own, and `--pin` keeps them off the servers' cores (taskset). Prints the ack round
 * trip, the servers' event-loop delay, CPU and memory, the players' CPU and what that left the
 * server, the rooms' resume times after a kill, and checks that no move was lost or counted
 * twice. A benchmark, not a test: the exit code is 1 only when a move was lost, duplicated or
 * misjudged, or a room never moved again after the kill.
 */
import { writeBenchmarks } from './benchmarks.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { clusterSection, sumHealth } from './cluster-report.ts';
import { armKill, type Kill } from './kill.ts';
import { readOptions } from './options.ts';
import { checkRooms, printReport, type Window } from './report.ts';
import { GeneratorPool } from './generators.ts';
import type { RoomOutcome } from './outcome.ts';
import { planPinning, pinSelf, type Pinning } from './pinning.ts';
import { LocalPool, type PlayerPool, type PlayersCost } from './pool.ts';
import { loadRecords, type ReplayPlan } from './replay.ts';
import { PLAYERS_PER_ROOM } from './room.ts';
import { ClusterSampler, type NodeFigures, type RedisFigures } from './sampler.ts';
import type { Health, ServerProcess } from './server-process.ts';
import { Samples } from './stats.ts';

const options = readOptions();
const { players, durationSec, mix, nodes: nodeCount, killAt, generators } = options;
/** The node killed by `--kill-at`: the last, never the first (whose /healthz is sampled). */
const VICTIM = nodeCount - 1;
const pinning: Pinning | undefined = options.pin ? pinOrExit() : undefined;

const started: ServerProcess[] = [];
let running: Cluster | undefined;
process.once('SIGINT', () => {
  console.error('interrupted: stopping the server');
  const stopping = running?.stop() ?? Promise.all(started.map((server) => server.stop()));
  void stopping.finally(() => process.exit(130));
});

async function main(): Promise<number> {
  // The recorded races first: a bad source fails before any server starts.
  const replay = options.replay && {
    records: await loadRecords(options.replay),
    speed: options.speed,
  };
  console.log(
    `Percent load test: ${players} players in rooms of ${PLAYERS_PER_ROOM}, ${durationSec} s of moves` +
      (nodeCount === 1 ? '' : `, ${nodeCount} server nodes sharing one Redis`) +
      (options.workers === undefined
        ? ''
        : `, the server as pnpm start --workers ${options.workers}`) +
      (killAt === undefined ? '' : `, node ${VICTIM} killed at ${killAt} of the run`) +
      (generators === 1 ? '' : `, players in ${generators} processes`) +
      (replay
        ? `, bots replaying ${replay.records.length} recorded races at ${replay.speed}× speed`
        : '') +
      (pinning ? `; servers on CPU ${pinning.servers}, players on CPU ${pinning.players}` : ''),
  );
  const cluster = await startCluster({
    nodes: nodeCount,
    entry: options.server,
    nodeArgs: options.nodeArgs,
    ...(options.workers !== undefined && { env: { WORKERS: String(options.workers) } }),
    ...(pinning && { cpus: pinning.servers }),
    onStarted: (server) => started.push(server),
  });
  running = cluster;
  printNodes(cluster);
  const plan = { urls: cluster.nodes.map((node) => node.url), players, failover: nodeCount > 1 };
  const pool: PlayerPool =
    generators === 1 ? new LocalPool(plan) : new GeneratorPool(plan, generators, pinning?.players);
  try {
    await setUp(pool);
    const measured = await measure(cluster, pool, replay);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // let the last broadcasts arrive
    return await report(cluster, await pool.outcomes(), measured);
  } finally {
    await pool.close();
    await cluster.stop();
  }
}

/** `--pin`: the plan, this process on the players' cores; or the reason and exit code 2. */
function pinOrExit(): Pinning {
  try {
    const plan = planPinning();
    pinSelf(plan.players);
    return plan;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}

/** Checks the rooms, prints the figures and writes them to BENCHMARKS.md; the exit code. */
async function report(
  cluster: Cluster,
  rooms: readonly RoomOutcome[],
  measured: Measured,
): Promise<number> {
  const { window, figures, kill } = measured;
  const check = checkRooms(rooms);
  const healths = await finalHealth(cluster);
  printWarnings(cluster);
  const section =
    nodeCount === 1 ? undefined : clusterSection({ cluster, rooms, ...figures, healths, kill });
  const health = nodeCount === 1 ? healths[0]! : sumHealth(healths);
  const printed = printReport({
    players,
    durationSec,
    rooms,
    window,
    check,
    health,
    cluster: section,
    workers: options.workers,
  });
  writeBenchmarks(printed.lines, process.argv.slice(2), {
    file: options.benchmarks,
    nodes: nodeCount,
    workers: options.workers,
    generators,
    pinning,
    kill: kill && { node: kill.node, atSec: kill.afterMs / 1_000, share: killAt! },
  });
  return printed.code;
}

function printNodes(cluster: Cluster): void {
  if (cluster.nodes.length === 1) {
    const server = cluster.nodes[0]!;
    console.log(`server pid ${server.pid} at ${server.url}`);
    return;
  }
  cluster.nodes.forEach((node, i) => console.log(`node ${i}: pid ${node.pid} at ${node.url}`));
  console.log(`redis: pid ${cluster.redis?.pid} at ${cluster.redis?.url}`);
}

/** Opens the rooms and starts their races (in the pool's processes). */
async function setUp(pool: PlayerPool): Promise<void> {
  const begun = performance.now();
  await pool.open();
  console.log(`all races running after ${seconds(performance.now() - begun)}; moving…`);
}

/** Each live node's `/healthz` at the end (one node: a failure is an error, as ever). */
async function finalHealth(cluster: Cluster): Promise<(Health | undefined)[]> {
  if (cluster.nodes.length === 1) return [(await cluster.nodes[0]!.health()).body];
  return Promise.all(
    cluster.nodes.map((node, i) =>
      cluster.isLive(i)
        ? node.health().then(
            (reply) => reply.body,
            () => undefined,
          )
        : undefined,
    ),
  );
}

/** The servers' warnings and errors (pino levels 40, 50), e.g. slow store writes. */
function printWarnings(cluster: Cluster): void {
  cluster.nodes.forEach((server, i) => {
    const lines = server
      .output()
      .split('\n')
      .filter((line) => /"level":(40|50)/.test(line));
    const who = cluster.nodes.length === 1 ? 'server' : `node ${i}`;
    if (lines.length > 0)
      console.log(`${who} warnings (latest ${lines.length}):\n${lines.join('\n')}`);
  });
}

interface Measured {
  readonly window: Window;
  readonly figures: { nodes: NodeFigures[]; redis: RedisFigures | undefined };
  readonly kill: Kill | undefined;
}

/** Runs every room's race for the duration while sampling the servers once a second. */
async function measure(
  cluster: Cluster,
  pool: PlayerPool,
  replay: ReplayPlan | undefined,
): Promise<Measured> {
  const sampler = new ClusterSampler(cluster);
  await sampler.begin();
  const healthRtt = new Samples();
  const begun = performance.now();
  const killer =
    killAt === undefined
      ? undefined
      : armKill(cluster, sampler, VICTIM, killAt * durationSec * 1_000, (node) =>
          pool.nodeDied(node),
        );
  const ticker = setInterval(() => {
    sampler.tick();
    cluster.nodes[0]!.health().then(
      ({ rttMs }) => healthRtt.add(rttMs),
      () => undefined,
    );
  }, 1_000);
  const players: PlayersCost = await pool.race(durationSec * 1_000, mix, replay);
  clearInterval(ticker);
  killer?.cancel();
  const figures = await sampler.end();
  const elapsedSec = (performance.now() - begun) / 1_000;
  const first = figures.nodes[0]!;
  const window: Window = {
    elapsedSec,
    healthRtt: healthRtt.summary(),
    serverLoop: first.loop,
    peakRss: first.peakRss,
    serverCpu: first.cores,
    clientLoopP99Ms: players.loopP99Ms,
    clientLoopMaxMs: players.loopMaxMs,
    clientCpu: players.cpuSec / elapsedSec,
    clientProcesses: players.processes,
    ...(pinning && { pinning }),
  };
  return { window, figures, kill: killer?.kill() };
}

const seconds = (ms: number): string => `${(ms / 1_000).toFixed(1)} s`;

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`load test failed: ${error instanceof Error ? error.message : String(error)}`);
    for (const [i, server] of started.entries()) {
      const output = server.output().trim();
      const who = started.length === 1 ? 'the server' : `node ${i}`;
      if (output)
        console.error(`${who}'s last output:\n${output.split('\n').slice(-20).join('\n')}`);
    }
    process.exit(2);
  },
);
