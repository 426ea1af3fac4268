import { HUMAN_FLOOR_MS_PER_CELL } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import { racing } from '../../test-support/rooms.ts';
import { tooFast } from './plausible.ts';
import { standingsOf } from './progress.ts';
import { ratedRunners } from './ratings.ts';
import type { MoveRecord } from './records.ts';
import { SharedLog } from './shared-log.ts';
import type { Race } from './types.ts';

/** A race where p1 placed `cells` right digits `gapMs` apart and finished; p2 finished slower. */
function raceWith(cells: number, gapMs: number): Race {
  const race = racing(['Bot', 'Ann']).race!;
  const moves: MoveRecord[] = [];
  for (let i = 0; i < cells; i++) {
    const at = race.startsAt + 1000 + i * gapMs;
    moves.push({ playerId: 'p1', moveId: `b${i}`, at, cell: i, digit: 1, verdict: 'correct' });
    moves.push({
      playerId: 'p2',
      moveId: `a${i}`,
      at: at + 2000 * i,
      cell: i,
      digit: 1,
      verdict: 'correct',
    });
  }
  const end = race.startsAt + 1000 + cells * gapMs;
  const runners = race.runners.map((r, i) => {
    const finished = {
      ...r,
      status: 'finished' as const,
      finishedAt: i === 0 ? end : end + 2000 * cells,
    };
    // As move.ts judges it at the finish.
    return { ...finished, tooFast: tooFast({ moves }, finished, race.floorMs) };
  });
  return { ...race, moves: SharedLog.of(moves), runners };
}

describe('finishes too fast to be human', () => {
  it('flags a median gap under the floor over enough cells, and nothing else', () => {
    const bot = raceWith(40, 80);
    expect(tooFast(bot, bot.runners[0]!)).toBe(true);
    expect(tooFast(bot, bot.runners[1]!)).toBe(false);
    const human = raceWith(40, HUMAN_FLOOR_MS_PER_CELL + 300);
    expect(tooFast(human, human.runners[0]!)).toBe(false);
    const few = raceWith(5, 10);
    expect(tooFast(few, few.runners[0]!)).toBe(false); // too few digits to tell
    expect(tooFast(bot, bot.runners[0]!, 0)).toBe(false); // the check turned off
  });

  it('gives a flagged finish no place, ranks the others without it, and rates nobody against it', () => {
    const bot = raceWith(40, 80);
    expect(standingsOf(bot).map((s) => [s.nickname, s.place, s.flag])).toEqual([
      ['Ann', 1, null],
      ['Bot', null, 'tooFast'],
    ]);
    expect(ratedRunners(bot).map((r) => r.nickname)).toEqual(['Ann']);
  });
});
