import { NOTHING_ALLOWED } from '@percent/protocol';
import type {
  MoveReply,
  PlayerView,
  ProgressView,
  RoomView,
  RunnerStatus,
} from '@percent/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/index.ts';
import { racingRoom } from '@percent/net/testing';
import { announce, announced } from './Announcer.tsx';
import { moveAnnouncement, raceAnnouncements as announcements } from './race-announcements.ts';

/** The polite messages only (the tests of the race's moments). */
const raceAnnouncements = (before: RoomView | undefined, after: RoomView): string[] =>
  announcements(before, after).map((a) => {
    expect(a.politeness).toBe('polite');
    return a.text;
  });

const progress = (mistakes = 0): ProgressView => ({
  filled: 10,
  blanks: 50,
  percent: 20,
  mistakes,
  units: 0,
  penaltyMs: 0,
});

type Runner = [id: string, status: RunnerStatus, timeMs?: number, place?: number];

const player = ([id, status, timeMs, place]: Runner): PlayerView => ({
  id,
  nickname: id,
  colour: 0,
  team: null,
  host: id === 'Ann',
  ready: true,
  connection: 'online',
  plays: true,
  rating: null,
  race: { status, progress: progress(), timeMs: timeMs ?? null, place: place ?? null },
});

function room(runners: Runner[], ended?: 'players' | 'host', raceId = 'r1'): RoomView {
  return racingRoom(
    {
      phase: ended ? 'finished' : 'racing',
      hostId: 'Ann',
      players: runners.map(player),
      you: { role: 'player', playerId: 'Ann', can: NOTHING_ALLOWED },
    },
    { id: raceId, endedAt: ended ? 1000 : null, endedBy: ended ?? null },
  );
}

const reply = (verdict: MoveReply['verdict'], mistakes: number): MoveReply => ({
  moveId: 'm1',
  cell: 21, // row 3, column 4
  digit: 7,
  verdict,
  status: 'racing',
  progress: progress(mistakes),
  duplicate: false,
  team: null,
});

afterEach(() => setLanguage('en'));

describe('moveAnnouncement', () => {
  it('names the cell, the digit, the verdict and, when wrong, the mistakes so far', () => {
    expect(moveAnnouncement(reply('wrong', 2))).toBe('R3C4: 7 is wrong, 2 mistakes');
    expect(moveAnnouncement(reply('wrong', 1))).toBe('R3C4: 7 is wrong, 1 mistake');
    expect(moveAnnouncement(reply('correct', 1))).toBe('R3C4: 7 is correct');
    expect(moveAnnouncement(reply('cleared', 0))).toBe('R3C4 cleared');
  });

  it('speaks Chinese', () => {
    setLanguage('zh');
    expect(moveAnnouncement(reply('wrong', 2))).toBe('第 3 行第 4 列：7 错误，共 2 个错误');
  });
});

describe('raceAnnouncements', () => {
  const racing = room([
    ['Ann', 'racing'],
    ['Bob', 'racing'],
    ['Cy', 'racing'],
  ]);

  it("says another player's finish with their place, and yours", () => {
    const bobDone = room([
      ['Ann', 'racing'],
      ['Bob', 'finished', 90_000, 1],
      ['Cy', 'racing'],
    ]);
    expect(raceAnnouncements(racing, bobDone)).toEqual(['Bob finished 1st']);
    const annDone = room([
      ['Ann', 'finished', 95_000, 2],
      ['Bob', 'finished', 90_000, 1],
      ['Cy', 'racing'],
    ]);
    expect(raceAnnouncements(bobDone, annDone)).toEqual(['You finished 2nd']);
  });

  it('says nothing for progress alone, a first snapshot or a new race', () => {
    expect(
      raceAnnouncements(
        racing,
        room([
          ['Ann', 'racing'],
          ['Bob', 'racing'],
          ['Cy', 'racing'],
        ]),
      ),
    ).toEqual([]);
    expect(raceAnnouncements(undefined, racing)).toEqual([]);
    const rematch = room(
      [
        ['Ann', 'racing'],
        ['Bob', 'finished', 1, 1],
        ['Cy', 'racing'],
      ],
      undefined,
      'r2',
    );
    expect(raceAnnouncements(racing, rematch)).toEqual([]);
  });

  it('says who is out or left, then that the race is over and why, in that order', () => {
    const after = room(
      [
        ['Ann', 'timeout'],
        ['Bob', 'eliminated'],
        ['Cy', 'left'],
      ],
      'host',
    );
    expect(raceAnnouncements(racing, after)).toEqual([
      'Bob is out',
      'Cy left the race',
      'The race is over. The host ended the race.',
    ]);
  });

  it('speaks Chinese', () => {
    setLanguage('zh');
    const bobDone = room([
      ['Ann', 'racing'],
      ['Bob', 'finished', 90_000, 1],
      ['Cy', 'racing'],
    ]);
    expect(raceAnnouncements(racing, bobDone)).toEqual(['Bob 以第 1 名完成']);
  });
});

describe('the start', () => {
  it('says "Go!" assertively when the countdown gives way to the race, and only then', () => {
    const racing = room([['Ann', 'racing']]);
    const countdown = { ...racing, phase: 'countdown' as const };
    expect(announcements(countdown, racing)).toEqual([{ text: 'Go!', politeness: 'assertive' }]);
    expect(announcements(racing, racing)).toEqual([]);
    expect(announcements(countdown, countdown)).toEqual([]);
  });
});

describe('announce', () => {
  it('keeps the last three messages of a region, oldest first, and ignores empty text', () => {
    for (const text of ['one', 'two', ' ', 'three', 'four']) announce(text);
    announce('Go!', 'assertive');
    expect(announced()).toEqual(['two', 'three', 'four']);
    expect(announced('assertive')).toEqual(['Go!']);
  });
});
