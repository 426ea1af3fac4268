import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { summaryOf } from '../rooms/index.ts';
import type { RoomService, ServiceOptions } from '../single-node.ts';
import { DEFAULT_DATA_DIR } from '../config.ts';
import type { HistoryStore } from '../store/history.ts';
import type { DailyStore } from '../store/daily-store.ts';
import { openPgDaily } from '../store/pg/pg-daily.ts';
import { openPgHistory } from '../store/pg/pg-history.ts';
import { openSqliteDaily } from '../store/sqlite-daily.ts';
import { openSqliteHistory } from '../store/sqlite-history.ts';
import { ClusterRooms } from './cluster-rooms.ts';
import { LeaseKeeper } from './lease-keeper.ts';
import { RaceCopier } from './race-copier.ts';
import { unavailable } from './reachable.ts';
import { NodeRpc } from './rpc.ts';
import { connectRedis } from './redis.ts';
import { RedisRooms } from './redis-rooms.ts';
import type { NodeRequest } from './remote.ts';
import { Forwarder } from './forwarder.ts';
import { nodeOfToken } from './keys.ts';
import { ClusterTransport, NodeEvent } from './transport.ts';
import { DurabilityWatch } from './durability.ts';
import { everyInterval, type Loops } from './loops.ts';

export interface ClusterOptions extends ServiceOptions {
  readonly redisUrl: string;
  readonly databaseUrl?: string;
  readonly allowVolatileRedis?: boolean;
  /** Told when this node starts or stops running a room (the `--workers` primary routes by it). */
  readonly owns?: (code: string, owned: boolean) => void;
}

/** How long a lease lasts unless renewed; a dead owner's rooms are taken over after this. */
export const LEASE_MS = 4000;
const RENEW_MS = 1000;
const SWEEP_MS = 1000;
const DRAIN_RACES_MS = 5000;
const SHUTDOWN_DRAIN_MS = 1000;
const ADAPTER_STREAM_LEN = 200_000;
/** How often Redis's persistence and the marker are checked again. */
const DURABILITY_MS = 60_000;

type ServerSide = {
  serverSideEmit(event: string, ...args: unknown[]): boolean;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
};

/**
 * One node of a cluster: rooms shared with every node on the same Redis (owned under leases,
 * forwarded to their owner, taken over when it dies), Socket.IO across nodes through the Redis
 * Streams adapter, finished races in PostgreSQL (or one machine's SQLite).
 */
export async function startClusterNode(options: ClusterOptions): Promise<RoomService> {
  const { io, log } = options;
  const nodeId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const [main, subscriber, adapter] = await Promise.all([
    connectRedis(options.redisUrl, log, 'commands'),
    connectRedis(options.redisUrl, log, 'forwarding', { offlineQueue: true }),
    connectRedis(options.redisUrl, log, 'adapter', { offlineQueue: true }),
  ]);
  const durability = new DurabilityWatch(main.client, log);
  try {
    await durability.start(options.allowVolatileRedis ?? false);
  } catch (error) {
    await Promise.all([main, subscriber, adapter].map((link) => link.close()));
    throw error;
  }
  // A node that falls behind by more than `maxLen` entries would miss events: keep a minute's.
  io.adapter(createAdapter(adapter.client, { maxLen: ADAPTER_STREAM_LEN }));
  const history = await openHistory(options);
  const daily = await openDaily(options);
  const redis = new RedisRooms(main.client, nodeId, LEASE_MS);
  const races = new RaceCopier(redis, history, log);
  const rpc = new NodeRpc(main.client, subscriber.client, nodeId, log.child({ node: nodeId }));
  const serverSide = io as unknown as ServerSide;
  const forward = new Forwarder({
    link: rpc,
    owns: async (node, code) => nodeOfToken((await redis.leaseOf(code)) ?? '') === node,
  });
  // The keeper and the rejoin need the rooms, which need them: filled in once made.
  const late: { rooms?: ClusterRooms } = {};
  const rejoinHere = (code: string) => {
    late.rooms?.forgetOwner(code);
    for (const socket of io.sockets.sockets.values()) {
      if (socket.data.code !== code) continue;
      socket.data.code = null;
      // The client reconnects by itself and rejoins with its token: a full snapshot.
      socket.conn.close();
    }
  };
  const keeper = new LeaseKeeper({
    redisUrl: options.redisUrl,
    nodeId,
    leaseMs: LEASE_MS,
    renewMs: RENEW_MS,
    log,
    onLost: (code, token) => late.rooms?.lostLease(code, token),
  });
  const cluster = new ClusterRooms({
    keeper,
    redis,
    races,
    transport: new ClusterTransport(io),
    timings: options.timings,
    draw: options.draw,
    check: options.check,
    forward,
    log,
    announceMoved: (code: string) => {
      rejoinHere(code);
      serverSide.serverSideEmit(NodeEvent.moved, code);
    },
    lost: rejoinHere,
    ...(options.owns && { owns: options.owns }),
    commitWindowMs: options.groupCommitMs,
  });
  late.rooms = cluster;
  serverSide.on(NodeEvent.moved, (code) => rejoinHere(String(code)));
  serverSide.on(NodeEvent.unroute, (id) => {
    const socket = io.sockets.sockets.get(String(id));
    if (socket) socket.data.code = null;
  });
  await rpc.listen((body) => answer(cluster, options, body as NodeRequest));
  const loops = startLoops(cluster, races, durability, log);
  log.info({ node: nodeId }, 'cluster node up');
  return {
    rooms: cluster,
    history,
    daily,
    restoredRooms: 0,
    health: async () => ({
      mode: 'cluster',
      node: nodeId,
      rooms: cluster.size,
      players: cluster.players,
      moves: cluster.moves,
      takeovers: cluster.takeovers,
      forwarded: { sent: forward.sent, queued: forward.queued },
      fenced: cluster.fenced,
      // A Redis that came back empty lost every live room: said until this node restarts.
      ok: durability.current.emptiedAt === null,
      redis: { reachable: await main.reachable(), ...durability.current },
      history: {
        kind: options.databaseUrl ? 'postgresql' : 'sqlite',
        reachable: await history.ping(),
      },
    }),
    shutdown: async () => {
      loops.stop();
      await cluster.shutdown(SHUTDOWN_DRAIN_MS);
      await keeper.stop();
      await redis.beat(Date.now(), true).catch(() => undefined);
      rpc.close();
    },
    close: async () => {
      await Promise.all([main.close(), subscriber.close(), adapter.close()]);
      await Promise.all([history.close(), daily.close()]);
    },
  };
}

function openHistory(options: ClusterOptions): Promise<HistoryStore> {
  if (options.databaseUrl) return openPgHistory(options.databaseUrl);
  return Promise.resolve(openSqliteHistory(options.dataDir ?? DEFAULT_DATA_DIR));
}

/** The daily puzzles in the history's database: PostgreSQL, or this machine's SQLite file. */
function openDaily(options: ClusterOptions): Promise<DailyStore> {
  if (options.databaseUrl) return openPgDaily(options.databaseUrl);
  return Promise.resolve(openSqliteDaily({ dataDir: options.dataDir ?? DEFAULT_DATA_DIR }));
}

/** The sweep for orphaned rooms and the race copier (leases are the keeper's). */
function startLoops(
  rooms: ClusterRooms,
  races: RaceCopier,
  durability: DurabilityWatch,
  log: ServiceOptions['log'],
): Loops {
  return everyInterval(log, [
    { name: 'sweep', ms: SWEEP_MS, run: () => rooms.sweep() },
    { name: 'races', ms: DRAIN_RACES_MS, run: () => races.drain() },
    { name: 'durability', ms: DURABILITY_MS, run: () => durability.check() },
  ]);
}

/** A request from another node for a room this node runs. */
async function answer(rooms: ClusterRooms, options: ClusterOptions, request: NodeRequest) {
  const runner = rooms.local(request.code);
  if (request.kind === 'summary') return runner ? summaryOf(runner.room) : null;
  if (!runner) return unavailable(`room ${request.code} is moving to another server; try again`);
  if (request.kind === 'start') return runner.startRace(request.connectionId, options.draw);
  if (request.kind === 'import')
    return runner.importPuzzle(request.connectionId, request.text, options.check);
  return runner.submit(request.command);
}
