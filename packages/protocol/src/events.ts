import type { Result } from './errors.ts';
import type { MoveReply, SeatReply, ViewReply } from './replies.ts';
import type {
  CreateRoomPayload,
  HistoryPayload,
  JoinRoomPayload,
  ImportPuzzlePayload,
  KickPayload,
  ReactPayload,
  LeaderboardPayload,
  MovePayload,
  PlayPayload,
  ReadyPayload,
  SettingsPayload,
  SpectatePayload,
  TransferHostPayload,
} from './schemas.ts';
import type { TournamentStartPayload } from './tournament.ts';
import type { TeamSetPayload } from './teams.ts';
import type { HistoryEntryView, LeaderboardEntryView } from './stored.ts';
import type { ProgressBatch, RoomView, ReactionEvent, SessionEndedEvent } from './views.ts';

/**
 * The event maps and the events' names (no validation library: what a page needs to connect);
 * the schemas of the acknowledgements and events are in `replies.ts`.
 */

/** Bumped on every incompatible change; checked when a socket connects. */
export const PROTOCOL_VERSION = 3;

/** The Socket.IO handshake `auth` object. */
export interface HandshakeAuth {
  readonly protocol: number;
}

/**
 * The handshake query parameter that names the room a connection is for
 * (`io(origin, { query: { room: CODE } })`). Optional and only a hint: a server of several
 * processes (`--workers`) hands the connection to the process running that room, so its
 * commands need no forwarding; any connection may still join any room.
 */
export const ROOM_QUERY = 'room';

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
  importPuzzle: 'room:puzzle',
  react: 'room:react',
  start: 'race:start',
  move: 'race:move',
  rematch: 'race:rematch',
  endRace: 'race:end',
  forfeit: 'race:forfeit',
  startTournament: 'tournament:start',
  endTournament: 'tournament:end',
  setTeam: 'team:set',
  balanceTeams: 'team:balance',
  history: 'history:get',
  leaderboard: 'leaderboard:get',
} as const;
export type ClientEventName = (typeof ClientEvent)[keyof typeof ClientEvent];

export const ServerEvent = {
  state: 'room:state',
  progress: 'race:progress',
  sessionEnded: 'session:ended',
  reaction: 'room:reaction',
} as const;
export type ServerEventName = (typeof ServerEvent)[keyof typeof ServerEvent];

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
  'room:puzzle': (payload: ImportPuzzlePayload, ack: Ack<object>) => void;
  'room:react': (payload: ReactPayload, ack: Ack<object>) => void;
  'race:start': (payload: object, ack: Ack<object>) => void;
  'race:move': (payload: MovePayload, ack: Ack<MoveReply>) => void;
  'race:rematch': (payload: object, ack: Ack<object>) => void;
  'race:end': (payload: object, ack: Ack<object>) => void;
  'race:forfeit': (payload: object, ack: Ack<object>) => void;
  'tournament:start': (payload: TournamentStartPayload, ack: Ack<object>) => void;
  'tournament:end': (payload: object, ack: Ack<object>) => void;
  'team:set': (payload: TeamSetPayload, ack: Ack<object>) => void;
  'team:balance': (payload: object, ack: Ack<object>) => void;
  'history:get': (payload: HistoryPayload, ack: Ack<{ entries: HistoryEntryView[] }>) => void;
  'leaderboard:get': (
    payload: LeaderboardPayload,
    ack: Ack<{ entries: LeaderboardEntryView[] }>,
  ) => void;
}

export interface ServerToClientEvents {
  'room:state': (view: RoomView) => void;
  'race:progress': (batch: ProgressBatch) => void;
  'session:ended': (event: SessionEndedEvent) => void;
  'room:reaction': (event: ReactionEvent) => void;
}

/** The join link path for a room code. */
export const roomLink = (code: string): string => `/r/${code}`;
