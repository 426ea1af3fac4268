import {
  getVariant,
  parseGrid,
  SudokuSolver,
  formatGrid,
  type VariantIdName,
} from '@percent/engine';
import {
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type Result,
  type RoomView,
  type SeatReply,
  type ServerToClientEvents,
} from '@percent/protocol';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import {
  startServer,
  type RunningServer,
  type ServerOptions,
} from '../../packages/server/src/main.ts';

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Every test client comes from 127.0.0.1: the per-address quotas are lifted, except where a
 * test gives its own (`quotas`).
 */
export const LOOPBACK_QUOTAS = {
  socketsPerAddress: 100_000,
  createsPerMinute: 100_000,
  lookupsPerMinute: 100_000,
  dailyStartsPerMinute: 100_000,
  dailyMovesPerMinute: 100_000,
};

/**
 * A real server on a free port with an in-memory store and small, fast puzzles. Scripted
 * players place digits in milliseconds: the human floor is off (`humanFloorMs: 0`), and their
 * races last milliseconds with fresh devices, so the minimum rated length is off and first
 * races are rated — unless a test's timings set them (test/server/fair-ratings.test.ts).
 */
export function startTestServer(options: ServerOptions = {}): Promise<RunningServer> {
  const { timings, ...rest } = options;
  return startServer({
    port: 0,
    host: '127.0.0.1',
    memory: true,
    quotas: LOOPBACK_QUOTAS,
    pool: { perKind: 2, threads: 1, kinds: [{ variant: 'percent', difficulty: 'easy' }] },
    timings: {
      countdownMs: 100,
      graceMs: 2000,
      humanFloorMs: 0,
      minRatedMs: 0,
      firstRaceRated: true,
      ...timings,
    },
    ...rest,
  });
}

/** Where the file's shared server listens; read inside tests, once `beforeAll` has run. */
export type SharedServer = Pick<RunningServer, 'url' | 'port'>;

/** One test server for the whole file: started before its tests, closed after them. */
export function useTestServer(options: ServerOptions = {}): SharedServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
  });
  afterAll(() => server?.close());
  const started = (): RunningServer => {
    if (!server) throw new Error('the test server is used before its beforeAll ran');
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get port() {
      return started().port;
    },
  };
}

/** Every event a client received, in order (for the no-leak assertion). */
export interface Recorded {
  readonly event: string;
  readonly payload: unknown;
}

export interface TestClient {
  readonly socket: Client;
  readonly received: Recorded[];
  /** Emits with an acknowledgement and resolves with the reply. */
  call(
    event: keyof ClientToServerEvents,
    payload?: unknown,
  ): Promise<Result<Record<string, unknown>>>;
  /** The latest `room:state` if it matches `predicate`, else the next one that does. */
  state(predicate: (view: RoomView) => boolean, timeoutMs?: number): Promise<RoomView>;
  close(): void;
}

let devices = 0;
export const newDeviceId = (): string => `device-${process.pid}-${++devices}-test`;

/** `headers`: sent with the handshake (an `X-Forwarded-For` for a server that trusts a proxy). */
export async function connect(
  url: string,
  auth: object = { protocol: PROTOCOL_VERSION },
  headers?: Record<string, string>,
): Promise<TestClient> {
  const socket: Client = io(url, {
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(headers ? { extraHeaders: headers } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return wrap(socket);
}

function wrap(socket: Client): TestClient {
  const received: Recorded[] = [];
  const waiters: { predicate: (v: RoomView) => boolean; resolve: (v: RoomView) => void }[] = [];
  let latest: RoomView | undefined;
  socket.onAny((event: string, payload: unknown) => {
    received.push({ event, payload });
    if (event !== 'room:state') return;
    latest = payload as RoomView;
    for (const w of [...waiters]) {
      if (w.predicate(payload as RoomView)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(payload as RoomView);
      }
    }
  });
  return {
    socket,
    received,
    call: (event, payload = {}) =>
      (
        socket.timeout(10_000).emitWithAck as (
          e: string,
          p: unknown,
        ) => Promise<Result<Record<string, unknown>>>
      )(event, payload),
    state: (predicate, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        if (latest && predicate(latest)) return resolve(latest);
        const timer = setTimeout(
          () => reject(new Error('no matching room:state in time')),
          timeoutMs,
        );
        waiters.push({
          predicate,
          resolve: (view) => {
            clearTimeout(timer);
            resolve(view);
          },
        });
      }),
    close: () => socket.disconnect(),
  };
}

/** The reply's fields, failing loudly when it is an error. */
export function expectOk<T = Record<string, unknown>>(reply: Result<Record<string, unknown>>): T {
  if (!reply.ok) throw new Error(`expected ok, got ${reply.error.code}: ${reply.error.message}`);
  return reply as unknown as T;
}

/** What a player can work out from the givens alone: the unique solution, by the engine. */
export function solveGivens(puzzle: string, variant: VariantIdName = 'percent'): string {
  const parsed = parseGrid(puzzle);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const answer = new SudokuSolver(getVariant(variant)).solve(parsed.grid);
  if (answer.status !== 'solved') throw new Error(`givens not solvable: ${answer.status}`);
  return formatGrid(answer.solution, '0');
}

export const blanksOf = (puzzle: string): number[] =>
  [...puzzle].flatMap((ch, cell) => (ch === '0' ? [cell] : []));

/** A lobby with two seats: Ann hosts, Bob joins and is ready. */
export interface TwoPlayerLobby {
  readonly ann: TestClient;
  readonly bob: TestClient;
  readonly annSeat: SeatReply;
  readonly bobSeat: SeatReply;
  readonly annDevice: string;
  readonly bobDevice: string;
}

export async function twoPlayerLobby(url: string): Promise<TwoPlayerLobby> {
  const ann = await connect(url);
  const bob = await connect(url);
  const annDevice = newDeviceId();
  const annSeat = expectOk<SeatReply>(
    await ann.call('room:create', { nickname: 'Ann', deviceId: annDevice }),
  );
  const bobDevice = newDeviceId();
  const bobSeat = expectOk<SeatReply>(
    await bob.call('room:join', { code: annSeat.view.code, nickname: 'Bob', deviceId: bobDevice }),
  );
  expectOk(await bob.call('room:ready', { ready: true }));
  return { ann, bob, annSeat, bobSeat, annDevice, bobDevice };
}

/** `client` takes back the seat `seat` holds, with its token, as the returning device would. */
export async function rejoin(
  client: TestClient,
  seat: SeatReply,
  nickname: string,
  deviceId: string,
): Promise<SeatReply> {
  const { code } = seat.view;
  const sessionToken = seat.sessionToken;
  return expectOk<SeatReply>(
    await client.call('room:join', { code, nickname, deviceId, sessionToken }),
  );
}

/** The host starts the race; resolves with the puzzle once `watcher` sees the race begin. */
export async function startRace(host: TestClient, watcher: TestClient = host): Promise<string> {
  const racing = watcher.state((v) => v.phase === 'racing');
  expectOk(await host.call('race:start'));
  return (await racing).race!.puzzle!;
}

/**
 * Ann and Bob (socket bots, a fresh lobby) race and both fill the board from the solution:
 * the finished race's id, for pages that show a stored race (replays, unfurls).
 */
export async function finishedRace(url: string): Promise<string> {
  const { ann, bob } = await twoPlayerLobby(url);
  const puzzle = await startRace(ann);
  const solution = solveGivens(puzzle);
  const finished = ann.state((v) => v.phase === 'finished', 30_000);
  for (const [n, player] of [ann, bob].entries())
    for (const cell of blanksOf(puzzle)) {
      const move = { moveId: `p${n}-${cell}`, cell, digit: Number(solution[cell]) };
      expectOk(await player.call('race:move', move));
    }
  const id = (await finished).race?.id;
  for (const player of [ann, bob]) player.close();
  if (!id) throw new Error('the finished race has no id');
  return id;
}
