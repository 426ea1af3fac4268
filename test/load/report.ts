import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Health, ProbeReading } from './server-process.ts';
import type { RoomOutcome } from './outcome.ts';
import { mb, ms, Samples, Tally, type LatencySummary } from './stats.ts';

/** What was measured while the players moved. */
export interface Window {
  readonly elapsedSec: number;
  readonly healthRtt: LatencySummary;
  /** The server's event-loop delay over the window and its memory at the end. */
  readonly serverLoop: ProbeReading;
  readonly peakRss: number;
  /** Cores' worth of CPU the server used (1 = one core busy). */
  readonly serverCpu: number;
  readonly clientLoopP99Ms: number;
  readonly clientLoopMaxMs: number;
  /** Cores' worth of CPU the load generator itself used (all its processes). */
  readonly clientCpu: number;
  /** Processes that ran the players (1: the load test's own). */
  readonly clientProcesses: number;
  /** `--pin`: the cores the servers and the players were kept on. */
  readonly pinning?: { readonly servers: string; readonly players: string };
}

/** The players' own counts against the server's view of the same races. */
export interface Check {
  /** Players whose progress on the server (filled, mistakes) differs from the moves acked. */
  readonly progressMismatches: string[];
  /**
   * `race:progress`: for each player, the other players who moved, and of those the ones whose
   * last batched progress it received differs from the server's final view (a lost batch).
   */
  readonly othersMoved: number;
  readonly staleProgress: string[];
  /** Batches and the events in them received by all players; moves judged. */
  readonly batches: number;
  readonly events: number;
  readonly judged: number;
}

/** The load the p99 target is set for: one process, and several nodes (issue 13). */
const TARGET_PLAYERS = 1_000;
const TARGET_PLAYERS_CLUSTER = 5_000;
const TARGET_P99_MS = 20;
/** Issue 24's: 3,000 players on one process, the load generator on the same machine. */
const TARGET_PLAYERS_LARGE = 3_000;
const TARGET_P99_LARGE_MS = 30;

/**
 * Reads every room's final state: each player's filled cells and mistakes must equal the
 * correct and wrong moves acknowledged to it — a lost move or one counted twice shows here.
 */
export function checkRooms(rooms: readonly RoomOutcome[]): Check {
  const progressMismatches: string[] = [];
  const staleProgress: string[] = [];
  let othersMoved = 0;
  let batches = 0;
  let events = 0;
  let judgedAll = 0;
  for (const room of rooms) {
    const view = room.final;
    let judged = 0;
    for (const player of room.players) {
      const c = player.counters;
      judged += c.correct + c.wrong;
      const progress = view.players.find((p) => p.id === player.playerId)?.race?.progress;
      if (progress?.filled !== c.correct - c.emptied || progress.mistakes !== c.wrong)
        progressMismatches.push(
          `${room.code}/${player.playerId}: server filled ${progress?.filled} mistakes ${progress?.mistakes}, acked ${c.correct} correct (${c.emptied} cleared again) ${c.wrong} wrong`,
        );
    }
    judgedAll += judged;
    for (const player of room.players) {
      batches += player.counters.progressBatches;
      events += player.counters.progressEvents;
      for (const other of room.players) {
        if (other === player || other.counters.correct + other.counters.wrong === 0) continue;
        othersMoved++;
        const server = view.players.find((p) => p.id === other.playerId)?.race?.progress;
        const heard = player.counters.lastProgress.get(other.playerId ?? '');
        if (heard?.filled !== server?.filled || heard?.mistakes !== server?.mistakes)
          staleProgress.push(
            `${room.code}: ${player.playerId} last heard ${other.playerId} at ${heard?.filled}/${heard?.mistakes}, server ${server?.filled}/${server?.mistakes}`,
          );
      }
    }
  }
  return {
    progressMismatches,
    othersMoved,
    staleProgress,
    batches,
    events,
    judged: judgedAll,
  };
}

export interface ReportInput {
  readonly players: number;
  readonly durationSec: number;
  readonly rooms: readonly RoomOutcome[];
  readonly window: Window;
  readonly check: Check;
  readonly health: Health;
  /** Runs on several nodes (`--nodes`); absent with one, whose output stays as it was. */
  readonly cluster?: ClusterSection;
  /** `--workers N`: the server is a primary, N workers and the Redis it started. */
  readonly workers?: number | undefined;
}

/** What a run on several nodes adds to the report (see cluster-report.ts). */
export interface ClusterSection {
  /** Per-node and Redis figures, in place of the single server's lines. */
  readonly serverLines: readonly string[];
  /** Reconnections, resends and the resume after a kill, after the correctness lines. */
  readonly failoverLines: readonly string[];
  /** E.g. rooms that never moved again after the kill. */
  readonly problems: number;
  /**
   * A node was killed: its players missed broadcasts while away (a rejoin brings a full
   * snapshot instead), and the node's move counters died with it.
   */
  readonly killed: boolean;
}

/**
 * Prints the figures; returns the exit code: 1 when a move was lost, counted twice, misjudged
 * or refused, or a progress broadcast went missing.
 */
export function printReport(input: ReportInput): { code: number; lines: string[] } {
  const totals = sumCounters(input.rooms);
  const { lines, problems: found } = correctnessLines(totals, input);
  const problems = found + (input.cluster?.problems ?? 0);
  const all = [
    ...lines,
    ...(input.cluster?.failoverLines ?? []),
    '',
    ...performanceLines(input, totals.rtt),
    problems === 0
      ? 'correctness: no lost, duplicated or misjudged move'
      : `correctness: FAILED (${problems} problems)`,
  ];
  console.log(all.join('\n'));
  return { code: problems === 0 ? 0 : 1, lines: all };
}

type Totals = ReturnType<typeof sumCounters>;

function correctnessLines(totals: Totals, { check, health, cluster, workers }: ReportInput) {
  const { sent, retries, correct, wrong, retriesAcked, lost, duplicated, misjudged } = totals;
  const mismatches = check.progressMismatches;
  const lines = [
    '',
    `moves: ${sent} sent (${wrong} judged wrong), ${retries} sent again with the same id`,
    `acks:  ${correct + wrong} first acks, ${retriesAcked} retries acked as duplicates; lost ${lost}, ` +
      `counted twice ${duplicated}, misjudged ${misjudged}, refused: ${totals.errors}`,
    `server progress vs acks: ${mismatches.length === 0 ? 'every player agrees' : `${mismatches.length} players differ`}`,
    ...mismatches.slice(0, 5).map((line) => `  ${line}`),
    `race:progress: ${check.batches} batches with ${check.events} events for ${check.judged} judged moves; ` +
      `last word on the others: ${check.othersMoved - check.staleProgress.length} of ${check.othersMoved} agree with the server`,
    ...check.staleProgress.slice(0, 5).map((line) => `  ${line}`),
    cluster?.killed
      ? 'server move counters: not summed (the killed node took its counts with it)'
      : serverMoves(health, totals, workers),
  ];
  const missing = cluster?.killed ? 0 : check.staleProgress.length;
  const problems =
    lost + duplicated + misjudged + totals.errors.total + mismatches.length + missing;
  return { lines, problems };
}

function performanceLines(input: ReportInput, samples: Samples): string[] {
  const { window, players, health, cluster } = input;
  const rtt = samples.summary();
  const loop = window.serverLoop;
  const generatorLag =
    window.clientLoopP99Ms > TARGET_P99_MS ? ' (high: round trips include this lag)' : '';
  const healthRtt = `GET /healthz round trip (1/s${cluster ? ', node 0' : ''}): p50 ${ms(window.healthRtt.p50)}  p99 ${ms(window.healthRtt.p99)}  max ${ms(window.healthRtt.max)}`;
  // Behind `--workers` the probe runs in the primary only (the workers' loops are not read).
  const whose = input.workers === undefined ? 'server' : 'primary (not its workers)';
  const server = cluster
    ? [...cluster.serverLines, healthRtt]
    : [
        `${whose} event-loop delay: p50 ${ms(loop.p50Ms)}  p99 ${ms(loop.p99Ms)}  max ${ms(loop.maxMs)}`,
        appendLine(health),
        healthRtt,
        `${whose} memory: RSS ${mb(loop.rss)} at the end (peak ${mb(window.peakRss)}), heap used ${mb(loop.heapUsed)}`,
        `server CPU: ${(window.serverCpu * 100).toFixed(0)}% of one core` +
          (input.workers === undefined
            ? ''
            : ` (the primary, its ${input.workers} workers and the Redis it started)`),
      ];
  return [
    `${(rtt.count / window.elapsedSec).toFixed(0)} acks/s over ${window.elapsedSec.toFixed(1)} s`,
    `ack round trip (${rtt.count} acks): p50 ${ms(rtt.p50)}  p90 ${ms(rtt.p90)}  p99 ${ms(rtt.p99)}  max ${ms(rtt.max)}`,
    timeline(samples),
    ...server,
    `load generator: CPU ${(window.clientCpu * 100).toFixed(0)}% of one core` +
      `${window.clientProcesses > 1 ? ` over ${window.clientProcesses} processes` : ''}, event-loop delay ` +
      `p99 ${ms(window.clientLoopP99Ms)}  max ${ms(window.clientLoopMaxMs)}${generatorLag}`,
    leftLine(window),
    machine(),
    target(players, rtt, cluster !== undefined || input.workers !== undefined),
  ];
}

/** What the players left the servers: pinned, the servers' own cores; else the rest. */
function leftLine(window: Window): string {
  const cores = cpus().length;
  if (window.pinning)
    return (
      `CPU left to the server: the cores ${window.pinning.servers} (pinned; the players ran on ` +
      `${window.pinning.players})`
    );
  const left = Math.max(0, cores - window.clientCpu);
  return `CPU left to the server: ${left.toFixed(2)} of ${cores} cores (the players shared them)`;
}

/** The store's own timing of the durable append each move costs before its ack. */
export function appendLine(health: Health): string {
  const times = health.store?.moveAppend;
  if (!times || times.count === 0) return 'durable move append: not reported by this server';
  const held =
    times.moves === undefined
      ? ''
      : ` holding ${times.moves} moves, ${(times.moves / times.count).toFixed(1)} per commit`;
  return (
    `durable move append (each ack after its SQLite commit, at most one per GROUP_COMMIT_MS, ${times.count} commits${held}): ` +
    `p50 ${times.p50Us} µs  p99 ${times.p99Us} µs  max ${times.maxUs} µs`
  );
}

function sumCounters(rooms: readonly RoomOutcome[]) {
  const totals = {
    sent: 0,
    retries: 0,
    correct: 0,
    wrong: 0,
    retriesAcked: 0,
    duplicated: 0,
    lost: 0,
    misjudged: 0,
  };
  const rtt = new Samples();
  const errors = new Tally();
  for (const room of rooms)
    for (const { counters } of room.players) {
      for (const key of Object.keys(totals) as (keyof typeof totals)[])
        totals[key] += counters[key];
      counters.rtt.forEach((value, at) => rtt.add(value, at));
      counters.errors.forEach((key, n) => errors.add(key, n));
    }
  return { ...totals, rtt, errors };
}

function serverMoves(
  health: Health,
  totals: { correct: number; wrong: number; retriesAcked: number },
  workers: number | undefined,
): string {
  const accepted = health.moves?.accepted;
  if (accepted === undefined)
    return 'server move counters: not reported by /healthz (`moves.accepted`)';
  const counted = `server move counters: ${accepted} accepted, ${health.moves?.duplicates ?? '–'} duplicates`;
  const agree = accepted === totals.correct + totals.wrong ? 'agree' : 'DIFFER';
  if (workers === undefined || workers < 2) return `${counted} (${agree})`;
  // Behind `--workers` the primary answers /healthz with the sums of the workers that answered
  // (those that did not are listed without a pid): compared only when every one is in them.
  if (health.mode !== 'workers') return `${counted} by one of the workers (not compared)`;
  const missing = (health.nodes ?? []).filter((node) => node.pid === undefined).length;
  if (missing > 0) return `${counted}, ${missing} of ${workers} workers not counted (not compared)`;
  return `${counted}, summed over ${workers} workers (${agree})`;
}

/** How steady the round trip was: the per-second p99s, and the seconds over the target. */
function timeline(samples: Samples): string {
  const seconds = samples.bySecond().filter((second) => second.count > 0);
  const p99s = seconds.map((second) => second.p99).sort((a, b) => a - b);
  const over = p99s.filter((p99) => p99 >= TARGET_P99_MS).length;
  const median = p99s[Math.floor(p99s.length / 2)] ?? NaN;
  return (
    `  per second: p99 median ${ms(median)}, best ${ms(p99s[0] ?? NaN)}, worst ${ms(p99s.at(-1) ?? NaN)}; ` +
    `${over} of ${seconds.length} seconds with p99 ≥ ${TARGET_P99_MS} ms`
  );
}

/**
 * How busy the machine was: other processes competing for the cores show up as latency
 * here, so the figures are only comparable on a quiet machine.
 */
function machine(): string {
  let pressure = '';
  try {
    const some = /some avg10=([\d.]+) avg60=([\d.]+)/.exec(
      readFileSync('/proc/pressure/cpu', 'utf8'),
    );
    if (some)
      pressure = `; CPU pressure (time some task waited for a core) ${some[2]}% over the last minute`;
  } catch {
    // Not Linux, or no pressure stall information.
  }
  const load = loadavg()[0]!.toFixed(1);
  return `machine: load average ${load} on ${cpus().length} cores${pressure}`;
}

function target(players: number, rtt: LatencySummary, cluster: boolean): string {
  if (!cluster && players >= TARGET_PLAYERS_LARGE) {
    const met = rtt.p99 < TARGET_P99_LARGE_MS;
    return `target ack p99 < ${TARGET_P99_LARGE_MS} ms at ${TARGET_PLAYERS_LARGE} players in one process: ${met ? 'met' : 'NOT met'}`;
  }
  const targetPlayers = cluster ? TARGET_PLAYERS_CLUSTER : TARGET_PLAYERS;
  const met = rtt.p99 < TARGET_P99_MS;
  const scale =
    players >= targetPlayers ? '' : ` (at ${players} players; the target is for ${targetPlayers})`;
  return `target ack p99 < ${TARGET_P99_MS} ms: ${met ? 'met' : 'NOT met'}${scale}`;
}
