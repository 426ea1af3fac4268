/**
 * `pnpm loadtest [--players N] [--duration S]`: the real race server in another process, N
 * simulated players (socket.io-client) in rooms of 4, each making a move a second — mostly
 * correct digits, some wrong ones, some retries of the same move id. Prints the ack round trip,
 * the server's event-loop delay and memory, and checks that no move was lost or counted twice.
 * A benchmark, not a test: the exit code is 1 only when a move was lost, duplicated or misjudged.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { writeBenchmarks } from './benchmarks.ts';
import { checkRooms, printReport, type Window } from './report.ts';
import { PLAYERS_PER_ROOM, SimRoom } from './room.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { Samples } from './stats.ts';

const USAGE = `usage: pnpm loadtest [--players N=1000] [--duration SECONDS=30] [--wrong RATE=0.05]
       [--retry RATE=0.05] [--server ENTRY.ts] [--node-arg=FLAG ...]`;

/** The command line, or a usage message and exit code 2. */
function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        players: { type: 'string', default: '1000' },
        duration: { type: 'string', default: '30' },
        wrong: { type: 'string', default: '0.05' },
        retry: { type: 'string', default: '0.05' },
        /** Another server entry (path from the repository root), e.g. to compare builds. */
        server: { type: 'string', default: 'packages/server/src/main.ts' },
        /** Extra flags for the server's node, e.g. `--node-arg=--cpu-prof` to profile it. */
        'node-arg': { type: 'string', multiple: true, default: [] },
      },
    });
    return {
      players: positiveInt(values.players, '--players'),
      durationSec: positiveInt(values.duration, '--duration'),
      mix: { wrongRate: rate(values.wrong, '--wrong'), retryRate: rate(values.retry, '--retry') },
      server: values.server,
      nodeArgs: values['node-arg'],
    };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

const { players, durationSec, mix, ...serverOptions } = readOptions();

/** Rooms set up (connected, created, joined, readied) at once. */
const SETUP_CONCURRENCY = 25;

let running: ServerProcess | undefined;
process.once('SIGINT', () => {
  console.error('interrupted: stopping the server');
  void (running?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
});

async function main(): Promise<number> {
  console.log(
    `Percent load test: ${players} players in rooms of ${PLAYERS_PER_ROOM}, ${durationSec} s of moves`,
  );
  const server = await startServer(serverOptions.server, serverOptions.nodeArgs);
  running = server;
  console.log(`server pid ${server.pid} at ${server.url}`);
  const rooms: SimRoom[] = [];
  try {
    await setUp(server, rooms);
    const window = await measure(server, rooms);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // let the last broadcasts arrive
    const check = await checkRooms(rooms);
    const health = (await server.health()).body;
    printWarnings(server);
    const report = printReport({ players, durationSec, rooms, window, check, health });
    writeBenchmarks(report.lines, process.argv.slice(2));
    return report.code;
  } finally {
    for (const room of rooms) room.close();
    await server.stop();
  }
}

/** Opens the rooms (into `rooms`, so that they are closed even when this fails) and starts them. */
async function setUp(server: ServerProcess, rooms: SimRoom[]): Promise<void> {
  const started = performance.now();
  await inBatches(roomSizes(players), SETUP_CONCURRENCY, async (size, i) =>
    rooms.push(await SimRoom.open(server.url, i, size)),
  );
  const opened = performance.now();
  console.log(`${rooms.length} rooms open in ${seconds(opened - started)}; starting races…`);
  // All at once: most of a start is the countdown.
  await Promise.all(rooms.map((room) => room.start()));
  console.log(`all races running after ${seconds(performance.now() - opened)}; moving…`);
}

/** The server's warnings and errors (pino levels 40, 50), e.g. slow store writes. */
function printWarnings(server: ServerProcess): void {
  const lines = server
    .output()
    .split('\n')
    .filter((line) => /"level":(40|50)/.test(line));
  if (lines.length > 0)
    console.log(`server warnings (latest ${lines.length}):\n${lines.join('\n')}`);
}

/** Runs every room's race for the duration while sampling the server once a second. */
async function measure(server: ServerProcess, rooms: SimRoom[]): Promise<Window> {
  await server.probe(true);
  // Resolution 1 ms: the histogram's values include the resolution, so keep it small.
  const clientLoop = monitorEventLoopDelay({ resolution: 1 });
  clientLoop.enable();
  const healthRtt = new Samples();
  let peakRss = 0;
  const before = server.usage();
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, server.usage()?.rssBytes ?? 0);
    server.health().then(
      ({ rttMs }) => healthRtt.add(rttMs),
      () => undefined,
    );
  }, 1_000);
  await Promise.all(rooms.map((room) => room.race(durationSec * 1_000, mix)));
  clearInterval(sampler);
  clientLoop.disable();
  const after = server.usage();
  const serverLoop = await server.probe();
  const elapsedSec = (performance.now() - started) / 1_000;
  return {
    elapsedSec,
    healthRtt: healthRtt.summary(),
    serverLoop,
    peakRss,
    serverCpu: before && after ? (after.cpuSec - before.cpuSec) / elapsedSec : NaN,
    clientLoopP99Ms: clientLoop.percentile(99) / 1e6,
    clientLoopMaxMs: clientLoop.max / 1e6,
    clientCpu: cpuSeconds(process.cpuUsage(clientCpuBefore)) / elapsedSec,
  };
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

const cpuSeconds = (usage: NodeJS.CpuUsage): number => (usage.user + usage.system) / 1e6;

const seconds = (ms: number): string => `${(ms / 1_000).toFixed(1)} s`;

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`load test failed: ${error instanceof Error ? error.message : String(error)}`);
    const output = running?.output().trim();
    if (output)
      console.error(`the server's last output:\n${output.split('\n').slice(-20).join('\n')}`);
    process.exit(2);
  },
);
