/**
 * `pnpm loadtest --replay`: bots that move as a stored race's players moved — their timing,
 * slips and clears mapped onto the room's own puzzle — and the run's exact check still holds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RaceMoveView, RaceRecordView } from '@percent/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../packages/server/src/main.ts';
import { startTestServer } from '../server/harness.ts';
import { LocalPool } from './pool.ts';
import { loadRecords, scriptsOf, type ReplayPlan } from './replay.ts';
import { checkRooms } from './report.ts';

type Step = [playerId: string, ms: number, cell: number, verdict: RaceMoveView['verdict']];

/** A stored race as `GET /api/races/:raceId` answers it, with these moves. */
function record(steps: readonly Step[]): RaceRecordView {
  const player = (playerId: string) => ({
    playerId,
    nickname: playerId,
    place: null,
    timeMs: null,
    mistakes: 0,
    outcome: 'timeout' as const,
    rating: null,
    flag: null,
    points: null,
    team: null,
    teamPlace: null,
    colour: null,
  });
  return {
    id: 'race-1',
    roomCode: 'ABCDE',
    variant: 'percent',
    difficulty: 'easy',
    puzzle: '0'.repeat(81),
    solution: '1'.repeat(81),
    startedAt: 1_000,
    endedAt: 60_000,
    durationMs: 59_000,
    rated: false,
    commitment: null,
    secret: null,
    tournament: null,
    players: [player('p1'), player('p2'), player('p3')],
    moves: steps.map(([playerId, ms, cell, verdict], seq) => ({
      seq,
      playerId,
      moveId: `m${seq}`,
      at: 1_000 + ms,
      ms,
      cell,
      digit: verdict === 'cleared' ? 0 : 5,
      verdict,
    })),
  };
}

/** Ann: two right digits, a slip and its fix, a clear and the digit again; Bo: a slip, a fix. */
const STEPS: Step[] = [
  ['p1', 0, 40, 'correct'],
  ['p2', 100, 7, 'wrong'],
  ['p1', 300, 41, 'correct'],
  ['p1', 500, 12, 'wrong'],
  ['p2', 600, 7, 'correct'],
  ['p1', 700, 12, 'correct'],
  ['p1', 900, 41, 'cleared'],
  ['p1', 1_100, 41, 'correct'],
];

describe('scripts from a stored race', () => {
  it('keeps each player’s moves in order, cells numbered by first touch', () => {
    const { raceId, scripts } = scriptsOf(record(STEPS));
    expect(raceId).toBe('race-1');
    expect(scripts).toEqual([
      [
        { ms: 0, slot: 0, verdict: 'correct' },
        { ms: 300, slot: 1, verdict: 'correct' },
        { ms: 500, slot: 2, verdict: 'wrong' },
        { ms: 700, slot: 2, verdict: 'correct' },
        { ms: 900, slot: 1, verdict: 'cleared' },
        { ms: 1_100, slot: 1, verdict: 'correct' },
      ],
      [
        { ms: 100, slot: 0, verdict: 'wrong' },
        { ms: 600, slot: 0, verdict: 'correct' },
      ],
    ]); // p3 never moved: no script
  });

  it('refuses a file that is not a stored race, naming the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'percent-replay-'));
    try {
      const file = join(dir, 'race.json');
      writeFileSync(file, JSON.stringify({ race: { ...record(STEPS), moves: 'none' } }));
      await expect(loadRecords([file])).rejects.toThrow(
        /race\.json: not a stored race .*race\.moves/,
      );
      writeFileSync(file, JSON.stringify({ ok: true, race: record(STEPS) }));
      expect((await loadRecords([file]))[0]!.scripts).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('bots replaying a stored race', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 30_000);
  afterAll(() => server?.close());

  it('play every script on the room’s puzzle, and the server agrees with every ack', async () => {
    const pool = new LocalPool({ urls: [server.url], players: 6, failover: false });
    const plan: ReplayPlan = { records: [scriptsOf(record(STEPS))], speed: 2 };
    try {
      await pool.open();
      await pool.race(5_000, { wrongRate: 0, retryRate: 0.5 }, plan);
      const rooms = await pool.outcomes();
      expect(checkRooms(rooms).progressMismatches).toEqual([]);
      // Seats 0 and 2 play Ann's script, 1 and 3 Bo's (the record has two players who moved).
      const [ann, bo, ann2] = rooms[0]!.players.map((player) => player.counters);
      for (const c of [ann!, ann2!]) {
        expect([c.sent, c.correct, c.wrong, c.cleared, c.emptied]).toEqual([6, 4, 1, 1, 1]);
        expect(c.lost + c.duplicated + c.misjudged).toBe(0);
      }
      expect([bo!.sent, bo!.correct, bo!.wrong]).toEqual([2, 1, 1]);
      expect(rooms[1]!.players.map((p) => p.counters.sent)).toEqual([6, 2]);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
