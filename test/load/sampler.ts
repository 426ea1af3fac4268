import type { Cluster } from './cluster.ts';
import {
  processUsage,
  treeUsage,
  type ProbeReading,
  type ServerProcess,
} from './server-process.ts';

/** One server node over the measured window (up to its kill, for the node killed). */
export interface NodeFigures {
  readonly pid: number;
  readonly killed: boolean;
  /** CPU seconds used in the window, and as cores' worth (1 = one core busy). */
  readonly cpuSec: number;
  readonly cores: number;
  /** The highest of the once-a-second readings. */
  readonly peakRss: number;
  /** Event-loop delay over the window and memory at its end, from the probe. */
  readonly loop: ProbeReading;
}

/** Redis's share of the machine over the window, from /proc. */
export interface RedisFigures {
  readonly cpuSec: number;
  readonly cores: number;
  readonly rss: number;
}

interface Usage {
  readonly at: number;
  readonly cpuSec: number;
}

/**
 * Samples every node (and Redis) while the players move: CPU from /proc at the start and the
 * end, peak RSS once a second, the probe's event-loop histogram reset at the start. The node
 * to be killed has its probe read every second too (`watch`), so that the kill need not wait
 * for an answer from a busy process: `capture` takes /proc now and the latest probe reading.
 */
export class ClusterSampler {
  private readonly before = new Map<number, Usage>();
  private readonly captured = new Map<number, NodeFigures>();
  private readonly watched = new Map<number, ProbeReading | undefined>();
  private readonly peaks: number[];
  private redisBefore: Usage | undefined;

  constructor(private readonly cluster: Cluster) {
    this.peaks = cluster.nodes.map(() => 0);
  }

  async begin(): Promise<void> {
    await Promise.all(this.cluster.nodes.map((node) => node.probe(true)));
    this.cluster.nodes.forEach((node, i) => this.before.set(i, usageOf(node.pid)));
    const redisPid = this.cluster.redis?.pid;
    if (redisPid !== undefined) this.redisBefore = usageOf(redisPid);
  }

  /** Once a second: the peak resident set size of every live node, the watched ones' probe. */
  tick(): void {
    this.cluster.nodes.forEach((node, i) => {
      if (!this.cluster.isLive(i)) return;
      this.peaks[i] = Math.max(this.peaks[i]!, node.usage()?.rssBytes ?? 0);
      if (this.watched.has(i))
        node.probe().then(
          (reading) => {
            if (this.cluster.isLive(i)) this.watched.set(i, reading);
          },
          () => undefined,
        );
    });
  }

  /** Node `i` will be killed: read its probe every tick. */
  watch(i: number): void {
    this.watched.set(i, undefined);
  }

  /** Node `i`'s figures now (its probe's as of the last tick), just before its kill. */
  capture(i: number): void {
    const node = this.cluster.nodes[i]!;
    const loop = this.watched.get(i);
    if (!loop) return;
    const { cpuSec, cores } = spent(this.before.get(i), usageOf(node.pid));
    this.captured.set(i, {
      pid: node.pid,
      killed: true,
      cpuSec,
      cores,
      peakRss: this.peaks[i]!,
      loop,
    });
  }

  async end(): Promise<{ nodes: NodeFigures[]; redis: RedisFigures | undefined }> {
    const nodes = await Promise.all(
      this.cluster.nodes.map(
        (node, i) =>
          this.captured.get(i) ?? (this.cluster.isLive(i) ? this.read(i, false) : gone(node.pid)),
      ),
    );
    return { nodes, redis: this.redis() };
  }

  private async read(i: number, killed: boolean): Promise<NodeFigures> {
    const node: ServerProcess = this.cluster.nodes[i]!;
    const loop = await node.probe();
    const now = usageOf(node.pid);
    const { cpuSec, cores } = spent(this.before.get(i), now);
    return { pid: node.pid, killed, cpuSec, cores, peakRss: this.peaks[i]!, loop };
  }

  private redis(): RedisFigures | undefined {
    const pid = this.cluster.redis?.pid;
    if (pid === undefined) return undefined;
    const now = usageOf(pid);
    return { ...spent(this.redisBefore, now), rss: processUsage(pid)?.rssBytes ?? NaN };
  }
}

/** A killed node whose figures could not be read before the kill. */
function gone(pid: number): NodeFigures {
  const loop = { p50Ms: NaN, p99Ms: NaN, maxMs: NaN, rss: NaN, heapUsed: NaN };
  return { pid, killed: true, cpuSec: NaN, cores: NaN, peakRss: NaN, loop };
}

/**
 * CPU so far of a process and every process it started (a `--workers` primary: its workers and
 * the Redis it runs; a single server: itself and its threads).
 */
function usageOf(pid: number): Usage {
  const tree = treeUsage(pid);
  return { at: performance.now(), cpuSec: tree ? tree.cpuSec + tree.redisCpuSec : NaN };
}

function spent(before: Usage | undefined, after: Usage): { cpuSec: number; cores: number } {
  if (!before) return { cpuSec: NaN, cores: NaN };
  const cpuSec = after.cpuSec - before.cpuSec;
  return { cpuSec, cores: cpuSec / ((after.at - before.at) / 1_000) };
}
