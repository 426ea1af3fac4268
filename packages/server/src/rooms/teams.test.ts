import { describe, expect, it } from 'vitest';
import {
  apply,
  BLANK_CELLS,
  digitAt,
  joinCmd,
  moveCmd,
  refusal,
  solveAll,
  startCmd,
  TIMINGS,
} from '../../test-support/rooms.ts';
import { createRoom } from './room.ts';
import { restoreRoom, snapshotOf } from './snapshot.ts';
import type { Room } from './types.ts';
import { viewFor } from './view.ts';

const asPlayer = (playerId: string) => ({ role: 'player', playerId }) as const;
const settings = (change: object, connectionId = 'c1') =>
  ({ type: 'settings', connectionId, settings: change }) as const;
const rated = (rating: number) => ({ rating, rd: 60, volatility: 0.06, races: 30 });
const teamsOf = (room: Room) => room.seats.map((s) => [s.nickname, s.team]);

/** Four players rated 2000, 1800, 1500, 1200 (p1 … p4), all ready. */
function ratedLobby(): Room {
  let room = createRoom('KQZTM', TIMINGS);
  [2000, 1800, 1500, 1200].forEach((rating, i) => {
    room = apply(room, {
      ...joinCmd(['Ann', 'Bob', 'Cat', 'Dan'][i]!, i + 1),
      rating: rated(rating),
    }).room;
    room = apply(room, { type: 'ready', connectionId: `c${i + 1}`, ready: true }).room;
  });
  return room;
}

/** Every seat but the host's ready again (a change of teams, as of any rule, clears them). */
const readyAll = (room: Room): Room =>
  room.seats
    .slice(1)
    .reduce(
      (r, seat) => apply(r, { type: 'ready', connectionId: seat.connectionId!, ready: true }).room,
      room,
    );

/** A 2-team race on from t = 4000: Ann+Dan (team 0) against Bob+Cat (team 1). */
function teamRace(): Room {
  const room = readyAll(apply(ratedLobby(), settings({ teams: 2 })).room);
  const counting = apply(room, startCmd).room;
  return apply(counting, { type: 'begin', raceId: 'race-1' }, 4000).room;
}

describe('team races', () => {
  it('deals the seats into teams of close total rating, and newcomers into the smallest', () => {
    const room = apply(ratedLobby(), settings({ teams: 2 })).room;
    // 2000 → A, 1800 → B, 1500 → B (A is stronger), 1200 → A: 3200 against 3300.
    expect(teamsOf(room)).toEqual([
      ['Ann', 0],
      ['Bob', 1],
      ['Cat', 1],
      ['Dan', 0],
    ]);
    expect(viewFor(room, asPlayer('p2'), 0).players.map((p) => p.team)).toEqual([0, 1, 1, 0]);
    const joined = apply(room, { ...joinCmd('Eve', 5), rating: rated(1600) }).room;
    expect(joined.seats.at(-1)?.team).toBe(0); // both have two: the weaker total
    const three = apply(room, settings({ teams: 3 })).room;
    expect(teamsOf(three).map(([, t]) => t)).toEqual([0, 1, 2, 2]);
    const off = apply(room, settings({ teams: null })).room;
    expect(teamsOf(off).map(([, t]) => t)).toEqual([null, null, null, null]);
    // Sitting out leaves the team; playing again joins the smallest.
    const out = apply(room, { type: 'play', connectionId: 'c4', plays: false }).room;
    expect(out.seats[3]?.team).toBeNull();
    expect(apply(out, { type: 'play', connectionId: 'c4', plays: true }).room.seats[3]?.team).toBe(
      0,
    );
  });

  it('lets only the host move a player or balance, in the lobby, to a team that exists', () => {
    const room = apply(ratedLobby(), settings({ teams: 2 })).room;
    const moved = apply(room, { type: 'setTeam', connectionId: 'c1', target: 'p4', team: 1 }).room;
    expect(teamsOf(moved).map(([, t]) => t)).toEqual([0, 1, 1, 1]);
    expect(refusal(room, { type: 'setTeam', connectionId: 'c2', target: 'p4', team: 1 })).toBe(
      'NOT_HOST',
    );
    expect(refusal(room, { type: 'setTeam', connectionId: 'c1', target: 'p4', team: 2 })).toBe(
      'BAD_PAYLOAD',
    );
    expect(refusal(room, { type: 'setTeam', connectionId: 'c1', target: 'p9', team: 1 })).toBe(
      'PLAYER_NOT_FOUND',
    );
    expect(refusal(room, { type: 'balanceTeams', connectionId: 'c3' })).toBe('NOT_HOST');
    expect(refusal(ratedLobby(), { type: 'balanceTeams', connectionId: 'c1' })).toBe('WRONG_PHASE');
    expect(apply(moved, { type: 'balanceTeams', connectionId: 'c1' }).room.seats).toEqual(
      room.seats,
    );
    expect(viewFor(room, asPlayer('p1'), 0).you.can.teams).toBe(true);
    expect(viewFor(room, asPlayer('p2'), 0).you.can.teams).toBe(false);
    // A team with nobody cannot race.
    const empty = readyAll(
      apply(moved, { type: 'setTeam', connectionId: 'c1', target: 'p1', team: 1 }).room,
    );
    expect(refusal(empty, startCmd)).toBe('TEAM_EMPTY');
    expect(viewFor(empty, asPlayer('p1'), 0).you.can.start?.refusal?.message).toBe(
      'team 1 has no player: move one in, or balance',
    );
    expect(refusal(teamRace(), { type: 'balanceTeams', connectionId: 'c1' })).toBe('WRONG_PHASE');
  });

  it('adds up a team’s progress, and ends the race once the first team is complete', () => {
    let room = teamRace();
    const first = apply(room, moveCmd('p1', BLANK_CELLS[0]!, digitAt(BLANK_CELLS[0]!)), 5000);
    // The mover's own team in its ack; a member's move in the others' progress events.
    expect(first.reply.team).toEqual({
      team: 0,
      filled: 1,
      blanks: 10,
      percent: 10,
      finished: 0,
      complete: false,
    });
    room = first.room;
    room = solveAll(room, 'p2', 6000).room; // Bob finishes: team 1 is half done
    room = solveAll(room, 'p1', 7000).room; // Ann finishes: team 0 is half done
    expect(room.phase).toBe('racing');
    const live = viewFor(room, asPlayer('p3'), 7000).race!.teams!;
    expect(live.map((t) => [t.team, t.filled, t.finished, t.complete, t.place])).toEqual([
      [0, 5, 1, false, null],
      [1, 5, 1, false, null],
    ]);
    const done = solveAll(room, 'p4', 8000); // Dan completes team 0: Cat is stopped
    expect(done.room.phase).toBe('finished');
    const race = viewFor(done.room, asPlayer('p3'), 8000).race!;
    expect(race.teams!.map((t) => [t.team, t.place, t.complete, t.timeMs, t.members])).toEqual([
      [0, 1, true, 4000, ['p1', 'p4']],
      [1, 2, false, null, ['p2', 'p3']],
    ]);
    expect(race.standings!.map((s) => [s.nickname, s.team, s.outcome])).toEqual([
      ['Bob', 1, 'finished'],
      ['Ann', 0, 'finished'],
      ['Dan', 0, 'finished'],
      ['Cat', 1, 'ended'],
    ]);
    const stored = done.effects.find((e) => e.type === 'persistRace');
    const players = stored?.type === 'persistRace' ? stored.record.players : [];
    expect(players.map((p) => [p.nickname, p.team, p.teamPlace])).toEqual([
      ['Bob', 1, 2],
      ['Ann', 0, 1],
      ['Dan', 0, 1],
      ['Cat', 1, 2],
    ]);
    const lobby = apply(done.room, { type: 'rematch', connectionId: 'c1' }).room;
    expect(viewFor(lobby, asPlayer('p2'), 0).lastRace?.teams?.[0]?.team).toBe(0);
  });

  it('ranks incomplete teams by cells filled at the time limit, and keeps teams over a restart', () => {
    const room = apply(
      teamRace(),
      moveCmd('p3', BLANK_CELLS[0]!, digitAt(BLANK_CELLS[0]!)),
      5000,
    ).room;
    const restored = restoreRoom(snapshotOf(room), [...room.race!.moves], 6000, TIMINGS);
    if (!restored.ok) throw new Error(restored.message);
    expect(restored.room.race?.runners.map((r) => r.team)).toEqual([0, 1, 1, 0]);
    expect(restored.room.seats.map((s) => s.team)).toEqual([0, 1, 1, 0]);
    const over = apply(restored.room, { type: 'timeUp', raceId: 'race-1' }, 4000 + 1800_000).room;
    const teams = viewFor(over, asPlayer('p1'), 0).race!.teams!;
    expect(teams.map((t) => [t.team, t.filled, t.place])).toEqual([
      [1, 1, 1],
      [0, 0, 2],
    ]);
  });
});
