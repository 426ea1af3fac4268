import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reduce, setVerdict } from '../../state/game.ts';
import { raceGame } from './race-board.ts';
import { KEEP, loadRace, restoredRaceGame, saveRace, type RaceWhere } from './race-saved.ts';

/** localStorage as a browser has it (Node has none). */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string): string | null => this.items.get(key) ?? null;
  setItem = (key: string, value: string): void => void this.items.set(key, value);
  removeItem = (key: string): void => void this.items.delete(key);
}

const puzzle = '5' + '0'.repeat(80);
const where = (raceId: string): RaceWhere => ({ code: 'ABCD', raceId, playerId: 'p1' });
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

describe('race saves', () => {
  it('bring back marks, a wrong entry shown wrong and the unanswered moves', () => {
    let game = raceGame('percent', puzzle, puzzle)!;
    game = reduce(game, { type: 'select', cells: [20] }).state;
    game = reduce(game, { type: 'input', digit: 3, mode: 'corner' }).state;
    game = reduce(game, { type: 'select', cells: [21] }).state;
    game = setVerdict(reduce(game, { type: 'input', digit: 8 }).state, 21, 'wrong');
    game = reduce(game, { type: 'select', cells: [22] }).state;
    game = setVerdict(reduce(game, { type: 'input', digit: 4 }).state, 22, 'pending');
    const move = { moveId: 'abc-7', cell: 22, digit: 4 };
    saveRace(where('r1'), game, [move]);

    expect(loadRace(where('r1'))?.moves).toEqual([move]);
    const back = restoredRaceGame(where('r1'), 'percent', puzzle, puzzle)!;
    expect(back.marks.corner[20]).toBe(1 << 3);
    expect([back.marks.entries[21], back.verdicts[21]]).toEqual([8, 'wrong']);
    expect([back.marks.entries[22], back.verdicts[22]]).toEqual([4, 'pending']);
    // Another player of the same race, or a spectator, finds nothing of this save.
    const other = restoredRaceGame({ ...where('r1'), playerId: 'p2' }, 'percent', puzzle, puzzle);
    expect(other?.marks.corner[20]).toBe(0);
    expect(
      restoredRaceGame({ ...where('r1'), playerId: null }, 'percent', puzzle, puzzle),
    ).toMatchObject({ past: [] });
  });

  it('keeps only the most recent races', () => {
    const game = raceGame('percent', puzzle, puzzle)!;
    const ids = Array.from({ length: KEEP + 2 }, (_, i) => `r${i}`);
    for (const id of ids) saveRace(where(id), game, []);
    saveRace(where(ids[KEEP + 1]!), game, []);
    const kept = ids.filter((id) => loadRace(where(id)) !== undefined);
    expect(kept).toEqual(ids.slice(-KEEP));
    expect([...storage.items.keys()].filter((k) => k.startsWith('percent.race.ABCD'))).toHaveLength(
      KEEP,
    );
  });

  it('ignores an unreadable save', () => {
    storage.setItem('percent.race.ABCD.r9.p1', '{"game": 12}');
    expect(loadRace(where('r9'))).toBeUndefined();
    expect(restoredRaceGame(where('r9'), 'percent', puzzle, null)?.marks.entries[1]).toBe(0);
  });
});
