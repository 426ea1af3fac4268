import { randomBytes } from 'node:crypto';
import {
  CreateRoomSchema,
  EmptySchema,
  ErrorCode,
  fail,
  HistorySchema,
  ImportPuzzleSchema,
  JoinRoomSchema,
  KickSchema,
  LeaderboardSchema,
  MoveSchema,
  ok,
  PlaySchema,
  ReactSchema,
  ReadySchema,
  SettingsSchema,
  SpectateSchema,
  TeamSetSchema,
  TournamentStartSchema,
  TransferHostSchema,
  type Result,
} from '@percent/protocol';
import type { Rating } from '../rooms/index.ts';
import type { RoomHandle } from '../runner/directory.ts';
import type { ClientCommand } from '../runner/room-runner.ts';
import { UnavailableError } from '../runner/room-log.ts';
import { publicLeaderboard } from '../store/store.ts';
import { notInRoom, on, type Reply } from './on.ts';
import type { HandlerDeps, PercentSocket } from './types.ts';

const newToken = (): string => randomBytes(18).toString('base64url');
/** An evening's id (`/tournament/ID`): unguessable, as a race's. */
const newId = (): string => randomBytes(12).toString('base64url');

/**
 * Wires every client event of one connection to a command for its room. Nothing is decided
 * here: payloads are parsed (`on`), the command goes to the room's runner, its reply comes
 * back as the acknowledgement. The only state kept is which room the connection's events go
 * to (`socket.data.code`).
 */
export function registerHandlers(socket: PercentSocket, deps: HandlerDeps): void {
  registerMembership(socket, deps);
  registerPlay(socket, deps);
  on(socket, 'history:get', HistorySchema, async (p) => {
    const refused = await notYours(deps, 'history:get', p);
    if (refused) return refused;
    return ok({ entries: await deps.history.historyOf(p.deviceId, p.limit) });
  });
  on(socket, 'leaderboard:get', LeaderboardSchema, async (p) =>
    ok({ entries: await publicLeaderboard(deps.history, p.code, p.limit) }),
  );
  socket.on('disconnect', () => void release(socket, deps));
}

/** Room commands refused for now (the room is moving) are tried again this often, this long. */
const RELEASE_RETRY_MS = 1000;
const RELEASE_ATTEMPTS = 30;

/**
 * Tells the connection's room it dropped, so its seat's grace period starts. While the room is
 * between owners the owner is asked again (a lost disconnect would keep the seat forever); a
 * room restored by a new owner has dropped every connection anyway.
 */
async function release(socket: PercentSocket, deps: HandlerDeps): Promise<void> {
  const command = { type: 'disconnect', connectionId: socket.id } as const;
  for (let attempt = 0; attempt < RELEASE_ATTEMPTS; attempt++) {
    try {
      const room = await roomOf(socket, deps);
      const reply = await room?.submit(command);
      if (reply?.ok !== false || reply.error.code !== ErrorCode.roomUnavailable) return;
    } catch (error) {
      if (!(error instanceof UnavailableError)) {
        deps.log.error({ err: error, socket: socket.id }, 'could not release a dropped connection');
        return;
      }
      if (/stopping/.test(error.message)) return;
    }
    await new Promise((resolve) => setTimeout(resolve, RELEASE_RETRY_MS));
  }
}

/**
 * A code with no room: `ROOM_NOT_FOUND`, counted as a lookup of the address — past its quota
 * (someone trying codes), `RATE_LIMITED` instead, which says nothing of the code.
 */
function missing(socket: PercentSocket, deps: HandlerDeps, code: string): Result {
  const quota = deps.quotas.lookup(socket.data.address, Date.now());
  if (!quota.ok)
    return fail(
      ErrorCode.rateLimited,
      `too many room codes looked up from this address; try again in ${quota.retryAfterSec} s`,
    );
  return fail(ErrorCode.roomNotFound, `no room ${code}`);
}

/**
 * `DEVICE_NOT_YOURS` when the server keeps a secret for the payload's device id and the
 * payload did not carry it (`devices.ts`); undefined when the device may be taken as claimed.
 */
async function notYours(
  deps: HandlerDeps,
  event: string,
  p: { readonly deviceId: string; readonly deviceSecret?: string | undefined },
): Promise<Result | undefined> {
  const claim = await deps.devices.check(p.deviceId, p.deviceSecret);
  if (claim.ok) return undefined;
  return fail(ErrorCode.deviceNotYours, `${event}: deviceSecret: ${claim.message}`);
}

const roomOf = async (socket: PercentSocket, deps: HandlerDeps): Promise<RoomHandle | undefined> =>
  socket.data.code === null ? undefined : deps.rooms.find(socket.data.code);

/**
 * The device's rating for its join, and whether it has finished a race here before (its first
 * race is unrated), read from the history (the core does no I/O). When the history cannot be
 * read the player still joins, with no rating: their races then leave their rating alone
 * rather than overwrite it from a made-up one.
 */
async function standingOf(
  deps: HandlerDeps,
  deviceId: string,
): Promise<{ rating: Rating | null; seen: boolean }> {
  try {
    const [rating, races] = await Promise.all([
      deps.history.ratingOf(deviceId),
      deps.history.historyOf(deviceId, 1),
    ]);
    return { rating, seen: rating.races > 0 || races.length > 0 };
  } catch (error) {
    deps.log.warn({ err: error }, 'rating not read: the player joins unrated');
    return { rating: null, seen: false };
  }
}

/**
 * A connection's membership commands, one at a time: each create, join, spectate or leave
 * starts once the one before has been answered, so it sees the room that one left the
 * connection in (and leaves it). Fired at once, fifteen creates would otherwise each take a
 * seat for the same connection in a room of its own, of which its disconnect releases one.
 */
function serialised(): <T>(task: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    const next = last.then(task, task);
    last = next.catch(() => undefined);
    return next;
  };
}

/** Create, join, spectate, leave, sync: how a connection enters and leaves rooms. */
function registerMembership(socket: PercentSocket, deps: HandlerDeps): void {
  const connectionId = socket.id;
  const inTurn = serialised();
  on(socket, 'room:create', CreateRoomSchema, (p) =>
    inTurn(async () => {
      const refused = await notYours(deps, 'room:create', p);
      if (refused) return refused;
      const quota = deps.quotas.create(socket.data.address, Date.now());
      if (!quota.ok) {
        const wait = `try again in ${quota.retryAfterSec} s`;
        return fail(
          ErrorCode.rateLimited,
          `room:create: too many new rooms from this address; ${wait}`,
        );
      }
      const runner = await deps.rooms.open(p.settings);
      const { nickname, deviceId, plays } = p;
      const join = {
        type: 'join',
        connectionId,
        nickname,
        deviceId,
        newToken: newToken(),
        plays,
        address: socket.data.address,
        ...(await standingOf(deps, deviceId)),
      } as const;
      const reply = await enter(socket, deps, runner, { ...join, sessionToken: undefined });
      if (!reply.ok) deps.rooms.discardIfEmpty(runner);
      return reply;
    }),
  );
  on(socket, 'room:join', JoinRoomSchema, (p) =>
    inTurn(async () => {
      const refused = await notYours(deps, 'room:join', p);
      if (refused) return refused;
      const runner = await deps.rooms.find(p.code);
      if (!runner) return missing(socket, deps, p.code);
      const { nickname, deviceId, sessionToken } = p;
      const { address } = socket.data;
      const join = {
        type: 'join',
        connectionId,
        nickname,
        deviceId,
        sessionToken,
        address,
      } as const;
      const standing = await standingOf(deps, deviceId);
      return enter(socket, deps, runner, { ...join, newToken: newToken(), ...standing });
    }),
  );
  on(socket, 'room:spectate', SpectateSchema, (p) =>
    inTurn(async () => {
      const refused = await notYours(deps, 'room:spectate', p);
      if (refused) return refused;
      const runner = await deps.rooms.find(p.code);
      if (!runner) return missing(socket, deps, p.code);
      const { address } = socket.data;
      const spectate = { type: 'spectate', connectionId, deviceId: p.deviceId, address } as const;
      return enter(socket, deps, runner, spectate);
    }),
  );
  on(socket, 'room:leave', EmptySchema, () =>
    inTurn(async () => {
      const runner = await roomOf(socket, deps);
      if (!runner) return notInRoom;
      socket.data.code = null;
      return runner.submit({ type: 'leave', connectionId });
    }),
  );
  on(socket, 'room:sync', EmptySchema, () =>
    inRoom(socket, deps, (runner) => runner.submit({ type: 'sync', connectionId })),
  );
}

/**
 * Sends a join or spectate to `runner`, after leaving the room the connection was in (if it
 * was another one). Once the reply is back the connection's events go to `runner` only if it
 * is a member there.
 */
async function enter(
  socket: PercentSocket,
  deps: HandlerDeps,
  runner: RoomHandle,
  command: Extract<ClientCommand, { type: 'join' | 'spectate' }>,
): Promise<Result> {
  const previous = await roomOf(socket, deps);
  if (previous && previous.code !== runner.code) {
    socket.data.code = null;
    await previous.submit({ type: 'leave', connectionId: socket.id });
  }
  // A connection that dropped meanwhile must not take a seat: its `disconnect` has been sent.
  if (!socket.connected) return fail(ErrorCode.notInRoom, 'the connection has closed');
  socket.data.code = runner.code;
  const reply = await runner.submit(command);
  if (socket.data.code === runner.code && !reply.ok) socket.data.code = null;
  return reply;
}

/** The events of a seated player: lobby, host controls, start, moves, rematch. */
function registerPlay(socket: PercentSocket, deps: HandlerDeps): void {
  const connectionId = socket.id;
  const send = (command: ClientCommand): Reply =>
    inRoom(socket, deps, (runner) => runner.submit(command));
  on(socket, 'room:ready', ReadySchema, (p) =>
    send({ type: 'ready', connectionId, ready: p.ready }),
  );
  on(socket, 'room:play', PlaySchema, (p) => send({ type: 'play', connectionId, plays: p.plays }));
  on(socket, 'room:settings', SettingsSchema, (p) =>
    send({ type: 'settings', connectionId, settings: p.settings }),
  );
  on(socket, 'room:kick', KickSchema, (p) =>
    send({ type: 'kick', connectionId, target: p.playerId }),
  );
  on(socket, 'room:host', TransferHostSchema, (p) =>
    send({ type: 'transferHost', connectionId, target: p.playerId }),
  );
  on(socket, 'race:rematch', EmptySchema, () => send({ type: 'rematch', connectionId }));
  on(socket, 'race:end', EmptySchema, () => send({ type: 'endRace', connectionId }));
  on(socket, 'race:forfeit', EmptySchema, () => send({ type: 'forfeit', connectionId }));
  on(socket, 'race:move', MoveSchema, (p) => send({ type: 'move', connectionId, ...p }));
  on(socket, 'race:start', EmptySchema, () =>
    inRoom(socket, deps, (runner) => runner.startRace(connectionId)),
  );
  on(socket, 'room:react', ReactSchema, (p) =>
    send({ type: 'react', connectionId, emoji: p.emoji }),
  );
  on(socket, 'tournament:start', TournamentStartSchema, (p) =>
    send({ type: 'startTournament', connectionId, tournamentId: newId(), rounds: p.rounds }),
  );
  on(socket, 'tournament:end', EmptySchema, () => send({ type: 'endTournament', connectionId }));
  on(socket, 'team:set', TeamSetSchema, (p) =>
    send({ type: 'setTeam', connectionId, target: p.playerId, team: p.team }),
  );
  on(socket, 'team:balance', EmptySchema, () => send({ type: 'balanceTeams', connectionId }));
  on(socket, 'room:puzzle', ImportPuzzleSchema, (p) =>
    inRoom(socket, deps, (runner) => runner.importPuzzle(connectionId, p.puzzle)),
  );
}

async function inRoom(
  socket: PercentSocket,
  deps: HandlerDeps,
  task: (runner: RoomHandle) => Reply,
): Promise<Result> {
  const runner = await roomOf(socket, deps);
  return runner ? task(runner) : notInRoom;
}
