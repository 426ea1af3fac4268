import {
  DEFAULT_SETTINGS,
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  type ErrorCodeName,
  type RoomSettings,
} from '@percent/protocol';
import type { Effect, Room, RoomTimings, Seat, Transition } from './types.ts';

/** A fresh, empty room; the creator joins it with a `join` command. */
export function createRoom(
  code: string,
  timings: RoomTimings,
  settings: Partial<RoomSettings> = {},
): Room {
  return {
    code,
    phase: 'lobby',
    settings: { ...DEFAULT_SETTINGS, ...settings },
    timings,
    hostId: null,
    seats: [],
    spectators: [],
    race: null,
    lastRace: null,
    imported: null,
    tournament: null,
    nextPlayer: 1,
    reactions: new Map(),
  };
}

/** A room code from `random()` in [0, 1): 5 letters without look-alikes (22⁵ ≈ 5.2 million). */
export function makeRoomCode(random: () => number): string {
  let code = '';
  for (let i = 0; i < ROOM_CODE_LENGTH; i++) {
    code += ROOM_CODE_ALPHABET[Math.floor(random() * ROOM_CODE_ALPHABET.length)];
  }
  return code;
}

export const failure = (code: ErrorCodeName, message: string): Transition<never> => ({
  ok: false,
  error: { code, message },
});

/** Effects run persist → tell → schedule/close, whatever order a rule listed them in. */
const stage: Record<Effect['type'], number> = {
  persistMove: 0,
  persistRace: 0,
  persistRoom: 0,
  forgetRoom: 0,
  state: 1,
  progress: 1,
  reaction: 1,
  endSession: 1,
  schedule: 2,
  close: 2,
};

export function success<R>(room: Room, reply: R, effects: readonly Effect[] = []): Transition<R> {
  const sorted = effects
    .map((effect, i) => ({ effect, i }))
    .sort((a, b) => stage[a.effect.type] - stage[b.effect.type] || a.i - b.i)
    .map(({ effect }) => effect);
  return { ok: true, room, reply, effects: dedupeState(sorted) };
}

/** One `room:state` per command is enough: the latest room goes to everyone. */
function dedupeState(effects: readonly Effect[]): Effect[] {
  const toAll = effects.some((e) => e.type === 'state' && e.to === 'all');
  let sent = false;
  return effects.filter((e) => {
    if (e.type !== 'state') return true;
    if (sent || (toAll && e.to !== 'all')) return false;
    sent = true;
    return true;
  });
}

export const NOTHING = {} as const;
export const STATE: Effect = { type: 'state', to: 'all' };

export const seatOf = (room: Room, playerId: string): Seat | undefined =>
  room.seats.find((seat) => seat.id === playerId);

/** The seat this connection holds, if any. */
export const seatHeldBy = (room: Room, connectionId: string): Seat | undefined =>
  room.seats.find((seat) => seat.connectionId === connectionId);

export const updateSeat = (room: Room, playerId: string, change: Partial<Seat>): Room => ({
  ...room,
  seats: room.seats.map((seat) => (seat.id === playerId ? { ...seat, ...change } : seat)),
});

/** The host after `room.hostId` has gone: the earliest-joined connected seat, else the earliest. */
export function nextHost(room: Room): string | null {
  if (room.hostId !== null && seatOf(room, room.hostId)) return room.hostId;
  return (room.seats.find((seat) => seat.connectionId !== null) ?? room.seats[0])?.id ?? null;
}

/** "Ann", or "Ann (2)", "Ann (3)"… when the name is taken in the room. */
export function uniqueNickname(room: Room, nickname: string): string {
  const taken = new Set(room.seats.map((seat) => seat.nickname.toLowerCase()));
  if (!taken.has(nickname.toLowerCase())) return nickname;
  for (let n = 2; ; n++) {
    const candidate = `${nickname.slice(0, 15)} (${n})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

export const isRaceOn = (room: Room): boolean =>
  room.phase === 'countdown' || room.phase === 'racing';
