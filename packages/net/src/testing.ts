/**
 * Test fixtures (imported by tests only, so never in the bundle): a room view mid-race as the
 * server sends it — room ABCDE, an easy percent puzzle, no boards, standings or solution yet —
 * with the fields a test cares about given on top.
 */
import { NOTHING_ALLOWED } from '@percent/protocol';
import { DEFAULT_SETTINGS, type RaceView, type RoomView } from '@percent/protocol';

export function racingRoom(room: Partial<RoomView>, race: Partial<RaceView> = {}): RoomView {
  return {
    code: 'ABCDE',
    link: '/r/ABCDE',
    phase: 'racing',
    settings: DEFAULT_SETTINGS,
    hostId: null,
    players: [],
    spectators: 0,
    lastRace: null,
    imported: null,
    tournament: null,
    handicaps: null,
    unratedRules: null,
    you: { role: 'spectator', playerId: null, can: NOTHING_ALLOWED },
    serverNow: 0,
    ...room,
    race: {
      id: 'r1',
      variant: 'percent',
      difficulty: 'easy',
      rated: true,
      unrated: null,
      commitment: 'c0'.repeat(32),
      secret: null,
      startsAt: 0,
      endsAt: null,
      endedAt: null,
      endedBy: null,
      puzzle: '0'.repeat(81),
      own: null,
      boards: null,
      solution: null,
      standings: null,
      teams: null,
      pausedMs: 0,
      ...race,
    },
  };
}
