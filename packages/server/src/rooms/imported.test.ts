import { describe, expect, it } from 'vitest';
import {
  apply,
  lobbyWith,
  racing,
  moveCmd,
  refusal,
  startCmd,
  typesOf,
} from '../../test-support/rooms.ts';
import { restoreRoom, snapshotOf } from './snapshot.ts';
import type { ImportedPuzzle } from './types.ts';
import { viewFor } from './view.ts';

/** A checked puzzle of the host's own (another puzzle than the pool's `DRAW`). */
const OWN: ImportedPuzzle = {
  puzzle: `${'0'.repeat(9)}${'123456789'.repeat(8)}`,
  solution: '123456789'.repeat(9),
  variant: 'percent',
  difficulty: 'hard',
  clues: 72,
};
const importCmd = (imported: ImportedPuzzle | null, connectionId = 'c1') =>
  ({ type: 'importPuzzle', connectionId, imported }) as const;
const asPlayer = (playerId: string) => ({ role: 'player', playerId }) as const;

describe("the host's own puzzle (room:puzzle)", () => {
  it('is kept for the next race, shown by its grade only, and readies everyone again', () => {
    const room = lobbyWith(['Ann', 'Bob'], { variant: 'percent' });
    const kept = apply(room, importCmd(OWN));
    expect(typesOf(kept.effects)).toEqual(['persistRoom', 'state']);
    const view = viewFor(kept.room, asPlayer('p2'), 1000);
    expect(view.imported).toEqual({ variant: 'percent', difficulty: 'hard', clues: 72 });
    expect(JSON.stringify(view)).not.toContain(OWN.puzzle);
    expect(JSON.stringify(view)).not.toContain(OWN.solution);
    expect(kept.room.seats.map((s) => s.ready)).toEqual([false, false]);
    expect(apply(kept.room, importCmd(null)).room.imported).toBeNull();
  });

  it('is refused to anyone but the host, outside the lobby, and under another variant', () => {
    const room = lobbyWith(['Ann', 'Bob'], { variant: 'percent' });
    expect(refusal(room, importCmd(OWN, 'c2'))).toBe('NOT_HOST');
    expect(refusal(room, importCmd(OWN, 'c9'))).toBe('NOT_IN_ROOM');
    expect(refusal(racing(['Ann', 'Bob'], { variant: 'percent' }), importCmd(OWN))).toBe(
      'WRONG_PHASE',
    );
    expect(refusal(room, importCmd({ ...OWN, variant: 'classic' }))).toBe('PUZZLE_REFUSED');
  });

  it('goes when the host picks another variant, and stays for another setting', () => {
    const kept = apply(lobbyWith(['Ann'], { variant: 'percent' }), importCmd(OWN)).room;
    const settings = (s: object) =>
      ({ type: 'settings', connectionId: 'c1', settings: s }) as const;
    expect(apply(kept, settings({ timeLimitSec: 600 })).room.imported).toEqual(OWN);
    expect(apply(kept, settings({ variant: 'classic' })).room.imported).toBeNull();
  });

  it('is raced instead of the draw, unrated, and used once', () => {
    const kept = apply(lobbyWith(['Ann', 'Bob'], { variant: 'percent' }), importCmd(OWN)).room;
    const ready = apply(kept, { type: 'ready', connectionId: 'c2', ready: true }).room;
    const started = apply(ready, startCmd).room;
    expect(started.race).toMatchObject({ puzzle: OWN.puzzle, solution: OWN.solution });
    expect(started.race!.imported).toBe(true);
    expect(started.imported).toBeNull();
    let room = apply(started, { type: 'begin', raceId: 'race-1' }, 4000).room;
    expect(viewFor(room, asPlayer('p1'), 4000).race).toMatchObject({
      rated: false,
      unrated: 'importedPuzzle',
    });
    for (const player of ['p1', 'p2'])
      for (let cell = 0; cell < 9; cell++)
        room = apply(room, moveCmd(player, cell, cell + 1), 5000 + cell).room;
    expect(room.phase).toBe('finished');
    expect(room.race!.runners.every((r) => r.newRating === null)).toBe(true);
  });

  it('survives a restart, and so does a race on it', () => {
    const kept = apply(lobbyWith(['Ann', 'Bob'], { variant: 'percent' }), importCmd(OWN)).room;
    const again = restoreRoom(snapshotOf(kept), [], 2000, kept.timings);
    expect(again.ok && again.room.imported).toEqual(OWN);
    const ready = apply(kept, { type: 'ready', connectionId: 'c2', ready: true }).room;
    const started = apply(ready, startCmd).room;
    const restarted = restoreRoom(snapshotOf(started), [], 2000, started.timings);
    expect(restarted.ok && restarted.room.race?.imported).toBe(true);
    // A snapshot written before hosts brought puzzles reads as none, and its race as drawn.
    const old = JSON.parse(snapshotOf(started)) as { room: Record<string, unknown> };
    delete old.room.imported;
    delete (old.room.race as Record<string, unknown>).imported;
    const read = restoreRoom(JSON.stringify(old), [], 2000, started.timings);
    expect(read.ok && [read.room.imported, read.room.race?.imported]).toEqual([null, false]);
  });
});
