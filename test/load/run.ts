/**
 * `pnpm loadtest [--players N] [--duration S] [--nodes N] [--kill-at F]`: the real race server
 * in other processes — one, or N nodes of one service sharing a throwaway Redis — and N
 * simulated players (socket.io-client) in rooms of 4, each making a move a second: mostly
 * correct digits, some wrong ones, some retries of the same move id. A room's players sit on
 * different nodes; with `--kill-at`, one node is killed (kill -9) mid-run and its players
 * reconnect to another with their session tokens. Prints the ack round trip, the servers'
 * event-loop delay, CPU and memory, the rooms' resume times after a kill, and checks that no
 * move was lost or counted twice. A benchmark, not a test: the exit code is 1 only when a
 * move was lost, duplicated or misjudged, or a room never moved again after the kill.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeBenchmarks } from './benchmarks.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { clusterSection, sumHealth } from './cluster-report.ts';
import { armKill, type Kill } from './kill.ts';
import { readOptions } from './options.ts';
import { checkRooms, printReport, type Window } from './report.ts';
import { PLAYERS_PER_ROOM, SimRoom } from './room.ts';
import { ClusterSampler, type NodeFigures, type RedisFigures } from './sampler.ts';
import type { Health, ServerProcess } from './server-process.ts';
import { Samples } from './stats.ts';

const options = readOptions();
const { players, durationSec, mix, nodes: nodeCount, killAt } = options;
/** The node killed by `--kill-at`: the last, never the first (whose /healthz is sampled). */
const VICTIM = nodeCount - 1;

/** Rooms set up (connected, created, joined, readied) at once. */
const SETUP_CONCURRENCY = 25;

const started: ServerProcess[] = [];
let running: Cluster | undefined;
process.once('SIGINT', () => {
  console.error('interrupted: stopping the server');
  const stopping = running?.stop() ?? Promise.all(started.map((server) => server.stop()));
  void stopping.finally(() => process.exit(130));
});

async function main(): Promise<number> {
  console.log(
    `Percent load test: ${players} players in rooms of ${PLAYERS_PER_ROOM}, ${durationSec} s of moves` +
      (nodeCount === 1 ? '' : `, ${nodeCount} server nodes sharing one Redis`) +
      (killAt === undefined ? '' : `, node ${VICTIM} killed at ${killAt} of the run`),
  );
  const cluster = await startCluster({
    nodes: nodeCount,
    entry: options.server,
    nodeArgs: options.nodeArgs,
    onStarted: (server) => started.push(server),
  });
  running = cluster;
  printNodes(cluster);
  const rooms: SimRoom[] = [];
  try {
    await setUp(cluster, rooms);
    const measured = await measure(cluster, rooms);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // let the last broadcasts arrive
    return await report(cluster, rooms, measured);
  } finally {
    for (const room of rooms) room.close();
    await cluster.stop();
  }
}

/** Checks the rooms, prints the figures and writes them to BENCHMARKS.md; the exit code. */
async function report(cluster: Cluster, rooms: SimRoom[], measured: Measured): Promise<number> {
  const { window, figures, kill } = measured;
  const check = await checkRooms(rooms);
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
  });
  writeBenchmarks(printed.lines, process.argv.slice(2), {
    file: options.benchmarks,
    nodes: nodeCount,
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

/** Opens the rooms (into `rooms`, so that they are closed even when this fails) and starts them. */
async function setUp(cluster: Cluster, rooms: SimRoom[]): Promise<void> {
  const begun = performance.now();
  const failover = nodeCount === 1 ? undefined : (url: string) => cluster.failover(url);
  await inBatches(roomSizes(players), SETUP_CONCURRENCY, async (size, i) => {
    const urls = Array.from(
      { length: size },
      (_, seat) => cluster.nodes[cluster.nodeOf(i, seat)]!.url,
    );
    rooms.push(await SimRoom.open(urls, i, failover));
  });
  const opened = performance.now();
  console.log(`${rooms.length} rooms open in ${seconds(opened - begun)}; starting races…`);
  // All at once: most of a start is the countdown.
  await Promise.all(rooms.map((room) => room.start()));
  console.log(`all races running after ${seconds(performance.now() - opened)}; moving…`);
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
async function measure(cluster: Cluster, rooms: SimRoom[]): Promise<Measured> {
  const sampler = new ClusterSampler(cluster);
  await sampler.begin();
  // Resolution 1 ms: the histogram's values include the resolution, so keep it small.
  const clientLoop = monitorEventLoopDelay({ resolution: 1 });
  clientLoop.enable();
  const healthRtt = new Samples();
  const clientCpuBefore = process.cpuUsage();
  const begun = performance.now();
  const killer =
    killAt === undefined
      ? undefined
      : armKill(cluster, sampler, VICTIM, killAt * durationSec * 1_000);
  const ticker = setInterval(() => {
    sampler.tick();
    cluster.nodes[0]!.health().then(
      ({ rttMs }) => healthRtt.add(rttMs),
      () => undefined,
    );
  }, 1_000);
  await Promise.all(rooms.map((room) => room.race(durationSec * 1_000, mix)));
  clearInterval(ticker);
  killer?.cancel();
  clientLoop.disable();
  const figures = await sampler.end();
  const elapsedSec = (performance.now() - begun) / 1_000;
  const first = figures.nodes[0]!;
  const window: Window = {
    elapsedSec,
    healthRtt: healthRtt.summary(),
    serverLoop: first.loop,
    peakRss: first.peakRss,
    serverCpu: first.cores,
    clientLoopP99Ms: clientLoop.percentile(99) / 1e6,
    clientLoopMaxMs: clientLoop.max / 1e6,
    clientCpu: cpuSeconds(process.cpuUsage(clientCpuBefore)) / elapsedSec,
  };
  return { window, figures, kill: killer?.kill() };
}

function roomSizes(total: number): number[] {
  const sizes: number[] = [];
  for (let left = total; left > 0; left -= PLAYERS_PER_ROOM)
    sizes.push(Math.min(PLAYERS_PER_ROOM, left));
  return sizes;
}

async function inBatches<T>(
  items: readonly T[],
  size: number,
  work: (item: T, index: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane));
}

const cpuSeconds = (usage: NodeJS.CpuUsage): number => (usage.user + usage.system) / 1e6;

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
