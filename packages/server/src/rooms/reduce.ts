import * as lobby from './lobby.ts';
import { move } from './move.ts';
import { begin, rematch, start, timeUp } from './race.ts';
import type { Command, Outcome, Room } from './types.ts';

/**
 * The room's only writer: one command in, the next state and what to tell the world out — or
 * an error value and no change. Pure: `now` is the server clock, ids and tokens come in with
 * the commands.
 */
export function reduce(room: Room, command: Command, now: number): Outcome {
  switch (command.type) {
    case 'join':
      return lobby.join(room, command);
    case 'rejoin':
      return lobby.rejoin(room, command);
    case 'spectate':
      return lobby.spectate(room, command);
    case 'unspectate':
      return lobby.unspectate(room, command);
    case 'disconnect':
      return lobby.disconnect(room, command, now);
    case 'expire':
      return lobby.expire(room, command, now);
    case 'leave':
      return lobby.leave(room, command, now);
    case 'ready':
      return lobby.ready(room, command);
    case 'settings':
      return lobby.settings(room, command);
    case 'kick':
      return lobby.kick(room, command, now);
    case 'transferHost':
      return lobby.transferHost(room, command);
    case 'start':
      return start(room, command, now);
    case 'begin':
      return begin(room, command);
    case 'move':
      return move(room, command, now);
    case 'timeUp':
      return timeUp(room, command, now);
    case 'rematch':
      return rematch(room, command);
  }
}
