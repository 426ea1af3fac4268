import {
  DEFAULT_SETTINGS,
  ErrorCode,
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  type ErrorCodeName,
  type RoomSettings,
} from '@percent/protocol';
import type { Outcome, Room, RoomEvent, Seat } from './types.ts';

/** A fresh, empty room; the creator joins it with a `join` command. */
export function createRoom(code: string, settings: Partial<RoomSettings> = {}): Room {
  return {
    code,
    phase: 'lobby',
    settings: { ...DEFAULT_SETTINGS, ...settings },
    hostId: null,
    seats: [],
    spectators: [],
    race: null,
    nextPlayer: 1,
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

export const failure = (code: ErrorCodeName, message: string): Outcome => ({
  ok: false,
  error: { code, message },
});

export const success = (room: Room, events: readonly RoomEvent[]): Outcome => ({
  ok: true,
  room,
  events,
});

export const seatOf = (room: Room, playerId: string): Seat | undefined =>
  room.seats.find((seat) => seat.id === playerId);

export const updateSeat = (room: Room, playerId: string, change: Partial<Seat>): Room => ({
  ...room,
  seats: room.seats.map((seat) => (seat.id === playerId ? { ...seat, ...change } : seat)),
});

/** The seat's holder, or the error a command from a non-member gets. */
export function requireSeat(room: Room, playerId: string): Seat | Outcome {
  return seatOf(room, playerId) ?? failure(ErrorCode.notInRoom, 'you have no seat in this room');
}

export function requireHost(room: Room, playerId: string): Outcome | null {
  if (!seatOf(room, playerId)) return failure(ErrorCode.notInRoom, 'you have no seat in this room');
  if (room.hostId !== playerId) return failure(ErrorCode.notHost, 'only the host may do this');
  return null;
}

/** The host after `room.hostId` has gone: the earliest-joined connected seat, else the earliest. */
export function nextHost(room: Room): string | null {
  if (room.hostId !== null && seatOf(room, room.hostId)) return room.hostId;
  return (room.seats.find((seat) => seat.connected) ?? room.seats[0])?.id ?? null;
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
