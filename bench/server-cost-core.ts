/**
 * The room core's cost per move as a race grows: four players in one room, each alternating
 * a correct digit and clearing it, 500 moves each, through `reduce` and the progress events
 * the runner builds from its effects (packages/server/src/rooms, in this process: no socket,
 * no storage). A core that copies its move log or ack map per move gets slower with every
 * move; one that shares structure stays flat.
 */
import {
  createRoom,
  progressDeliveries,
  reduce,
  type Command,
  type Room,
} from '../packages/server/src/rooms/index.ts';

const PLAYERS = 4;
const MOVES_PER_PLAYER = 500;
/** Each player's move numbers (1-based) averaged in one row of the table. */
export const BUCKETS: readonly (readonly [number, number])[] = [
  [1, 50],
  [101, 150],
  [251, 300],
  [451, 500],
];

/** A classic solution (shifted rows) with its first 50 cells open. */
const SOLUTION = Array.from({ length: 81 }, (_, i) => {
  const r = Math.floor(i / 9);
  return String(((r * 3 + Math.floor(r / 3) + (i % 9)) % 9) + 1);
}).join('');
const BLANKS = 50;
const PUZZLE = '0'.repeat(BLANKS) + SOLUTION.slice(BLANKS);

function must(room: Room, command: Command, now: number): Room {
  const outcome = reduce(room, command, now);
  if (!outcome.ok) throw new Error(`${command.type}: ${outcome.error.message}`);
  return outcome.room;
}

/** A race of four under way, at t = 10 s. */
function racingRoom(): Room {
  const timings = { countdownMs: 3000, graceMs: 60_000, minRatedMs: 0 };
  let room = createRoom('BENCH', timings, { maxPlayers: PLAYERS, timeLimitSec: 7200 });
  for (let n = 1; n <= PLAYERS; n++) {
    const token = `token-${n}-abcdefghijklmnop`;
    room = must(
      room,
      {
        type: 'join',
        connectionId: `c${n}`,
        nickname: `P${n}`,
        deviceId: `d${n}`,
        sessionToken: undefined,
        newToken: token,
      },
      1000,
    );
    room = must(room, { type: 'ready', connectionId: `c${n}`, ready: true }, 1000);
  }
  const draw = { puzzle: PUZZLE, solution: SOLUTION, variant: 'classic', difficulty: 'easy' };
  const fairness = { secret: 'ab'.repeat(32), commitment: '0'.repeat(64) };
  room = must(
    room,
    { type: 'start', connectionId: 'c1', raceId: 'r', draw, fairness } as Command,
    1000,
  );
  return must(room, { type: 'begin', raceId: 'r' }, 4000);
}

/** One race: µs per move by each player's move number (index 0 = move 1). */
function oneRace(): Float64Array {
  let room = racingRoom();
  const perMove = new Float64Array(MOVES_PER_PLAYER);
  let now = 10_000;
  for (let k = 0; k < MOVES_PER_PLAYER; k++) {
    const cell = (k >> 1) % BLANKS;
    const digit = k % 2 === 0 ? Number(SOLUTION[cell]) : 0;
    for (let p = 1; p <= PLAYERS; p++) {
      now += 60;
      const command = { type: 'move', connectionId: `c${p}`, moveId: `m${k}`, cell, digit };
      const started = performance.now();
      const outcome = reduce(room, command as Command, now);
      if (!outcome.ok) throw new Error(`move ${k}: ${outcome.error.message}`);
      room = outcome.room;
      for (const effect of outcome.effects) {
        if (effect.type !== 'progress') continue;
        progressDeliveries(room, [effect.playerId]);
      }
      perMove[k]! += (performance.now() - started) * 1000;
    }
  }
  for (let k = 0; k < MOVES_PER_PLAYER; k++) perMove[k]! /= PLAYERS;
  return perMove;
}

/** Median over `races` races (after one to warm up) of the mean µs per move in each bucket. */
export function coreCostByMove(races = 7): number[] {
  oneRace();
  const runs = Array.from({ length: races }, oneRace);
  return BUCKETS.map(([from, to]) => {
    const means = runs
      .map((perMove) => {
        let sum = 0;
        for (let k = from - 1; k < to; k++) sum += perMove[k]!;
        return sum / (to - from + 1);
      })
      .sort((a, b) => a - b);
    return means[means.length >> 1]!;
  });
}
