/**
 * The schemas of what the server sends over the socket: each event's acknowledgement
 * (`ACK_SCHEMAS`) and each server event (`EVENT_SCHEMAS`), with the reply types inferred from
 * them. Apart from `events.ts` so that connecting (the event names, `PROTOCOL_VERSION`) pulls
 * no validation library into a page.
 */
import { z } from 'zod';
import { MOVE_VERDICTS, RUNNER_STATUSES } from './rules.ts';
import { HistoryEntryViewSchema, LeaderboardEntryViewSchema } from './stored.ts';
import { TeamProgressSchema } from './teams.ts';
import {
  ProgressBatchSchema,
  ProgressViewSchema,
  resultSchema,
  RoomViewSchema,
  ReactionEventSchema,
  SessionEndedEventSchema,
} from './views.ts';

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
  /** A team race: your team's progress after the move; null otherwise. */
  team: TeamProgressSchema.nullable(),
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
  'room:puzzle': resultSchema(Empty),
  'room:react': resultSchema(Empty),
  'race:start': resultSchema(Empty),
  'race:move': resultSchema(MoveReplySchema),
  'race:rematch': resultSchema(Empty),
  'race:end': resultSchema(Empty),
  'race:forfeit': resultSchema(Empty),
  'tournament:start': resultSchema(Empty),
  'tournament:end': resultSchema(Empty),
  'team:set': resultSchema(Empty),
  'team:balance': resultSchema(Empty),
  'history:get': resultSchema(z.object({ entries: z.array(HistoryEntryViewSchema) })),
  'leaderboard:get': resultSchema(z.object({ entries: z.array(LeaderboardEntryViewSchema) })),
} as const;

/** Every server → client event's payload. */
export const EVENT_SCHEMAS = {
  'room:state': RoomViewSchema,
  'race:progress': ProgressBatchSchema,
  'session:ended': SessionEndedEventSchema,
  'room:reaction': ReactionEventSchema,
} as const;
