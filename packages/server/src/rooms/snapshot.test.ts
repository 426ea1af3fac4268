import { createRng } from '@percent/engine';
import { describe, expect, it } from 'vitest';
import type { MoveRecord } from './records.ts';
import { restoreRoom, snapshotOf } from './snapshot.ts';
import {
  apply,
  BLANK_CELLS,
  digitAt,
  joinCmd,
  lobbyWith,
  moveCmd,
  racing,
  solveAll,
  startCmd,
  TIMINGS,
  tokenOf,
  typesOf,
  wrongAt,
} from '../../test-support/rooms.ts';
import type { Effect, Room } from './types.ts';
import { viewFor } from './view.ts';

const lastSnapshot = (effects: readonly Effect[]) =>
  effects.findLast((e) => e.type === 'persistRoom');

/**
 * Plays random moves (right, wrong, clears, retries) by three players, with a host hand-over
 * — which rewrites the snapshot — at a random point; returns the live room, the last snapshot
 * written and the log the store would hold.
 */
function play(seed: number) {
  const rng = createRng(seed);
  const random = () => rng.next();
  let room = racing(['Ann', 'Bob', 'Cy'], { mistakes: { kind: 'eliminate', allowed: 2 } });
  let snapshot = snapshotOf(room);
  const log: MoveRecord[] = [];
  const handOverAt = Math.floor(random() * 30);
  for (let step = 0; step < 30; step++) {
    const command =
      step === handOverAt
        ? ({
            type: 'transferHost',
            connectionId: `c${room.hostId!.slice(1)}`,
            target: 'p2',
          } as const)
        : randomMove(random, step);
    const outcome = reduceSafely(room, command, 5000 + step);
    if (!outcome) continue;
    room = outcome.room;
    for (const effect of outcome.effects) if (effect.type === 'persistMove') log.push(effect.move);
    const written = lastSnapshot(outcome.effects);
    if (written?.type === 'persistRoom') snapshot = written.snapshot;
  }
  return { room, snapshot, log };
}

function randomMove(random: () => number, step: number) {
  const player = `p${1 + Math.floor(random() * 3)}`;
  const cell = BLANK_CELLS[Math.floor(random() * BLANK_CELLS.length)]!;
  const roll = random();
  const digit = roll < 0.6 ? digitAt(cell) : roll < 0.85 ? wrongAt(cell) : 0;
  const moveId = roll > 0.95 && step > 0 ? `m${step - 1}-${player}` : `m${step}-${player}`;
  return moveCmd(player, cell, digit, moveId);
}

function reduceSafely(room: Room, command: Parameters<typeof apply>[1], now: number) {
  try {
    return apply(room, command, now);
  } catch {
    return undefined; // a refused move (eliminated, reused id): nothing changes, nothing logged
  }
}

describe('a restored room', () => {
  it('is the room that was acknowledged: last snapshot + the logged moves after it', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { room, snapshot, log } = play(seed);
      const restored = restoreRoom(snapshot, log, 100_000, TIMINGS);
      if (!restored.ok) expect.fail(`seed ${seed}: ${restored.message}`);
      if (room.phase === 'finished') {
        expect(restored.room.phase, `seed ${seed}`).toBe('lobby');
        continue;
      }
      expect(restored.room.race, `seed ${seed}`).toEqual(room.race);
      expect(restored.room.hostId, `seed ${seed}`).toBe(room.hostId);
    }
  });

  it('comes back with every seat away, a fresh grace period and the race timers', () => {
    const counting = apply(lobbyWith(['Ann', 'Bob'], { timeLimitSec: 600 }), startCmd, 1000);
    const text = lastSnapshot(counting.effects);
    if (text?.type !== 'persistRoom') return expect.fail('the start wrote no snapshot');
    const restored = restoreRoom(text.snapshot, [], 2000, TIMINGS);
    if (!restored.ok) return expect.fail(restored.message);
    expect(restored.room.seats.map((s) => [s.connectionId, s.drops])).toEqual([
      [null, 1],
      [null, 1],
    ]);
    expect(restored.room.spectators).toEqual([]);
    expect(restored.effects.map((e) => e.type === 'schedule' && [e.key, e.at])).toEqual([
      ['expire:p1', 62_000],
      ['expire:p2', 62_000],
      ['begin', 4000],
      ['timeUp', 604_000],
    ]);
    const racingRoom = apply(counting.room, { type: 'begin', raceId: 'race-1' }, 4000).room;
    const again = restoreRoom(snapshotOf(racingRoom), [], 5000, TIMINGS);
    expect(again.ok && again.effects.map((e) => e.type === 'schedule' && e.key)).toEqual([
      'expire:p1',
      'expire:p2',
      'timeUp',
    ]);
  });

  it('ends and stores a race whose last move was logged but not yet stored as finished', () => {
    let room = racing(['Ann']);
    const snapshot = snapshotOf(room);
    const log: MoveRecord[] = [];
    for (const cell of BLANK_CELLS) {
      const outcome = apply(room, moveCmd('p1', cell, digitAt(cell)), 6000);
      room = outcome.room;
      for (const e of outcome.effects) if (e.type === 'persistMove') log.push(e.move);
    }
    const restored = restoreRoom(snapshot, log, 9000, TIMINGS);
    if (!restored.ok) return expect.fail(restored.message);
    expect(restored.room.phase).toBe('finished');
    expect(typesOf(restored.effects)).toContain('persistRace');
  });

  it('comes back from a finished race as the lobby of a rematch with the same players', () => {
    const room = racing(['Ann', 'Bob'], { timeLimitSec: 60 });
    const ended = apply(room, { type: 'timeUp', raceId: 'race-1' }, 64_000);
    const written = lastSnapshot(ended.effects);
    if (written?.type !== 'persistRoom') return expect.fail('no snapshot written');
    expect(written.raceId).toBeNull();
    const restored = restoreRoom(written.snapshot, [], 70_000, TIMINGS);
    if (!restored.ok) return expect.fail(restored.message);
    expect(restored.room).toMatchObject({ phase: 'lobby', race: null, hostId: 'p1' });
    expect(restored.room.seats.map((s) => [s.nickname, s.ready])).toEqual([
      ['Ann', false],
      ['Bob', false],
    ]);
  });
});

describe('a snapshot that cannot be restored', () => {
  const good = snapshotOf(racing(['Ann']));
  const move: MoveRecord = {
    playerId: 'p1',
    moveId: 'x',
    at: 5000,
    cell: 0,
    digit: 1,
    verdict: 'wrong',
  };

  it('is refused with the reason, never thrown', () => {
    const cases: [string, MoveRecord[], RegExp][] = [
      ['{', [], /not JSON/],
      ['null', [], /version undefined is not 4/],
      [JSON.stringify({ version: 1, room: {} }), [], /version 1 is not 4/],
      [
        good.replace(/"sessionToken":"[^"]+"/, '"sessionToken":7'),
        [],
        /room\.seats\.0\.sessionToken/,
      ],
      [
        good.replace('"movesApplied":0', '"movesApplied":3'),
        [move],
        /seen 3 moves, the log holds 1/,
      ],
      [good, [{ ...move, playerId: 'p9' }], /logged move 0 is by p9/],
      [good.replace('"phase":"racing"', '"phase":"party"'), [], /room\.phase/],
    ];
    for (const [text, log, reason] of cases) {
      const restored = restoreRoom(text, log, 0, TIMINGS);
      expect(restored.ok, text.slice(0, 40)).toBe(false);
      expect(!restored.ok && restored.message).toMatch(reason);
    }
  });
});

describe('a race across a server outage', () => {
  /** Ann finished at 6 s (2 s in); Bob is racing; the time limit is 60 s; stored at the start. */
  function before() {
    const room = racing(['Ann', 'Bob'], { timeLimitSec: 60, idleOutSec: 120 });
    const snapshot = snapshotOf(room);
    const log: MoveRecord[] = [];
    let live = room;
    for (const cell of BLANK_CELLS) {
      const outcome = apply(live, moveCmd('p1', cell, digitAt(cell)), 6000);
      live = outcome.room;
      for (const e of outcome.effects) if (e.type === 'persistMove') log.push(e.move);
    }
    return { snapshot, log };
  }

  it('pauses the clock for as long as the server was away; a finished time stays', () => {
    const { snapshot, log } = before();
    const restored = restoreRoom(snapshot, log, 20_000, TIMINGS, 7000);
    if (!restored.ok) return expect.fail(restored.message);
    const race = restored.room.race!;
    expect(race).toMatchObject({ startsAt: 11_000, endsAt: 71_000, pausedMs: 7000 });
    expect(race.pauses).toEqual([{ at: 13_000, ms: 7000 }]); // now − the outage
    expect(race.runners.map((r) => [r.status, r.finishedAt, r.activeAt])).toEqual([
      ['finished', 13_000, 6000],
      ['racing', null, 11_000],
    ]);
    const view = viewFor(restored.room, { role: 'player', playerId: 'p2' }, 20_000);
    expect(view.race!.pausedMs).toBe(7000);
    expect(view.players.map((p) => p.race?.timeMs)).toEqual([2000, null]);
    expect(restored.effects.map((e) => e.type === 'schedule' && [e.key, e.at])).toEqual([
      false,
      ['expire:p1', 80_000],
      ['expire:p2', 80_000],
      ['timeUp', 71_000],
      ['idle:p2', 131_000],
    ]);
    const written = restored.effects[0];
    if (written?.type !== 'persistRoom') return expect.fail('the paused race was not stored');
    expect(written.raceId).toBe('race-1');
    // Stored shifted: a second restart with no outage keeps that clock, not shifting twice.
    const again = restoreRoom(written.snapshot, log, 21_000, TIMINGS, 0);
    expect(again.ok && again.room.race).toMatchObject({ startsAt: 11_000, pausedMs: 7000 });
    expect(again.ok && typesOf(again.effects)).not.toContain('persistRoom');
    // Bob finishes 19 s after the (shifted) start: the outage is not his time.
    const back = apply(restored.room, joinCmd('Bob', 2, tokenOf(2)), 25_000).room;
    const bob = solveAll(back, 'p2', 30_000);
    expect(
      viewFor(bob.room, { role: 'spectator' }, 30_000).race!.standings!.map((s) => s.timeMs),
    ).toEqual([2000, 19_000]);
  });

  it('changes nothing in a lobby, and nothing without an outage', () => {
    const lobby = restoreRoom(snapshotOf(lobbyWith(['Ann'])), [], 9000, TIMINGS, 5000);
    expect(lobby.ok && typesOf(lobby.effects)).toEqual(['schedule']);
    const { snapshot, log } = before();
    const same = restoreRoom(snapshot, log, 9000, TIMINGS);
    expect(same.ok && same.room.race).toMatchObject({ startsAt: 4000, pausedMs: 0 });
  });
});

describe('a version-2 snapshot (stored before sitting out, idle rules, pauses, last results)', () => {
  /** The snapshot as version 2 wrote it: none of version 3's fields. */
  function asVersion2(room: Room): string {
    const json = JSON.parse(snapshotOf(room)) as {
      version: number;
      room: Record<string, unknown> & {
        settings: Record<string, unknown>;
        seats: Record<string, unknown>[];
        race: (Record<string, unknown> & { rules: Record<string, unknown> }) | null;
      };
    };
    json.version = 2;
    delete json.room.settings.idleOutSec;
    delete json.room.lastRace;
    for (const seat of json.room.seats) delete seat.plays;
    if (json.room.race) {
      delete json.room.race.rules.idleOutSec;
      delete json.room.race.pausedMs;
    }
    return JSON.stringify(json);
  }

  it('comes back, lobby or race, with the new rules off', () => {
    for (const room of [lobbyWith(['Ann', 'Bob']), racing(['Ann', 'Bob'])]) {
      const restored = restoreRoom(asVersion2(room), [], 5000, TIMINGS);
      if (!restored.ok) throw new Error(restored.message);
      expect(restored.room.settings.idleOutSec).toBeNull();
      expect(restored.room.seats.map((s) => s.plays)).toEqual([true, true]);
      expect(restored.room.race?.rules.idleOutSec ?? null).toBeNull();
    }
  });
});
