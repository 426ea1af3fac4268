import { ErrorCode, REACTION_LIMIT } from '@percent/protocol';
import { failure, NOTHING, seatHeldBy, success } from './room.ts';
import type { CommandOf, Room, Transition } from './types.ts';

/**
 * `room:react`: any member — a seat or a spectator, in any phase — sends one of the fixed
 * reactions to everyone in the room, at most `REACTION_LIMIT.count` in any
 * `REACTION_LIMIT.windowMs` per connection (a flood is refused, `RATE_LIMITED`, and nobody
 * hears it). Nothing is stored: a reaction is of the moment.
 */
export function react(room: Room, command: CommandOf<'react'>, now: number): Transition<object> {
  const { connectionId } = command;
  const seat = seatHeldBy(room, connectionId);
  const watching = room.spectators.some((s) => s.connectionId === connectionId);
  if (!seat && !watching) return failure(ErrorCode.notInRoom, 'you are not in this room');
  const recent = (room.reactions.get(connectionId) ?? []).filter(
    (at) => at > now - REACTION_LIMIT.windowMs,
  );
  if (recent.length >= REACTION_LIMIT.count) {
    const { count, windowMs } = REACTION_LIMIT;
    return failure(
      ErrorCode.rateLimited,
      `room:react: at most ${count} reactions in ${windowMs / 1000} s`,
    );
  }
  // Kept only while they count: a connection that left (or went quiet) is dropped here.
  const reactions = new Map<string, readonly number[]>();
  for (const [connection, times] of room.reactions)
    if (times.some((at) => at > now - REACTION_LIMIT.windowMs)) reactions.set(connection, times);
  reactions.set(connectionId, [...recent, now]);
  const event = { emoji: command.emoji, playerId: seat?.id ?? null, at: now };
  return success({ ...room, reactions }, NOTHING, [{ type: 'reaction', event }]);
}
