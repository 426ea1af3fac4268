import type { Cluster } from './cluster.ts';
import { RESUME_TARGET_MS, resumes, type Kill, type RoomResume } from './kill.ts';
import type { ClusterSection } from './report.ts';
import type { RoomOutcome } from './outcome.ts';
import type { NodeFigures, RedisFigures } from './sampler.ts';
import type { Health } from './server-process.ts';
import { mb, ms, Samples, Tally } from './stats.ts';

export interface ClusterInput {
  readonly cluster: Cluster;
  readonly rooms: readonly RoomOutcome[];
  readonly nodes: readonly NodeFigures[];
  readonly redis: RedisFigures | undefined;
  /** Each node's `/healthz` at the end; undefined for a node that is gone. */
  readonly healths: readonly (Health | undefined)[];
  readonly kill: Kill | undefined;
}

/** The per-node, failover and resume parts of a run on several nodes. */
export function clusterSection(input: ClusterInput): ClusterSection {
  const { kill, rooms, cluster } = input;
  const resume = kill ? resumeLines(resumes(rooms, cluster, kill)) : undefined;
  return {
    serverLines: [
      ...placementRoundTrips(rooms, cluster),
      ...(kill ? splitRoundTrips(rooms, kill) : []),
      ...serverLines(input),
    ],
    failoverLines: [...failoverLines(rooms), ...(resume?.lines ?? [])],
    problems: resume?.problems ?? 0,
    killed: kill !== undefined,
  };
}

/** The nodes' `/healthz` as one: move counters summed over the nodes that answered. */
export function sumHealth(healths: readonly (Health | undefined)[]): Health {
  const answered = healths.filter((health): health is Health => health !== undefined);
  const sum = (pick: (health: Health) => number | undefined): number | undefined =>
    answered.some((health) => pick(health) === undefined)
      ? undefined
      : answered.reduce((total, health) => total + pick(health)!, 0);
  const accepted = sum((health) => health.moves?.accepted);
  const duplicates = sum((health) => health.moves?.duplicates);
  return { moves: accepted === undefined ? undefined : { accepted, duplicates } };
}

function serverLines({ cluster, nodes, redis, healths }: ClusterInput): string[] {
  const lines = nodes.map((node, i) => {
    const append = healths[i]?.store?.moveAppend;
    return (
      `node ${i} (pid ${node.pid}${node.killed ? ', until its kill' : ''}): ` +
      `CPU ${node.cpuSec.toFixed(1)} s (${percent(node.cores)} of one core), ` +
      `RSS ${mb(node.loop.rss)} (peak ${mb(Math.max(node.peakRss, node.loop.rss))}), event-loop delay p99 ` +
      `${ms(node.loop.p99Ms)} max ${ms(node.loop.maxMs)}` +
      (append && append.count > 0 ? `, move append p99 ${append.p99Us} µs` : '')
    );
  });
  const owners = healths.map((health) => health?.rooms ?? '–').join(' / ');
  lines.push(`rooms owned per node at the end (/healthz rooms): ${owners}`);
  if (redis)
    lines.push(
      `redis (pid ${cluster.redis?.pid ?? '–'}): CPU ${redis.cpuSec.toFixed(1)} s ` +
        `(${percent(redis.cores)} of one core), RSS ${mb(redis.rss)}`,
    );
  return lines;
}

/** Reconnections, moves sent again and transient refusals, over every player. */
function failoverLines(rooms: readonly RoomOutcome[]): string[] {
  let reconnects = 0;
  let resent = 0;
  let countedAnyway = 0;
  const rejoin = new Samples();
  const transient = new Tally();
  const drops = new Tally();
  for (const room of rooms)
    for (const { counters } of room.players) {
      reconnects += counters.reconnects;
      resent += counters.resent;
      countedAnyway += counters.countedDespiteUnavailable;
      counters.rejoin.forEach((value, at) => rejoin.add(value, at));
      counters.transient.forEach((key, n) => transient.add(key, n));
      counters.drops.forEach((key, n) => drops.add(key, n));
    }
  const times = rejoin.summary();
  return [
    `failover: connections dropped: ${drops}; ${reconnects} reconnections with the session token` +
      (reconnects > 0
        ? ` (drop → seat regained p50 ${ms(times.p50)}  p99 ${ms(times.p99)}  max ${ms(times.max)})`
        : '') +
      `; ${resent} unanswered moves sent again; transient refusals: ${transient}`,
    `  moves answered ROOM_UNAVAILABLE yet counted (their resend came back a duplicate): ${countedAnyway}`,
  ];
}

/** Resume times per group of rooms; a room that never moved again is a problem. */
function resumeLines(all: readonly RoomResume[]): { lines: string[]; problems: number } {
  const judged = all.filter((room) => !room.idle);
  const stuck = judged.filter((room) => room.firstMs === undefined).length;
  const slow = judged.filter((room) => !((room.firstMs ?? Infinity) <= RESUME_TARGET_MS)).length;
  const lines = [
    `resume after the kill (kill → the room's first acked move sent after it), ` +
      `${judged.length} rooms with a seat on the killed node` +
      (judged.length < all.length ? ` (${all.length - judged.length} had finished)` : '') +
      ':',
    group(
      '  owned by it',
      judged.filter((room) => room.owned),
    ),
    group(
      '  players on it only',
      judged.filter((room) => !room.owned),
    ),
    group('  all', judged),
    `  every player of the room acked again: ${summary(judged.map((room) => room.everyMs))}`,
    `target every room resumes within ${RESUME_TARGET_MS / 1_000} s: ` +
      `${slow === 0 ? 'met' : `NOT met (${slow} rooms later or never)`}` +
      (stuck > 0 ? `; ${stuck} rooms never moved again` : ''),
  ];
  return { lines, problems: stuck };
}

/**
 * The ack round trip of players on their room's owner node and of players elsewhere, whose
 * moves are forwarded to the owner (by the seats' nodes at the start).
 */
function placementRoundTrips(rooms: readonly RoomOutcome[], cluster: Cluster): string[] {
  const local = new Samples();
  const forwarded = new Samples();
  for (const room of rooms)
    room.players.forEach(({ counters }, seat) => {
      const home = cluster.nodeOf(room.index, seat) === cluster.nodeOf(room.index, 0);
      counters.rtt.forEach((value, at) => (home ? local : forwarded).add(value, at));
    });
  return [
    'ack round trip by where the player sits:',
    roundTripLine("  on the room's owner node", local),
    roundTripLine('  on another node (forwarded)', forwarded),
  ];
}

/** The ack round trip of the attempts sent before the kill, and of those sent after it. */
function splitRoundTrips(rooms: readonly RoomOutcome[], kill: Kill): string[] {
  const before = new Samples();
  const after = new Samples();
  for (const room of rooms)
    for (const { counters } of room.players)
      counters.rtt.forEach((value, at) => (at < kill.at ? before : after).add(value, at));
  return [
    'ack round trip around the kill:',
    roundTripLine('  sent before it', before),
    roundTripLine('  sent after it', after),
  ];
}

function roundTripLine(label: string, samples: Samples): string {
  const { count, p50, p99, max } = samples.summary();
  return `${label} (${count}): p50 ${ms(p50)}  p99 ${ms(p99)}  max ${ms(max)}`;
}

function group(label: string, rooms: readonly RoomResume[]): string {
  const within = rooms.filter((room) => (room.firstMs ?? Infinity) <= RESUME_TARGET_MS).length;
  return (
    `${label} (${rooms.length}): ${summary(rooms.map((room) => room.firstMs))}; ` +
    `${within} of ${rooms.length} within ${RESUME_TARGET_MS / 1_000} s`
  );
}

/** p50/p99/max of the times that exist, and how many never came. */
function summary(times: readonly (number | undefined)[]): string {
  const samples = new Samples();
  for (const time of times) if (time !== undefined) samples.add(time);
  const { p50, p99, max } = samples.summary();
  const never = times.length - samples.count;
  return `p50 ${ms(p50)}  p99 ${ms(p99)}  max ${ms(max)}${never > 0 ? `  (${never} never)` : ''}`;
}

const percent = (cores: number): string => `${(cores * 100).toFixed(0)}%`;
