import { disconnect, expire, join, leave, spectate } from './membership.ts';
import { importPuzzle, kick, ready, settings, transferHost } from './lobby.ts';
import { move } from './move.ts';
import { begin, endNow, rematch, stall, start, tick, timeUp } from './race.ts';
import { forfeit, idle, play } from './rules.ts';
import { react } from './reactions.ts';
import { endTournament, startTournament } from './tournament.ts';
import { balanceTeams, setTeam } from './teams.ts';
import { release } from './handicap.ts';
import { failure, seatHeldBy, success } from './room.ts';
import { snapshotOf } from './snapshot.ts';
import { viewFor } from './view.ts';
import { ErrorCode } from '@percent/protocol';
import type { Command, CommandOf, CommandType, Replies, Room, Transition } from './types.ts';

type Handler<T extends CommandType> = (
  room: Room,
  command: CommandOf<T>,
  now: number,
) => Transition<Replies[T]>;

const handlers: { readonly [T in CommandType]: Handler<T> } = {
  join,
  spectate,
  leave,
  disconnect,
  expire,
  sync,
  ready,
  play,
  settings,
  kick,
  transferHost,
  importPuzzle,
  react,
  start,
  move,
  rematch,
  endRace: endNow,
  forfeit,
  startTournament,
  endTournament,
  setTeam,
  balanceTeams,
  idle,
  begin,
  timeUp,
  tick: (room, _command, now) => tick(room, now),
  stall,
  release,
};

/**
 * The room's only writer: one command in; the next room, the command's reply and the effects
 * to carry out in order (persist, then tell, then schedule) out — or an error value and no
 * change. Pure: `now` is the server clock; ids and tokens come in with the commands.
 *
 * Any change other than a move also rewrites the room's snapshot, in the same transaction as
 * the command's other writes, so what was acknowledged is stored.
 */
export function reduce<C extends Command>(
  room: Room,
  command: C,
  now: number,
): Transition<Replies[C['type']]> {
  const handler = handlers[command.type] as Handler<C['type']>;
  const outcome = handler(room, command as unknown as CommandOf<C['type']>, now);
  if (!outcome.ok || outcome.room === room || outcome.effects.some(isForget)) return outcome;
  if (command.type === 'move' && outcome.room.phase === 'racing') return outcome;
  const snapshot = snapshotOf(outcome.room);
  if (snapshot === snapshotOf(room)) return outcome;
  return success(outcome.room, outcome.reply, [
    ...outcome.effects,
    { type: 'persistRoom', code: room.code, raceId: liveRaceId(outcome.room), snapshot },
  ]);
}

/** The race a snapshot keeps (a finished one is stored, and not kept). */
const liveRaceId = (room: Room): string | null =>
  room.phase === 'countdown' || room.phase === 'racing' ? (room.race?.id ?? null) : null;

const isForget = (effect: { type: string }): boolean => effect.type === 'forgetRoom';

/** `room:sync`: a fresh view for a member. */
function sync(room: Room, command: CommandOf<'sync'>, now: number) {
  const seat = seatHeldBy(room, command.connectionId);
  const watching = room.spectators.some((s) => s.connectionId === command.connectionId);
  if (!seat && !watching) return failure(ErrorCode.notInRoom, 'you are not in this room');
  const recipient = seat
    ? ({ role: 'player', playerId: seat.id } as const)
    : ({ role: 'spectator', connectionId: command.connectionId } as const);
  return success(room, { view: viewFor(room, recipient, now) });
}
