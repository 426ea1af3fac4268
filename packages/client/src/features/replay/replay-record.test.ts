import { describe, expect, it } from 'vitest';
import { parseRaceReply, replayOfRace, replayOfSolve } from './replay-record.ts';
import { replayAt } from './replay-state.ts';

const SOLUTION =
  '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
/** R1C1, R1C2, R1C3 and R9C9 blank. */
const PUZZLE = `000${SOLUTION.slice(3, 80)}0`;
const put = (board: string, cell: number, digit: string) =>
  board.slice(0, cell) + digit + board.slice(cell + 1);

describe('records', () => {
  const body = {
    race: {
      id: 'r1',
      roomCode: 'ABCDE',
      variant: 'classic',
      difficulty: 'easy',
      puzzle: PUZZLE,
      solution: SOLUTION,
      startedAt: 50_000,
      endedAt: 80_000,
      // A 3 s outage after the first moves: the race clock leaves it out.
      durationMs: 27_000,
      rated: false,
      commitment: null,
      secret: null,
      players: [
        {
          playerId: 'p1',
          nickname: 'Ann',
          place: 1,
          timeMs: 9000,
          mistakes: 0,
          outcome: 'finished',
          rating: null,
        },
      ],
      moves: [
        {
          seq: 1,
          playerId: 'p1',
          moveId: 'b',
          at: 59_000,
          ms: 6000,
          cell: 1,
          digit: 3,
          verdict: 'correct',
        },
        {
          seq: 0,
          playerId: 'p1',
          moveId: 'a',
          at: 59_500,
          ms: 6500,
          cell: 0,
          digit: 5,
          verdict: 'correct',
        },
      ],
    },
  };

  it('reads a stored race in the server’s order, timed on the race clock, never backwards', () => {
    const parsed = parseRaceReply(body);
    if (!parsed.ok) throw new Error(parsed.message);
    const replay = replayOfRace(parsed.race);
    expect(replay.moves.map((m) => [m.cell, m.at])).toEqual([
      [0, 6500],
      [1, 6500],
    ]);
    expect(replay.durationMs).toBe(27_000);
    expect(replay.players[0]).toMatchObject({ id: 'p1', nickname: 'Ann', place: 1 });
    expect(replay.commitment).toBeUndefined();
    expect(replay.wrongDigitsStay).toBe(false);
  });

  it('keeps the commit–reveal fields when the race has them, and takes null for none', () => {
    const sealed = { race: { ...body.race, commitment: 'ab'.repeat(32), secret: 'cd'.repeat(32) } };
    const parsed = parseRaceReply(sealed);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(replayOfRace(parsed.race)).toMatchObject({
      commitment: 'ab'.repeat(32),
      secret: 'cd'.repeat(32),
    });
    const open = parseRaceReply({ race: { ...body.race, commitment: null, secret: null } });
    expect(open.ok && replayOfRace(open.race).commitment).toBeUndefined();
  });

  it('gives each player the colour they raced in, and none for a race stored before colours', () => {
    const coloured = {
      race: { ...body.race, players: [{ ...body.race.players[0]!, colour: 5 }] },
    };
    const parsed = parseRaceReply(coloured);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(replayOfRace(parsed.race).players[0]?.colour).toBe(5);
    const older = parseRaceReply(body);
    expect(older.ok && replayOfRace(older.race).players[0]?.colour).toBeUndefined();
  });

  it('refuses a malformed reply, naming the field', () => {
    const bad = { race: { ...body.race, puzzle: 'x' } };
    expect(parseRaceReply(bad)).toEqual({
      ok: false,
      message: 'race.puzzle: a board is 81 digits',
    });
    expect(parseRaceReply({ race: { ...body.race, variant: 'hexagon' } })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^race\.variant: /),
    });
  });

  it('makes a solve of this device a one-player replay', () => {
    const replay = replayOfSolve({
      id: 's1',
      source: 'solo',
      variant: 'classic',
      difficulty: 'easy',
      puzzle: PUZZLE,
      solution: SOLUTION,
      nickname: 'Me',
      startedAt: 1,
      timeMs: 12_000,
      mistakes: 0,
      moves: [{ at: 400, cell: 0, digit: 5, verdict: 'correct' }],
    });
    expect(replay?.players.map((p) => p.nickname)).toEqual(['Me']);
    expect(replay?.durationMs).toBe(12_000);
    expect(replay?.kind).toBe('solve');
    expect(replayAt(replay!, 400)[0]!.board).toBe(put(PUZZLE, 0, '5'));
  });
});
