import { randomUUID } from 'node:crypto';
import {
  EmptySchema,
  ErrorCode,
  fail,
  KickSchema,
  MoveSchema,
  ok,
  ReadySchema,
  SettingsSchema,
  TransferHostSchema,
  type Result,
} from '@percent/protocol';
import { moveReplyFor, startRefusal, type Command } from '../rooms/index.ts';
import type { RoomEntry } from './hub.ts';
import { notInRoom, on, type Reply } from './on.ts';
import type { HandlerDeps, PercentSocket } from './types.ts';

/** The events of a seated player: lobby, host controls, start, moves, rematch. */
export function registerPlayerHandlers(socket: PercentSocket, deps: HandlerDeps): void {
  const { hub } = deps;
  /** Runs `task` on the queue of the caller's room with their seat; refuses non-players. */
  const asPlayer = (task: (entry: RoomEntry, playerId: string) => Reply): Reply => {
    const entry = hub.roomOf(socket);
    const recipient = socket.data.recipient;
    if (!entry || recipient?.role !== 'player') return notInRoom;
    return hub.run(entry, () => task(entry, recipient.playerId));
  };
  const command = (make: (playerId: string) => Command): Reply =>
    asPlayer((entry, playerId) => {
      const outcome = hub.apply(entry, make(playerId));
      return outcome.ok ? ok({}) : { ok: false, error: outcome.error };
    });

  on(socket, 'room:ready', ReadySchema, (p) =>
    command((playerId) => ({ type: 'ready', playerId, ready: p.ready })),
  );
  on(socket, 'room:settings', SettingsSchema, (p) =>
    command((playerId) => ({ type: 'settings', playerId, settings: p.settings })),
  );
  on(socket, 'room:kick', KickSchema, (p) =>
    command((playerId) => ({ type: 'kick', playerId, target: p.playerId })),
  );
  on(socket, 'room:host', TransferHostSchema, (p) =>
    command((playerId) => ({ type: 'transferHost', playerId, target: p.playerId })),
  );
  on(socket, 'race:rematch', EmptySchema, () =>
    command((playerId) => ({ type: 'rematch', playerId })),
  );
  on(socket, 'race:start', EmptySchema, () =>
    asPlayer((entry, playerId) => startRace(deps, entry, playerId)),
  );
  on(socket, 'race:move', MoveSchema, (p) =>
    asPlayer((entry, playerId) => {
      const before = entry.room;
      const outcome = hub.apply(entry, { type: 'move', playerId, ...p });
      if (!outcome.ok) return { ok: false, error: outcome.error };
      const reply = moveReplyFor(before, outcome.room, playerId, p.moveId);
      if (!reply) return fail(ErrorCode.internal, 'move not recorded');
      hub.moves[reply.duplicate ? 'duplicates' : 'accepted'] += 1;
      return ok(reply);
    }),
  );
}

/** Draws a puzzle off the event loop (the room waits; other rooms do not), then starts. */
async function startRace(deps: HandlerDeps, entry: RoomEntry, playerId: string): Promise<Result> {
  const refusal = startRefusal(entry.room, playerId);
  if (refusal && !refusal.ok) return { ok: false, error: refusal.error };
  const { variant, difficulty } = entry.room.settings;
  let draw;
  try {
    draw = await deps.pool.take(variant, difficulty);
  } catch (error) {
    return fail(
      ErrorCode.puzzleUnavailable,
      `no ${variant}/${difficulty} puzzle: ${(error as Error).message}`,
    );
  }
  const outcome = deps.hub.apply(entry, {
    type: 'start',
    playerId,
    raceId: randomUUID(),
    draw,
    countdownMs: deps.timings.countdownMs,
  });
  if (!outcome.ok) return { ok: false, error: outcome.error };
  const race = outcome.room.race!;
  deps.log.info({ code: outcome.room.code, race: race.id, variant, difficulty }, 'race started');
  return ok({});
}
