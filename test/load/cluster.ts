import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedis, type TestRedis } from '../support/redis.ts';
import { startServer, type ServerProcess } from './server-process.ts';

/**
 * The servers a load test runs against: one process as always (`--nodes 1`), or N nodes of one
 * service — each with `REDIS_URL` of one throwaway Redis, its own port, and one shared
 * DATA_DIR (one machine: history in one SQLite file).
 */
export interface Cluster {
  readonly nodes: readonly ServerProcess[];
  /** Undefined with one node: the single-process mode needs no Redis. */
  readonly redis: TestRedis | undefined;
  /** The node seat `seat` of room `room` connects to: (room + seat) mod N, the creator first. */
  nodeOf(room: number, seat: number): number;
  /**
   * Where a client whose connection to `url` dropped reconnects: the next live node in ring
   * order — what a load balancer in front of the service would route the same public URL to.
   */
  failover(url: string): string;
  isLive(node: number): boolean;
  /** kill -9 of one node; from now on `failover` skips it. */
  kill(node: number): void;
  /** Stops every node still running, then Redis, and removes the shared data. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  readonly nodes: number;
  readonly entry: string;
  readonly nodeArgs: readonly string[];
  /** Run the servers and Redis on these cores only (`--pin`). */
  readonly cpus?: string;
  /** Extra environment of a single node (e.g. `WORKERS` for a `--workers` primary). */
  readonly env?: Readonly<Record<string, string>>;
  /** Called with each node as soon as it runs, so that an interrupted start still stops it. */
  readonly onStarted?: (server: ServerProcess) => void;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (options.nodes === 1) {
    const server = await startServer(options.entry, options.nodeArgs, {
      ...(options.env && { env: options.env }),
      ...(options.cpus !== undefined && { cpus: options.cpus }),
    });
    options.onStarted?.(server);
    return cluster([server], undefined, undefined);
  }
  const redis = await startRedis(options.cpus === undefined ? {} : { cpus: options.cpus });
  const dataDir = mkdtempSync(join(tmpdir(), 'percent-load-cluster-'));
  const nodes: ServerProcess[] = [];
  const made = cluster(nodes, redis, dataDir);
  try {
    const start = async (): Promise<void> => {
      const node = await startServer(options.entry, options.nodeArgs, {
        env: { REDIS_URL: redis.url },
        dataDir,
        ...(options.cpus !== undefined && { cpus: options.cpus }),
      });
      nodes.push(node);
      options.onStarted?.(node);
    };
    // The first alone, so that the shared SQLite file is created and migrated once.
    await start();
    await Promise.all(Array.from({ length: options.nodes - 1 }, start));
  } catch (error) {
    await made.stop();
    throw error;
  }
  return made;
}

function cluster(
  nodes: ServerProcess[],
  redis: TestRedis | undefined,
  dataDir: string | undefined,
): Cluster {
  const dead = new Set<number>();
  return {
    nodes,
    redis,
    nodeOf: (room, seat) => (room + seat) % nodes.length,
    failover(url) {
      const from = nodes.findIndex((node) => node.url === url);
      for (let step = 1; step <= nodes.length; step++) {
        const next = (from + step) % nodes.length;
        if (!dead.has(next)) return nodes[next]!.url;
      }
      throw new Error('no live server node to reconnect to');
    },
    isLive: (node) => !dead.has(node),
    kill(node) {
      dead.add(node);
      nodes[node]!.kill();
    },
    async stop() {
      await Promise.all(nodes.map((node) => node.stop()));
      await redis?.close();
      if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
