import {
  NOTHING_ALLOWED,
  type PlayerView,
  type RoomView,
  type RunnerStatus,
} from '@percent/protocol';
import { racingRoom } from '@percent/net/testing';
import { describe, expect, it } from 'vitest';
import { raceCues } from './race-cues.ts';

const player = (id: string, status: RunnerStatus): PlayerView => ({
  id,
  nickname: id,
  colour: 0,
  team: null,
  host: id === 'Ann',
  ready: true,
  connection: 'online',
  plays: true,
  rating: null,
  race: {
    status,
    progress: { filled: 10, blanks: 50, percent: 20, mistakes: 0, units: 0, penaltyMs: 0 },
    timeMs: null,
    place: null,
  },
});

function room(
  runners: [string, RunnerStatus][],
  {
    ended = false,
    phase,
    you = 'Ann',
  }: { ended?: boolean; phase?: RoomView['phase']; you?: string } = {},
): RoomView {
  return racingRoom(
    {
      phase: phase ?? (ended ? 'finished' : 'racing'),
      players: runners.map(([id, status]) => player(id, status)),
      you: { role: 'player', playerId: you, can: NOTHING_ALLOWED },
    },
    { endedAt: ended ? 1000 : null, endedBy: ended ? 'players' : null },
  );
}

describe('the cues of a race', () => {
  it('says go when the countdown gives way to the race, and nothing on a first snapshot', () => {
    const counting = room([['Ann', 'racing']], { phase: 'countdown' });
    expect(raceCues(counting, room([['Ann', 'racing']]))).toEqual(['go']);
    expect(raceCues(undefined, room([['Ann', 'racing']]))).toEqual([]);
  });

  it('sounds your finish, the others’ finishes, then the podium, in that order', () => {
    const before = room([
      ['Ann', 'racing'],
      ['Bob', 'racing'],
      ['Cyd', 'racing'],
    ]);
    const bobDone = room([
      ['Ann', 'racing'],
      ['Bob', 'finished'],
      ['Cyd', 'racing'],
    ]);
    expect(raceCues(before, bobDone)).toEqual(['playerFinished']);
    const end = room(
      [
        ['Ann', 'finished'],
        ['Bob', 'finished'],
        ['Cyd', 'left'],
      ],
      { ended: true },
    );
    expect(raceCues(bobDone, end)).toEqual(['finish', 'podium']);
    // A spectator (no seat) hears every finish as the crowd's.
    const watching = { ...end, you: { ...end.you, role: 'spectator' as const, playerId: null } };
    expect(raceCues(bobDone, watching)).toEqual(['playerFinished', 'podium']);
  });

  it('is silent for players who leave or give up, and for an unchanged snapshot', () => {
    const before = room([
      ['Ann', 'racing'],
      ['Bob', 'racing'],
    ]);
    const left = room([
      ['Ann', 'racing'],
      ['Bob', 'left'],
    ]);
    expect(raceCues(before, left)).toEqual([]);
    expect(raceCues(left, left)).toEqual([]);
  });
});
