import { describe, expect, it } from 'vitest';
import { ghostAt } from './ghost.ts';
import { trackOfRace, type StoredRace } from './race-track.ts';

const SOLUTION =
  '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
/**
 * A race as the server sends it: its clock's 0:00 was 1 000 000, the server was away from
 * 1 004 000 to 1 010 000, so `startedAt` is the shifted 1 006 000 and the moves made before the
 * outage are earlier than it; `ms` is each move's time on the race clock.
 */
const reply = {
  puzzle: '00' + SOLUTION.slice(2),
  solution: SOLUTION,
  startedAt: 1_006_000,
  players: [
    { playerId: 'p1', nickname: 'Ann' },
    { playerId: 'p2', nickname: 'Bob' },
  ],
  moves: [
    { playerId: 'p2', at: 1_002_000, ms: 2000, cell: 0, digit: 5 },
    { playerId: 'p1', at: 1_003_000, ms: 3000, cell: 1, digit: 9 },
    { playerId: 'p1', at: 1_010_500, ms: 4500, cell: 1, digit: 3 },
    { playerId: 'p1', at: 1_012_000, ms: 6000, cell: 0, digit: 5 },
  ],
};
const race: StoredRace = reply;

describe("a race player's ghost", () => {
  it("keeps only that player's moves, on the race clock (the server's times for them)", () => {
    const track = trackOfRace(race, 'p1');
    expect(track?.name).toBe('Ann');
    expect(track?.moves).toEqual([
      { at: 3000, cell: 1, digit: 9 },
      { at: 4500, cell: 1, digit: 3 },
      { at: 6000, cell: 0, digit: 5 },
    ]);
    expect(ghostAt(track!, 6000)).toMatchObject({ percent: 100, mistakes: 1, finishedAt: 6000 });
  });

  it('has no ghost for a player who was not in the race', () => {
    expect(trackOfRace(race, 'p9')).toBeUndefined();
  });
});
