import { z } from 'zod';
import type { Result } from './errors.ts';
import { MOVE_VERDICTS, RUNNER_STATUSES } from './rules.ts';
import type {
  CreateRoomPayload,
  HistoryPayload,
  JoinRoomPayload,
  KickPayload,
  LeaderboardPayload,
  MovePayload,
  PlayPayload,
  ReadyPayload,
  SettingsPayload,
  SpectatePayload,
  TransferHostPayload,
} from './schemas.ts';
import {
  HistoryEntryViewSchema,
  LeaderboardEntryViewSchema,
  ProgressEventSchema,
  ProgressViewSchema,
  RoomViewSchema,
  SessionEndedEventSchema,
  type HistoryEntryView,
  type LeaderboardEntryView,
  type ProgressEvent,
  type RoomView,
  type SessionEndedEvent,
  resultSchema,
} from './views.ts';

/** Bumped on every incompatible change; checked when a socket connects. */
export const PROTOCOL_VERSION = 1;

/** The Socket.IO handshake `auth` object. */
export interface HandshakeAuth {
  readonly protocol: number;
}

/** Socket.IO `connect_error` `data` when the server refuses the handshake. */
export interface HandshakeError {
  readonly code: 'VERSION_MISMATCH';
  readonly message: string;
  readonly serverProtocol: number;
}

export const ClientEvent = {
  createRoom: 'room:create',
  joinRoom: 'room:join',
  spectate: 'room:spectate',
  leave: 'room:leave',
  sync: 'room:sync',
  ready: 'room:ready',
  play: 'room:play',
  settings: 'room:settings',
  kick: 'room:kick',
  transferHost: 'room:host',
  start: 'race:start',
  move: 'race:move',
  rematch: 'race:rematch',
  endRace: 'race:end',
  forfeit: 'race:forfeit',
  history: 'history:get',
  leaderboard: 'leaderboard:get',
} as const;
export type ClientEventName = (typeof ClientEvent)[keyof typeof ClientEvent];

export const ServerEvent = {
  state: 'room:state',
  progress: 'race:progress',
  sessionEnded: 'session:ended',
} as const;
export type ServerEventName = (typeof ServerEvent)[keyof typeof ServerEvent];

/** Reply to create and join: the seat (players) and the first snapshot. */
export const SeatReplySchema = z.object({
  role: z.enum(['player', 'spectator']),
  playerId: z.string().nullable(),
  /** Keep it (per room) to regain the seat after a drop; null for spectators. */
  sessionToken: z.string().nullable(),
  /** Seconds a dropped player keeps the seat. */
  graceSec: z.int().min(0),
  view: RoomViewSchema,
});
export type SeatReply = z.infer<typeof SeatReplySchema>;

export const ViewReplySchema = z.object({ view: RoomViewSchema });
export type ViewReply = z.infer<typeof ViewReplySchema>;

export const MoveReplySchema = z.object({
  moveId: z.string(),
  cell: z.int().min(0).max(80),
  digit: z.int().min(0).max(9),
  verdict: z.enum(MOVE_VERDICTS),
  status: z.enum(RUNNER_STATUSES),
  progress: ProgressViewSchema,
  /**
   * True when this acknowledges a move already counted: a retry of the same `moveId`, or the
   * same wrong digit in the same cell again (one slip is one mistake; nothing is stored).
   */
  duplicate: z.boolean(),
});
export type MoveReply = z.infer<typeof MoveReplySchema>;

const Empty = z.object({});

/** The acknowledgement of every client event, parsed by the test suites' contract check. */
export const ACK_SCHEMAS = {
  'room:create': resultSchema(SeatReplySchema),
  'room:join': resultSchema(SeatReplySchema),
  'room:spectate': resultSchema(SeatReplySchema),
  'room:leave': resultSchema(Empty),
  'room:sync': resultSchema(ViewReplySchema),
  'room:ready': resultSchema(Empty),
  'room:play': resultSchema(Empty),
  'room:settings': resultSchema(Empty),
  'room:kick': resultSchema(Empty),
  'room:host': resultSchema(Empty),
  'race:start': resultSchema(Empty),
  'race:move': resultSchema(MoveReplySchema),
  'race:rematch': resultSchema(Empty),
  'race:end': resultSchema(Empty),
  'race:forfeit': resultSchema(Empty),
  'history:get': resultSchema(z.object({ entries: z.array(HistoryEntryViewSchema) })),
  'leaderboard:get': resultSchema(z.object({ entries: z.array(LeaderboardEntryViewSchema) })),
} as const;

/** Every server → client event's payload. */
export const EVENT_SCHEMAS = {
  'room:state': RoomViewSchema,
  'race:progress': ProgressEventSchema,
  'session:ended': SessionEndedEventSchema,
} as const;

type Ack<T extends object> = (reply: Result<T>) => void;

/** Every client → server event: a payload and an acknowledgement callback. */
export interface ClientToServerEvents {
  'room:create': (payload: CreateRoomPayload, ack: Ack<SeatReply>) => void;
  'room:join': (payload: JoinRoomPayload, ack: Ack<SeatReply>) => void;
  'room:spectate': (payload: SpectatePayload, ack: Ack<SeatReply>) => void;
  'room:leave': (payload: object, ack: Ack<object>) => void;
  'room:sync': (payload: object, ack: Ack<ViewReply>) => void;
  'room:ready': (payload: ReadyPayload, ack: Ack<object>) => void;
  'room:play': (payload: PlayPayload, ack: Ack<object>) => void;
  'room:settings': (payload: SettingsPayload, ack: Ack<object>) => void;
  'room:kick': (payload: KickPayload, ack: Ack<object>) => void;
  'room:host': (payload: TransferHostPayload, ack: Ack<object>) => void;
  'race:start': (payload: object, ack: Ack<object>) => void;
  'race:move': (payload: MovePayload, ack: Ack<MoveReply>) => void;
  'race:rematch': (payload: object, ack: Ack<object>) => void;
  'race:end': (payload: object, ack: Ack<object>) => void;
  'race:forfeit': (payload: object, ack: Ack<object>) => void;
  'history:get': (payload: HistoryPayload, ack: Ack<{ entries: HistoryEntryView[] }>) => void;
  'leaderboard:get': (
    payload: LeaderboardPayload,
    ack: Ack<{ entries: LeaderboardEntryView[] }>,
  ) => void;
}

export interface ServerToClientEvents {
  'room:state': (view: RoomView) => void;
  'race:progress': (event: ProgressEvent) => void;
  'session:ended': (event: SessionEndedEvent) => void;
}

/** The join link path for a room code. */
export const roomLink = (code: string): string => `/r/${code}`;
