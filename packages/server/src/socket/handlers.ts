import { randomBytes } from 'node:crypto';
import {
  CreateRoomSchema,
  EmptySchema,
  ErrorCode,
  fail,
  HistorySchema,
  JoinRoomSchema,
  LeaderboardSchema,
  ok,
  SpectateSchema,
  type JoinRoomPayload,
  type Result,
  type SeatReply,
} from '@percent/protocol';
import { isRaceOn, viewFor, type Command, type Recipient } from '../rooms/index.ts';
import { publicLeaderboard } from '../store/store.ts';
import type { RoomEntry } from './hub.ts';
import { notInRoom, on, type Reply } from './on.ts';
import { registerPlayerHandlers } from './player-handlers.ts';
import type { HandlerDeps, PercentSocket } from './types.ts';

const newToken = (): string => randomBytes(18).toString('base64url');

/** Wires every client event of one connection to the rooms. */
export function registerHandlers(socket: PercentSocket, deps: HandlerDeps): void {
  registerMembershipHandlers(socket, deps);
  registerPlayerHandlers(socket, deps);
  on(socket, 'history:get', HistorySchema, (p) =>
    ok({ entries: deps.store.historyOf(p.deviceId, p.limit) }),
  );
  on(socket, 'leaderboard:get', LeaderboardSchema, (p) =>
    ok({ entries: publicLeaderboard(deps.store, p.code, p.limit) }),
  );
  socket.on('disconnect', () => {
    leaveCurrent(socket, deps, true).catch((error: unknown) => {
      deps.log.error({ err: error, socket: socket.id }, 'could not release a dropped connection');
    });
  });
}

/** Create, join, spectate, leave, sync: how a connection enters and leaves rooms. */
function registerMembershipHandlers(socket: PercentSocket, deps: HandlerDeps): void {
  const { hub } = deps;
  on(socket, 'room:create', CreateRoomSchema, async (p) => {
    await leaveCurrent(socket, deps);
    const entry = hub.open(p.settings);
    const join = { nickname: p.nickname, deviceId: p.deviceId, sessionToken: newToken() };
    return hub.run(entry, () => seat(socket, deps, entry, { type: 'join', ...join }));
  });
  on(socket, 'room:join', JoinRoomSchema, async (p) => {
    const entry = hub.find(p.code);
    if (!entry) return fail(ErrorCode.roomNotFound, `no room ${p.code}`);
    const here = socket.data.code === p.code ? socket.data.recipient : null;
    if (here?.role === 'player') return hub.run(entry, () => sameSeat(deps, entry, here.playerId));
    await leaveCurrent(socket, deps);
    return hub.run(entry, () => joinRoom(socket, deps, entry, p));
  });
  on(socket, 'room:spectate', SpectateSchema, async (p) => {
    const entry = hub.find(p.code);
    if (!entry) return fail(ErrorCode.roomNotFound, `no room ${p.code}`);
    await leaveCurrent(socket, deps);
    return hub.run(entry, () => watch(socket, deps, entry, p.deviceId));
  });
  on(socket, 'room:leave', EmptySchema, async () => {
    if (!hub.roomOf(socket)) return notInRoom;
    await leaveCurrent(socket, deps);
    return ok({});
  });
  on(socket, 'room:sync', EmptySchema, () => {
    const entry = hub.roomOf(socket);
    const recipient = socket.data.recipient;
    if (!entry || !recipient) return notInRoom;
    return hub.run(entry, () => ok({ view: viewFor(entry.room, recipient, Date.now()) }));
  });
}

/** With a token that still holds a seat: that seat. Else a new seat, or a spectator mid-race. */
function joinRoom(
  socket: PercentSocket,
  deps: HandlerDeps,
  entry: RoomEntry,
  p: JoinRoomPayload,
): Reply {
  const held = p.sessionToken && entry.room.seats.find((s) => s.sessionToken === p.sessionToken);
  if (held) {
    deps.hub.endSeat(entry, held.id, 'replaced');
    return seat(socket, deps, entry, { type: 'rejoin', sessionToken: held.sessionToken }, held.id);
  }
  if (isRaceOn(entry.room)) return watch(socket, deps, entry, p.deviceId);
  const join = {
    type: 'join',
    nickname: p.nickname,
    deviceId: p.deviceId,
    sessionToken: newToken(),
  } as const;
  return seat(socket, deps, entry, join);
}

/** Applies a join or rejoin and seats the socket; the reply carries the first snapshot. */
function seat(
  socket: PercentSocket,
  deps: HandlerDeps,
  entry: RoomEntry,
  cmd: Extract<Command, { type: 'join' | 'rejoin' }>,
  playerId?: string,
): Result<SeatReply> {
  const outcome = deps.hub.apply(entry, cmd);
  if (!outcome.ok) return { ok: false, error: outcome.error };
  const id = playerId ?? outcome.room.seats.at(-1)!.id;
  const recipient: Recipient = { role: 'player', playerId: id };
  settle(socket, deps, entry, recipient);
  return seatReply(deps, entry, recipient, cmd.sessionToken);
}

/** A repeated join from the connection that already holds the seat: the same seat again. */
function sameSeat(deps: HandlerDeps, entry: RoomEntry, playerId: string): Result<SeatReply> {
  const held = entry.room.seats.find((s) => s.id === playerId);
  if (!held) return fail(ErrorCode.sessionInvalid, 'your seat has gone');
  return seatReply(deps, entry, { role: 'player', playerId }, held.sessionToken);
}

function watch(
  socket: PercentSocket,
  deps: HandlerDeps,
  entry: RoomEntry,
  deviceId: string,
): Result<SeatReply> {
  const outcome = deps.hub.apply(entry, { type: 'spectate', spectatorId: socket.id, deviceId });
  if (!outcome.ok) return { ok: false, error: outcome.error };
  const recipient: Recipient = { role: 'spectator' };
  settle(socket, deps, entry, recipient);
  return seatReply(deps, entry, recipient, null);
}

/**
 * The seat reply for `recipient`: a player's id and `sessionToken` (null for a spectator), the
 * grace period and the recipient's first snapshot of the room as it is now.
 */
function seatReply(
  deps: HandlerDeps,
  entry: RoomEntry,
  recipient: Recipient,
  sessionToken: string | null,
): Result<SeatReply> {
  return ok({
    role: recipient.role,
    playerId: recipient.role === 'player' ? recipient.playerId : null,
    sessionToken,
    graceSec: Math.round(deps.timings.graceMs / 1000),
    view: viewFor(entry.room, recipient, Date.now()),
  });
}

/** Attaches the connection, unless it dropped while its join waited on the room's queue. */
function settle(socket: PercentSocket, deps: HandlerDeps, entry: RoomEntry, recipient: Recipient) {
  if (socket.connected) return deps.hub.attach(entry, socket, recipient);
  deps.hub.apply(
    entry,
    recipient.role === 'player'
      ? { type: 'disconnect', playerId: recipient.playerId, graceMs: deps.timings.graceMs }
      : { type: 'unspectate', spectatorId: socket.id },
  );
}

/** Leaves the socket's room: a player gives up the seat (or, on a drop, starts the grace period). */
async function leaveCurrent(
  socket: PercentSocket,
  deps: HandlerDeps,
  dropped = false,
): Promise<void> {
  const entry = socket.data.code === null ? undefined : deps.hub.find(socket.data.code);
  const recipient = socket.data.recipient;
  if (!entry || !recipient) return;
  deps.hub.detach(entry, socket);
  const cmd: Command =
    recipient.role === 'spectator'
      ? { type: 'unspectate', spectatorId: socket.id }
      : dropped
        ? { type: 'disconnect', playerId: recipient.playerId, graceMs: deps.timings.graceMs }
        : { type: 'leave', playerId: recipient.playerId };
  await deps.hub.run(entry, () => deps.hub.apply(entry, cmd));
}
