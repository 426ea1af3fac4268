import { createRng, type Rng } from '@percent/engine';
import { ErrorCode, PROTOCOL_VERSION, type Result } from '@percent/protocol';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../load/server-process.ts';
import { Samples } from '../load/stats.ts';
import { CleanRace } from './clean-race.ts';
import { EVENTS, malformed, pick, UNKNOWN_EVENTS } from './fuzz-payloads.ts';

/**
 * ≥ 20,000 malformed payloads over every client event and unknown event names, from many
 * sockets (so that most reach the schemas, not the rate limiter), while a clean race runs in
 * another room of the same server process: the server must answer each with a named error
 * code, never INTERNAL, never crash or leak, and the clean race must stay fast.
 */
const SEED = Number(process.env.FAULT_SEED ?? 424242);
const SOCKETS = 800;
const PER_SOCKET = 26;
const WARM_UP = 100;
const CONCURRENCY = 4;
const CODES = new Set<string>(Object.values(ErrorCode));

let server: ServerProcess | undefined;
afterAll(() => server?.stop());

interface Tally {
  sent: number;
  byCode: Record<string, number>;
  unanswered: number;
  /** Replies that break the contract: INTERNAL, an unknown code, a bad message. */
  broken: string[];
}

const tally: Tally = { sent: 0, byCode: {}, unanswered: 0, broken: [] };

function record(event: string, reply: unknown): void {
  const result = reply as Result;
  const code = result.ok ? 'ok' : result.error?.code;
  tally.byCode[String(code)] = (tally.byCode[String(code)] ?? 0) + 1;
  if (result.ok) return;
  const message = result.error?.message;
  if (!CODES.has(String(code)) || code === ErrorCode.internal || typeof message !== 'string')
    tally.broken.push(`${event}: ${JSON.stringify(reply).slice(0, 200)}`);
  else if (code === ErrorCode.badPayload && !message.startsWith(`${event}: `))
    tally.broken.push(`${event}: BAD_PAYLOAD message does not name the event: ${message}`);
}

function open(url: string): Promise<Socket | undefined> {
  const socket = io(url, {
    auth: { protocol: PROTOCOL_VERSION },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', () => resolve(undefined));
  });
}

/** Emits with an acknowledgement; undefined when no answer came within 5 s. */
function ask(socket: Socket, event: string, args: unknown[]): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), 5000);
    socket.emit(event, ...args, (reply: unknown) => {
      clearTimeout(timer);
      resolve(reply);
    });
  });
}

/** One fuzzing socket: half of them take a seat first, so room rules see the payloads too. */
async function fuzzSocket(url: string, index: number): Promise<void> {
  const rng = createRng(`${SEED}-${index}`);
  const socket = await open(url);
  if (!socket) throw new Error(`socket ${index} could not connect`);
  if (index % 2 === 0) {
    const create = { nickname: `F${index}`, deviceId: `fuzz-device-${index}` };
    await ask(socket, 'room:create', [create]);
  }
  const replies: Promise<void>[] = [];
  for (let i = 0; i < PER_SOCKET; i++) replies.push(fuzzOne(socket, rng));
  await Promise.all(replies);
  socket.disconnect();
}

async function fuzzOne(socket: Socket, rng: Rng): Promise<void> {
  const event = rng.next() < 0.1 ? pick(UNKNOWN_EVENTS, rng) : pick(EVENTS, rng);
  const payload = malformed(event, rng);
  const mode = rng.next();
  tally.sent += 1;
  if (mode < 0.1) {
    socket.emit(event, payload); // no acknowledgement: nothing to answer, nothing may break
    return;
  }
  const args = mode < 0.15 ? [] : mode < 0.2 ? [payload, 'extra', 7] : [payload];
  const reply = await ask(socket, event, args);
  if (reply === undefined) tally.unanswered += 1;
  else record(event, reply);
}

/** A few sockets that flood: answered RATE_LIMITED, then cut off. */
async function flood(url: string): Promise<{ limited: number; cut: boolean }> {
  const socket = await open(url);
  if (!socket) throw new Error('the flooding socket could not connect');
  const cut = new Promise<boolean>((resolve) => socket.once('disconnect', () => resolve(true)));
  const replies = Array.from({ length: 300 }, () =>
    ask(socket, 'room:sync', [{}]).then(
      (r) =>
        (r as Result | undefined)?.ok === false &&
        (r as { error: { code: string } }).error.code === 'RATE_LIMITED',
    ),
  );
  const limited = (await Promise.all(replies)).filter(Boolean).length;
  return {
    limited,
    cut: await Promise.race([cut, new Promise<boolean>((r) => setTimeout(() => r(false), 3000))]),
  };
}

async function inParallel(count: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(0);

describe('a fuzzer over every client event', () => {
  it(`gets a named error for each malformed payload while a clean race stays fast (seed ${SEED})`, async () => {
    server = await startServer('test/faults/server-entry.ts', ['--expose-gc']);
    const race = await CleanRace.start(server.url);
    // Warm up (JIT, V8's young generation grows to its working size, SQLite's cache): memory
    // is compared between two steady states, so that only what the fuzz leaves behind counts.
    await inParallel(WARM_UP, (index) => fuzzSocket(server!.url, SOCKETS + index));
    Object.assign(tally, { sent: 0, byCode: {}, unanswered: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await server.probe();
    const rssBefore = before.rss;
    await server.probe(true);
    race.rtt = new Samples();
    const started = performance.now();
    const flooders = Promise.all([flood(server.url), flood(server.url)]);
    await inParallel(SOCKETS, (index) => fuzzSocket(server!.url, index));
    const floods = await flooders;
    const seconds = (performance.now() - started) / 1000;
    await race.stop();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await server.probe();
    const rssAfter = after.rss;
    const clean = race.rtt.summary();
    const answered = Object.values(tally.byCode).reduce((a, b) => a + b, 0);
    const limited = tally.byCode[ErrorCode.rateLimited] ?? 0;
    console.log(
      `fuzz (seed ${SEED}): ${tally.sent} malformed payloads from ${SOCKETS} sockets in ${seconds.toFixed(1)} s; ` +
        `replies ${JSON.stringify(tally.byCode)}; ${(((answered - limited) / answered) * 100).toFixed(1)}% reached the schemas; ` +
        `floods ${JSON.stringify(floods)}; clean race ${clean.count} moves, ack p50 ${clean.p50.toFixed(1)} ms ` +
        `p99 ${clean.p99.toFixed(1)} ms max ${clean.max.toFixed(1)} ms; RSS ${mb(rssBefore)} → ${mb(rssAfter)} MB, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB; ` +
        `server event loop p99 ${after.p99Ms.toFixed(1)} ms`,
    );
    expect(tally.sent).toBeGreaterThanOrEqual(20_000);
    expect(tally.broken).toEqual([]);
    expect(tally.unanswered).toBe(0);
    expect((answered - limited) / answered).toBeGreaterThanOrEqual(0.8);
    for (const f of floods) expect(f).toMatchObject({ cut: true });
    for (const f of floods) expect(f.limited).toBeGreaterThan(50);
    expect(race.problems).toEqual([]);
    expect(clean.count).toBeGreaterThan(50);
    expect(clean.p99).toBeLessThan(50);
    // Retained memory, read after a full collection (the probe runs gc): no leak per payload.
    expect(after.heapUsed - before.heapUsed).toBeLessThan(25 * 2 ** 20);
    expect(rssAfter - rssBefore).toBeLessThan(50 * 2 ** 20);
    expect((await server.health()).body.ok).toBe(true);
  }, 120_000);
});
