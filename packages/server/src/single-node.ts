import { mkdirSync } from 'node:fs';
import type { Logger } from 'pino';
import type { RoomTimings } from './rooms/index.ts';
import { LocalDirectory, type RoomDirectory } from './runner/directory.ts';
import { RoomRegistry } from './runner/registry.ts';
import type { CheckPuzzle, DrawPuzzle } from './runner/room-runner.ts';
import type { PercentServer } from './socket/types.ts';
import { SocketTransport } from './socket/transport.ts';
import type { DailyStore } from './store/daily-store.ts';
import { historyOf, type HistoryReader } from './store/history.ts';
import { openSqliteDaily } from './store/sqlite-daily.ts';
import { openStore } from './store/store.ts';
import { DEFAULT_DATA_DIR } from './config.ts';

/** What differs between one process and a node of a cluster: where rooms live and are kept. */
export interface RoomService {
  readonly rooms: RoomDirectory;
  readonly history: HistoryReader;
  /** The daily puzzles and solves, in the history's database. */
  readonly daily: DailyStore;
  /** Rooms brought back (one process: from the last run's snapshots) at start. */
  readonly restoredRooms: number;
  /** This node's figures for `/healthz`. */
  health(): Promise<Record<string, unknown>>;
  /** No command is taken after this; each room finishes the one it is on (and is handed on). */
  shutdown(): Promise<void>;
  /** Closes the stores (after the sockets have closed). */
  close(): Promise<void>;
}

export interface ServiceOptions {
  readonly io: PercentServer;
  readonly timings: RoomTimings;
  readonly draw: DrawPuzzle;
  readonly check: CheckPuzzle;
  readonly log: Logger;
  readonly dataDir?: string;
  readonly memory?: boolean;
  /** The shortest time between two SQLite transactions, ms (`GroupCommit`; its default). */
  readonly groupCommitMs?: number;
}

/** The embedded default: every room in this process, kept in SQLite (`dataDir`). */
export async function startSingleNode(options: ServiceOptions): Promise<RoomService> {
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  if (!options.memory) mkdirSync(dataDir, { recursive: true });
  const store = openStore(options.memory ? { memory: true } : { dataDir });
  const transport = new SocketTransport(options.io);
  const registry = new RoomRegistry({
    store,
    transport,
    timings: options.timings,
    draw: options.draw,
    check: options.check,
    log: options.log,
    groupCommitMs: options.groupCommitMs,
  });
  const restoredRooms = await registry.restore();
  const daily = openSqliteDaily(options.memory ? { memory: true } : { dataDir });
  return {
    rooms: new LocalDirectory(registry),
    history: historyOf(store),
    daily,
    restoredRooms,
    health: () =>
      Promise.resolve({
        mode: 'single',
        rooms: registry.size,
        players: registry.players,
        moves: registry.moves,
        // A store that cannot write (a full disk): ok false, 503. Problems found at start (a
        // lost write-ahead log) are listed in `store.problems`.
        ok: store.health().writable,
        store: { moveAppend: store.appendTimes(), ...store.health() },
      }),
    shutdown: () => registry.shutdown(),
    close: async () => {
      await daily.close();
      store.close();
    },
  };
}
