/**
 * The players of `pnpm bench --sections server-cost`, in a process of their own so that the
 * figures of the server under test are not mixed with theirs (the bench reads the server's
 * CPU from /proc; this process reports its own).
 *
 *   node --import tsx test/load/cost-driver.ts --target floor|percent --urls URL[,URL…]
 *        --rooms N --rate MOVES_PER_SECOND --warmup S --duration S
 *
 * Rooms of 4: against Percent each room is created, joined, readied and raced as a client
 * would (seat i of room r on node (r + i) mod nodes); against the floor each socket joins a
 * Socket.IO room. Then every player moves `rate` times a second at its own phase, open loop:
 * a correct digit in a blank cell, then clearing it, cell after cell (the board never fills).
 *
 * Stdout, one JSON object per line: `{"event":"ready"}` once every room is set up; after
 * "go" on stdin, the warm-up, then `{"event":"window","at":"start"}` and, `duration` seconds
 * later, `{"event":"window","at":"end"}`; then `{"event":"result",…}` (`CostDriverResult`)
 * once the last acks are in. Moves whose ack arrived inside the window are the ones counted.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { PROTOCOL_VERSION } from '@percent/protocol';
import { io, type Socket } from 'socket.io-client';
import { PLAYERS_PER_ROOM, SimRoom } from './room.ts';
import { Samples, type LatencySummary } from './stats.ts';

export interface CostDriverResult {
  readonly event: 'result';
  /** Moves sent, and acknowledged, with the ack inside the window. */
  readonly acked: number;
  /** Acknowledgement round trips of those moves, ms. */
  readonly rtt: LatencySummary;
  /** Moves refused, unanswered, or judged otherwise than the solution implies (whole run). */
  readonly failed: number;
  /** This process's CPU seconds inside the window. */
  readonly driverCpuSec: number;
  readonly windowSec: number;
}

/** One player's way to send a move and hear its ack (round trip recorded by the caller). */
type Mover = (moveId: string, cell: number, digit: number) => Promise<boolean>;

interface Player {
  readonly move: Mover;
  readonly cells: readonly { cell: number; digit: number }[];
}

const { values } = parseArgs({
  options: {
    target: { type: 'string' },
    urls: { type: 'string' },
    rooms: { type: 'string', default: '60' },
    rate: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '5' },
    duration: { type: 'string', default: '20' },
  },
});
const target = values.target;
if (target !== 'floor' && target !== 'percent') throw new Error('--target floor|percent');
const urls = (values.urls ?? '').split(',').filter((url) => url !== '');
if (urls.length === 0) throw new Error('--urls URL[,URL…]');
const rooms = Number(values.rooms);
const rate = Number(values.rate);
const warmupMs = Number(values.warmup) * 1000;
const durationMs = Number(values.duration) * 1000;

const say = (line: object): void => void process.stdout.write(`${JSON.stringify(line)}\n`);
const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Seat `seat` of room `room` connects to this node (the creator's first). */
const urlOf = (room: number, seat: number): string => urls[(room + seat) % urls.length]!;

async function percentPlayers(): Promise<{ players: Player[]; close: () => void }> {
  const made: SimRoom[] = [];
  for (let start = 0; start < rooms; start += 20) {
    const batch = Array.from({ length: Math.min(20, rooms - start) }, async (_, k) => {
      const index = start + k;
      const seats = Array.from({ length: PLAYERS_PER_ROOM }, (_, seat) => urlOf(index, seat));
      const room = await SimRoom.open(seats, index);
      await room.start();
      return room;
    });
    made.push(...(await Promise.all(batch)));
  }
  const players = made.flatMap((room) =>
    room.players.map((player) => ({
      cells: room.blanks(),
      move: async (moveId: string, cell: number, digit: number) => {
        const before = player.counters.lost + player.counters.errors.total;
        const misjudged = player.counters.misjudged;
        await player.move(moveId, cell, digit, digit === 0 ? 'cleared' : 'correct');
        return (
          player.counters.lost + player.counters.errors.total === before &&
          player.counters.misjudged === misjudged
        );
      },
    })),
  );
  return { players, close: () => made.forEach((room) => room.close()) };
}

async function floorPlayers(): Promise<{ players: Player[]; close: () => void }> {
  const sockets: Socket[] = [];
  const cells = Array.from({ length: 50 }, (_, i) => ({ cell: i, digit: (i % 9) + 1 }));
  for (let room = 0; room < rooms; room++) {
    for (let seat = 0; seat < PLAYERS_PER_ROOM; seat++) {
      const socket = io(urlOf(room, seat), {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        auth: { protocol: PROTOCOL_VERSION },
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      await socket.timeout(10_000).emitWithAck('floor:join', { room: `r${room}` });
      sockets.push(socket);
    }
  }
  const players = sockets.map((socket) => ({
    cells,
    move: async (moveId: string, cell: number, digit: number) => {
      try {
        const reply = (await socket
          .timeout(10_000)
          .emitWithAck('race:move', { moveId, cell, digit })) as { ok: boolean };
        return reply.ok;
      } catch {
        return false;
      }
    },
  }));
  return { players, close: () => sockets.forEach((socket) => socket.disconnect()) };
}

/** Moves `player` every 1/rate s from `startAt` until `stopAt`; records acks in the window. */
async function drive(
  player: Player,
  startAt: number,
  stopAt: number,
  window: { start: number; end: number },
  rtt: Samples,
  failures: { count: number },
): Promise<void> {
  const interval = 1000 / rate;
  const pending: Promise<void>[] = [];
  const first = startAt + Math.random() * interval;
  for (let tick = 0; first + tick * interval < stopAt; tick++) {
    await sleep(first + tick * interval - performance.now());
    const { cell, digit } = player.cells[(tick >> 1) % player.cells.length]!;
    const sent = performance.now();
    pending.push(
      player.move(`m${tick}`, cell, tick % 2 === 0 ? digit : 0).then((ok) => {
        const now = performance.now();
        if (!ok) failures.count++;
        else if (now >= window.start && now < window.end) rtt.add(now - sent, sent);
      }),
    );
  }
  await Promise.all(pending);
}

async function main(): Promise<void> {
  const { players, close } = target === 'percent' ? await percentPlayers() : await floorPlayers();
  say({ event: 'ready', players: players.length });
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));
  const startAt = performance.now();
  const window = { start: startAt + warmupMs, end: startAt + warmupMs + durationMs };
  const stopAt = window.end + 500;
  const rtt = new Samples();
  const failures = { count: 0 };
  let cpuAtStart = process.cpuUsage();
  let cpuSec = 0;
  const marks = (async () => {
    await sleep(window.start - performance.now());
    cpuAtStart = process.cpuUsage();
    say({ event: 'window', at: 'start' });
    await sleep(window.end - performance.now());
    const used = process.cpuUsage(cpuAtStart);
    cpuSec = (used.user + used.system) / 1e6;
    say({ event: 'window', at: 'end' });
  })();
  await Promise.all(players.map((p) => drive(p, startAt, stopAt, window, rtt, failures)));
  await marks;
  const result: CostDriverResult = {
    event: 'result',
    acked: rtt.count,
    rtt: rtt.summary(),
    failed: failures.count,
    driverCpuSec: cpuSec,
    windowSec: durationMs / 1000,
  };
  say(result);
  lines.close();
  close();
}

main().catch((error: unknown) => {
  process.stderr.write(`cost-driver: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
