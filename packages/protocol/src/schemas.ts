import { z } from 'zod';
import { ErrorCode, type WireError } from './errors.ts';
import {
  cleanNickname,
  DIFFICULTIES,
  passesForHost,
  REACTIONS,
  SETTINGS_LIMITS as LIMITS,
  VARIANTS,
} from './rules.ts';

/**
 * One schema per client → server payload. The server parses every payload with its schema at
 * the edge; clients may use the same schemas to validate forms. Unknown keys are stripped.
 */

/** The longest text `room:puzzle` takes (a grid pasted with its rulers fits well within). */
export const MAX_IMPORT_TEXT = 400;

/** Room codes: 5 letters from an alphabet without look-alikes (no I, L, O, U, 0, 1). */
export const ROOM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ';
export const ROOM_CODE_LENGTH = 5;
/** Accepts lower case and surrounding spaces; the value is the canonical upper-case code. */
export const RoomCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[ABCDEFGHJKMNPQRSTVWXYZ]{5}$/, 'a room code is 5 letters');

/**
 * 1–20 characters once cleaned (`cleanNickname`: NFC, invisible and control characters removed,
 * spaces collapsed, trimmed); broken text and names that would pass for the host are refused.
 * The value is the cleaned name.
 */
export const NicknameSchema = z
  .string()
  .transform((text, ctx) => {
    const cleaned = cleanNickname(text);
    if (cleaned !== undefined) return cleaned;
    ctx.addIssue({ code: 'custom', message: 'a nickname cannot contain broken characters' });
    return z.NEVER;
  })
  .pipe(
    z
      .string()
      .min(1, 'a nickname needs at least one visible character')
      .max(20, 'a nickname has at most 20 characters')
      .refine((name) => !passesForHost(name), 'a nickname cannot pass for the host'),
  );

/** A random id the client keeps per device (localStorage); never shown to other clients. */
export const DeviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'a device id is 8–64 of A-Z a-z 0-9 _ -');
/**
 * A device's secret, made by the client beside its device id (at least 128 random bits) and
 * sent with it wherever the id is: the first time the server sees the id with a secret it
 * keeps the secret's hash, and from then on takes the id only with that secret
 * (`DEVICE_NOT_YOURS`). An id sent without a secret is taken only while none is kept for it.
 * See docs/SECURITY.md.
 */
export const DeviceSecretSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,64}$/, 'a device secret is 22–64 of A-Z a-z 0-9 _ -');
/** The secret the server hands a player with their seat; presented again to regain it. */
export const SessionTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'malformed session token');
export const PlayerIdSchema = z.string().min(1).max(32);
/** A race's id (as in `RaceView.id`). */
export const RaceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'a race id is 1–64 of A-Z a-z 0-9 _ -');

export const MistakeRuleSchema = z.discriminatedUnion('kind', [
  /** Up to `allowed` mistakes; the next one eliminates the player. */
  z.object({
    kind: z.literal('eliminate'),
    allowed: z.int().min(LIMITS.allowedMistakes.min).max(LIMITS.allowedMistakes.max),
  }),
  /** Each mistake adds `seconds` to the player's time. */
  z.object({
    kind: z.literal('penalty'),
    seconds: z.int().min(LIMITS.penaltySeconds.min).max(LIMITS.penaltySeconds.max),
  }),
]);
export type MistakeRule = z.infer<typeof MistakeRuleSchema>;

export const SpectatorDigitsSchema = z.discriminatedUnion('kind', [
  /** Spectators see progress live and digits only once the race has ended (the default). */
  z.object({ kind: z.literal('end') }),
  /** Spectators see every board as it was `seconds` ago. */
  z.object({
    kind: z.literal('delay'),
    seconds: z.int().min(LIMITS.delaySeconds.min).max(LIMITS.delaySeconds.max),
  }),
  /** Spectators see every digit as it is placed (a TV at a party). */
  z.object({ kind: z.literal('live') }),
]);
export type SpectatorDigits = z.infer<typeof SpectatorDigitsSchema>;

export const RoomSettingsSchema = z.object({
  variant: z.enum(VARIANTS),
  difficulty: z.enum(DIFFICULTIES),
  mistakes: MistakeRuleSchema,
  /** Whole race limit in seconds; null = none. */
  timeLimitSec: z.int().min(LIMITS.timeLimitSec.min).max(LIMITS.timeLimitSec.max).nullable(),
  maxPlayers: z.int().min(LIMITS.maxPlayers.min).max(LIMITS.maxPlayers.max),
  /** A locked room takes no new players (seated players may still reconnect). */
  locked: z.boolean(),
  spectatorDigits: SpectatorDigitsSchema,
  /** A racing runner with no move for this long (s) is out (`idle`); null = never. */
  idleOutSec: z.int().min(LIMITS.idleOutSec.min).max(LIMITS.idleOutSec.max).nullable(),
  /** Races in a rated room (with at least two players) change the players' ratings. */
  rated: z.boolean(),
  /** Team races: 2–4 teams (`team:set`, `team:balance`); null: every player for themselves. */
  teams: z.int().min(2).max(4).nullable(),
  /** Head starts from ratings (`HANDICAP`, `headStartsMs`): such races are unrated. */
  handicap: z.boolean(),
  /** The accessible race: twice the time, no idle rule, ranked by mistakes not speed; unrated. */
  relaxed: z.boolean(),
});
export type RoomSettings = z.infer<typeof RoomSettingsSchema>;

export const CreateRoomSchema = z.object({
  nickname: NicknameSchema,
  deviceId: DeviceIdSchema,
  deviceSecret: DeviceSecretSchema.optional(),
  settings: RoomSettingsSchema.partial().optional(),
  /** false: the creator hosts without playing (a TV); default true. */
  plays: z.boolean().optional(),
});
export const JoinRoomSchema = z.object({
  code: RoomCodeSchema,
  nickname: NicknameSchema,
  deviceId: DeviceIdSchema,
  deviceSecret: DeviceSecretSchema.optional(),
  /** The token from an earlier `room:create`/`room:join` reply: regains that seat. */
  sessionToken: SessionTokenSchema.optional(),
});
export const SpectateSchema = z.object({
  code: RoomCodeSchema,
  deviceId: DeviceIdSchema,
  deviceSecret: DeviceSecretSchema.optional(),
});
export const EmptySchema = z.object({}).optional();
export const ReadySchema = z.object({ ready: z.boolean() });
export const PlaySchema = z.object({ plays: z.boolean() });
export const SettingsSchema = z.object({ settings: RoomSettingsSchema.partial() });
/**
 * `room:puzzle`: the host's own puzzle for the next race (81 cells, 0 or . for a blank; layout
 * spaces and rulers allowed), checked by the server under the room's variant; null takes it
 * back (the next race draws a puzzle again).
 */
export const ImportPuzzleSchema = z.object({
  puzzle: z
    .string()
    .max(MAX_IMPORT_TEXT, `a puzzle is at most ${MAX_IMPORT_TEXT} characters`)
    .nullable(),
});
/** `room:react`: one of the fixed reactions. */
export const ReactSchema = z.object({ emoji: z.enum(REACTIONS) });
export const KickSchema = z.object({ playerId: PlayerIdSchema });
export const TransferHostSchema = z.object({ playerId: PlayerIdSchema });
export const MoveSchema = z.object({
  /** Chosen by the client, unique per player per race; a retry reuses it and counts once. */
  moveId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'a move id is 1–40 of A-Z a-z 0-9 _ -'),
  cell: z.int().min(0).max(80),
  /** 1–9 places a digit; 0 clears the cell. */
  digit: z.int().min(0).max(9),
});
export const HistorySchema = z.object({
  deviceId: DeviceIdSchema,
  deviceSecret: DeviceSecretSchema.optional(),
  limit: z.int().min(1).max(100).optional(),
});
export const LeaderboardSchema = z.object({
  code: RoomCodeSchema,
  limit: z.int().min(1).max(100).optional(),
});

export type CreateRoomPayload = z.infer<typeof CreateRoomSchema>;
export type JoinRoomPayload = z.infer<typeof JoinRoomSchema>;
export type SpectatePayload = z.infer<typeof SpectateSchema>;
export type ReadyPayload = z.infer<typeof ReadySchema>;
export type PlayPayload = z.infer<typeof PlaySchema>;
export type SettingsPayload = z.infer<typeof SettingsSchema>;
export type ImportPuzzlePayload = z.infer<typeof ImportPuzzleSchema>;
export type ReactPayload = z.infer<typeof ReactSchema>;
export type KickPayload = z.infer<typeof KickSchema>;
export type TransferHostPayload = z.infer<typeof TransferHostSchema>;
export type MovePayload = z.infer<typeof MoveSchema>;
export type HistoryPayload = z.infer<typeof HistorySchema>;
export type LeaderboardPayload = z.infer<typeof LeaderboardSchema>;

/** A parsed payload, or BAD_PAYLOAD naming the event, the field and the problem. */
export type Checked<T> =
  { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: WireError };

/** Parses `input` with `schema`; the error message reads "room:join: nickname: …". */
export function checkPayload<S extends z.ZodType>(
  event: string,
  schema: S,
  input: unknown,
): Checked<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'payload';
  const message = `${event}: ${field}: ${issue?.message ?? 'invalid'}`;
  return { ok: false, error: { code: ErrorCode.badPayload, message } };
}
