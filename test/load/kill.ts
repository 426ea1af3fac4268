import type { Cluster } from './cluster.ts';
import type { RoomOutcome } from './outcome.ts';
import type { ClusterSampler } from './sampler.ts';

/** The most a room may take to move again after its node died (issue 13). */
export const RESUME_TARGET_MS = 10_000;

export interface Kill {
  readonly node: number;
  readonly pid: number;
  /** performance.now() of the SIGKILL. */
  readonly at: number;
  /** Since the start of the measured window. */
  readonly afterMs: number;
}

/**
 * kill -9 of `node` `afterMs` into the window, its figures read just before (they end at the
 * kill), then `killed`. `kill()` says when it happened, once it has.
 */
export function armKill(
  cluster: Cluster,
  sampler: ClusterSampler,
  node: number,
  afterMs: number,
  /** Told right after the kill (the players in other processes learn the node is gone). */
  killed?: (node: number) => void,
): { kill(): Kill | undefined; cancel(): void } {
  let done: Kill | undefined;
  const windowStart = performance.now();
  sampler.watch(node);
  const timer = setTimeout(() => {
    sampler.capture(node);
    const at = performance.now();
    cluster.kill(node);
    killed?.(node);
    done = { node, pid: cluster.nodes[node]!.pid, at, afterMs: at - windowStart };
    console.log(
      `kill -9 of node ${node} (pid ${done.pid}) at ${(done.afterMs / 1e3).toFixed(1)} s`,
    );
  }, afterMs);
  return { kill: () => done, cancel: () => clearTimeout(timer) };
}

/** How one room came back after the kill. */
export interface RoomResume {
  /** Its creator sat on the killed node: the room was run there. */
  readonly owned: boolean;
  /** Kill → the room's first acknowledged move sent after the kill; undefined: none. */
  readonly firstMs: number | undefined;
  /** Kill → the last of its players' own first such ack; undefined: some player had none. */
  readonly everyMs: number | undefined;
  /** None of its players sent a move after the kill (all finished before): not judged. */
  readonly idle: boolean;
}

/**
 * Every room with a seat on the killed node — owned by it, or merely with players on it —
 * and how long after the kill it moved again. Only moves sent after the kill count, so that an
 * ack already on its way does not pass for a resumed room.
 */
export function resumes(rooms: readonly RoomOutcome[], cluster: Cluster, kill: Kill): RoomResume[] {
  const affected = rooms.filter((room) =>
    room.players.some((_, seat) => cluster.nodeOf(room.index, seat) === kill.node),
  );
  return affected.map((room) => {
    const moving = room.players.filter((player) => player.counters.lastSentAt >= kill.at);
    const firsts = moving.map((player) => firstAckAfter(player, kill.at));
    const acked = firsts.filter((at): at is number => at !== undefined);
    return {
      owned: cluster.nodeOf(room.index, 0) === kill.node,
      firstMs: acked.length === 0 ? undefined : Math.min(...acked) - kill.at,
      everyMs:
        acked.length < firsts.length || acked.length === 0
          ? undefined
          : Math.max(...acked) - kill.at,
      idle: moving.length === 0,
    };
  });
}

/** When the player's first acknowledged move sent at or after `since` came back. */
function firstAckAfter(player: RoomOutcome['players'][number], since: number): number | undefined {
  let first: number | undefined;
  player.counters.acked.forEach((rtt, sentAt) => {
    if (sentAt >= since) first = Math.min(first ?? Infinity, sentAt + rtt);
  });
  return first;
}
