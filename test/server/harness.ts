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
  type ServerToClientEvents,
} from '@percent/protocol';
import { io, type Socket } from 'socket.io-client';
import {
  startServer,
  type RunningServer,
  type ServerOptions,
} from '../../packages/server/src/main.ts';

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A real server on a free port with an in-memory store and small, fast puzzles. */
export function startTestServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    memory: true,
    pool: { perKind: 2, threads: 1, kinds: [{ variant: 'percent', difficulty: 'easy' }] },
    timings: { countdownMs: 100, graceMs: 2000, snapshotMs: 50 },
    ...options,
  });
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

export async function connect(
  url: string,
  auth: object = { protocol: PROTOCOL_VERSION },
): Promise<TestClient> {
  const socket: Client = io(url, {
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
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
