/**
 * One measured load of the server-cost section: servers started as test/load starts them
 * (`node --import tsx ENTRY`, or N nodes sharing a throwaway Redis), the players of
 * test/load/cost-driver.ts in a process of their own, and the servers' CPU read from /proc at
 * the start and the end of the driver's measuring window.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { CostDriverResult } from '../test/load/cost-driver.ts';
import { startCluster, type Cluster } from '../test/load/cluster.ts';
import { processUsage, treeUsage } from '../test/load/server-process.ts';

export interface LoadShape {
  readonly rooms: number;
  /** Moves per second per player. */
  readonly rate: number;
  readonly warmupSec: number;
  readonly durationSec: number;
}

export interface LoadTarget {
  /** `floor`: test/load/floor-server.ts; `percent`: the race server. */
  readonly target: 'floor' | 'percent';
  readonly nodes: number;
  /** Extra flags for the servers' node (e.g. `--cpu-prof`). */
  readonly nodeArgs?: readonly string[];
  /**
   * `pnpm start --workers N` (with `nodes: 1`): a primary, N workers and the Redis it starts;
   * its CPU is the whole process tree's, Redis apart.
   */
  readonly workers?: number;
  /** Extra environment of the server (e.g. another `REDIS_URL`). */
  readonly env?: Readonly<Record<string, string>>;
}

export interface LoadFigures {
  readonly driver: CostDriverResult;
  /** CPU seconds of the server processes in the window (all nodes), and of Redis. */
  readonly serverCpuSec: number;
  readonly redisCpuSec: number;
  /** Server CPU per acknowledged move, µs (nodes only; Redis separately). */
  readonly serverUsPerMove: number;
  readonly redisUsPerMove: number;
}

const ENTRIES = {
  floor: 'test/load/floor-server.ts',
  percent: 'packages/server/src/main.ts',
} as const;

/** Runs one load against fresh servers and stops them; throws when the players failed. */
export async function measureLoad(
  repoRoot: string,
  target: LoadTarget,
  shape: LoadShape,
  log: (line: string) => void,
): Promise<LoadFigures> {
  const cluster = await startCluster({
    nodes: target.nodes,
    entry: ENTRIES[target.target],
    nodeArgs: target.nodeArgs ?? [],
    env: {
      ...target.env,
      ...(target.workers !== undefined && { WORKERS: String(target.workers) }),
    },
  });
  try {
    return await drive(repoRoot, cluster, target, shape, log);
  } finally {
    await cluster.stop();
  }
}

/** CPU seconds so far of every node (with the workers it started) and of Redis. */
function cpuOf(cluster: Cluster): { nodes: number; redis: number } {
  let nodes = 0;
  let redis = 0;
  for (const node of cluster.nodes) {
    const tree = treeUsage(node.pid);
    nodes += tree?.cpuSec ?? NaN;
    redis += tree?.redisCpuSec ?? NaN;
  }
  const redisPid = cluster.redis?.pid;
  if (redisPid !== undefined) redis += processUsage(redisPid)?.cpuSec ?? NaN;
  return { nodes, redis };
}

async function drive(
  repoRoot: string,
  cluster: Cluster,
  target: LoadTarget,
  shape: LoadShape,
  log: (line: string) => void,
): Promise<LoadFigures> {
  const driverPath = path.join(repoRoot, 'test/load/cost-driver.ts');
  const args = [
    '--import',
    'tsx',
    driverPath,
    `--target=${target.target}`,
    `--urls=${cluster.nodes.map((node) => node.url).join(',')}`,
    `--rooms=${shape.rooms}`,
    `--rate=${shape.rate}`,
    `--warmup=${shape.warmupSec}`,
    `--duration=${shape.durationSec}`,
  ];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let before = { nodes: 0, redis: 0 };
  let after = { nodes: 0, redis: 0 };
  let result: CostDriverResult | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    const message = JSON.parse(line) as { event: string; at?: string };
    if (message.event === 'ready') {
      const how =
        target.workers === undefined ? `× ${target.nodes}` : `--workers ${target.workers}`;
      log(`  ${target.target} ${how}: ${shape.rooms} rooms ready, moving`);
      child.stdin.write('go\n');
    } else if (message.event === 'window' && message.at === 'start') {
      before = cpuOf(cluster);
    } else if (message.event === 'window' && message.at === 'end') {
      after = cpuOf(cluster);
    } else if (message.event === 'result') {
      result = message as unknown as CostDriverResult;
    }
  }
  const code = await exited;
  if (result === undefined || code !== 0)
    throw new Error(`the players' process failed (exit ${code}):\n${stderr.slice(-2000)}`);
  const serverCpuSec = after.nodes - before.nodes;
  const redisCpuSec = after.redis - before.redis;
  return {
    driver: result,
    serverCpuSec,
    redisCpuSec,
    serverUsPerMove: (serverCpuSec / result.acked) * 1e6,
    redisUsPerMove: (redisCpuSec / result.acked) * 1e6,
  };
}
