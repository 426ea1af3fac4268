/**
 * The game's shared lists, limits and rules, with no validation library: the web client's
 * first page imports this module alone (`@percent/protocol/rules`) so that zod stays out of its
 * bundle. The schemas (`schemas.ts`, `views.ts`) are built from these lists; the server's room
 * core, the daily check, the solo recorder and the replay all judge moves with `judgeMove` and
 * count mistakes with `countsAsMistake`, so a rule is written once.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { RoomSettings } from './schemas.ts';
import type { Permissions } from './views.ts';

export const VARIANTS = ['classic', 'percent', 'x', 'windoku'] as const;
export type VariantName = (typeof VARIANTS)[number];
export const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
export type DifficultyLevel = (typeof DIFFICULTIES)[number];

export const ROOM_PHASES = ['lobby', 'countdown', 'racing', 'finished'] as const;
export type RoomPhase = (typeof ROOM_PHASES)[number];

/**
 * A runner's state: still `racing`, or out — `finished` (a full board), `eliminated` (too many
 * mistakes), `left` (gave up the seat, was removed, or away past the grace period), `timeout`
 * (the time limit ran out), `ended` (still racing when the host ended the race), `forfeited`
 * (gave up with `race:forfeit` and stays to watch), `idle` (no move for the room's
 * `idleOutSec`).
 */
export const RUNNER_STATUSES = [
  'racing',
  'finished',
  'eliminated',
  'left',
  'timeout',
  'ended',
  'forfeited',
  'idle',
] as const;
export type RunnerStatus = (typeof RUNNER_STATUSES)[number];
/** Every way out of a race (a stored race's outcomes). */
export type Outcome = Exclude<RunnerStatus, 'racing'>;

export const MOVE_VERDICTS = ['correct', 'wrong', 'cleared'] as const;
export type MoveVerdict = (typeof MOVE_VERDICTS)[number];

/** Why a race ended; `team`: a team race's order was decided (every team but one complete). */
export const RACE_END_CAUSES = ['players', 'timeLimit', 'host', 'team'] as const;
export type RaceEndCause = (typeof RACE_END_CAUSES)[number];

export const CONNECTIONS = ['online', 'reconnecting'] as const;
export type Connection = (typeof CONNECTIONS)[number];

export const SESSION_END_REASONS = ['kicked', 'replaced', 'expired', 'closed'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** `session:ended`'s `message` (English, for logs and developers; clients translate `reason`). */
export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  kicked: 'The host removed you from the room.',
  replaced: 'Your seat was taken over by another tab or device.',
  expired: 'You were away longer than the grace period; your seat was released.',
  closed: 'The room has closed.',
};

/**
 * The verdict on a digit entered in `cell` (0–80) against the 81-character `solution`:
 * 0 clears, the solution's digit is correct, any other is wrong.
 */
export function judgeMove(solution: string, cell: number, digit: number): MoveVerdict {
  if (digit === 0) return 'cleared';
  return solution[cell] === String(digit) ? 'correct' : 'wrong';
}

/** A judged entry as the mistake rule reads it. */
export interface JudgedEntry {
  readonly cell: number;
  readonly digit: number;
  readonly verdict: MoveVerdict;
}

/**
 * One slip is one mistake: a wrong digit counts once per cell. Entering the same wrong digit
 * in the same cell again (undo and redo, or typing it again) tells the player nothing new and
 * costs nothing more. `earlier` is every entry judged before, in any order.
 */
export function countsAsMistake(earlier: Iterable<JudgedEntry>, entry: JudgedEntry): boolean {
  if (entry.verdict !== 'wrong') return false;
  for (const e of earlier) {
    if (e.verdict === 'wrong' && e.cell === entry.cell && e.digit === entry.digit) return false;
  }
  return true;
}

/** The mistakes of a log of judged entries, in the order they were made. */
export function mistakesIn(entries: readonly JudgedEntry[]): number {
  const seen = new Set<number>();
  let mistakes = 0;
  for (const e of entries) {
    if (e.verdict !== 'wrong') continue;
    const key = e.cell * 10 + e.digit;
    if (seen.has(key)) continue;
    seen.add(key);
    mistakes += 1;
  }
  return mistakes;
}

/**
 * Commit–reveal: the lowercase hex SHA-256 of the ASCII text `puzzle + solution + secret`
 * (81 + 81 digits, '0' for blanks, then the secret as 64 lowercase hex digits) — what
 * `printf '%s' "$PUZZLE$SOLUTION$SECRET" | sha256sum` prints. The server commits with it at the
 * start; clients check the revealed secret with it.
 */
export function commitmentOf(puzzle: string, solution: string, secret: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${puzzle}${solution}${secret}`)));
}

/**
 * The fastest a person places digits in a race: a finish whose right digits came at a median
 * of less than this apart (ms, over at least `PLAUSIBLE_MIN_CELLS` of them) is flagged
 * `tooFast` — not ranked, not rated. Generous on purpose: a strong solver on an easy board
 * places a digit every second or two; a script does it in tens of milliseconds.
 */
export const HUMAN_FLOOR_MS_PER_CELL = 500;
export const PLAUSIBLE_MIN_CELLS = 10;

/**
 * Whether right digits placed at these times (ms, in order) came faster than a person places
 * them: their median gap is under `floorMs` (0: never), over at least `PLAUSIBLE_MIN_CELLS`.
 * The rule of a race's `tooFast` flag and of an unranked daily solve.
 */
export function isTooFast(times: readonly number[], floorMs = HUMAN_FLOOR_MS_PER_CELL): boolean {
  if (floorMs <= 0 || times.length < PLAUSIBLE_MIN_CELLS) return false;
  const gaps = times.slice(1).map((at, i) => at - times[i]!);
  gaps.sort((a, b) => a - b);
  const middle = gaps.length / 2;
  const median =
    gaps.length % 2 === 1 ? gaps[Math.floor(middle)]! : (gaps[middle - 1]! + gaps[middle]!) / 2;
  return median < floorMs;
}

/**
 * Ratings (docs/PROTOCOL.md, "Ratings"): a race that ended less than this long after its go
 * (ms on the race clock) rates nobody, and a runner who left, gave up or went idle within it
 * plays no rated game — puppets that join and leave move no rating.
 */
export const MIN_RATED_RACE_MS = 30_000;

/**
 * A member gets at most one `race:progress` per this many ms: the moves of everyone else in
 * between arrive together (the mover hears of its own move at once, in the acknowledgement).
 */
export const PROGRESS_BATCH_MS = 200;

/**
 * Why an ended race changed no rating (`RaceView.unrated`): the room is unrated; it ended
 * before `MIN_RATED_RACE_MS`; fewer than two runners remained once each device's first race
 * (a device the server had never seen finish a race plays it unrated) was set aside; fewer
 * than two rated runners for another reason (kicked, two seats of one device, too fast, early
 * quits, another rated race of the device at the same time). A race on the host's own puzzle
 * (`room:puzzle`: the host has seen it) is never rated: `importedPuzzle`.
 */
export const UNRATED_REASONS = [
  'roomUnrated',
  'importedPuzzle',
  'handicap',
  'relaxed',
  'tooShort',
  'firstRaces',
  'tooFewPlayers',
] as const;
export type UnratedReason = (typeof UNRATED_REASONS)[number];

/** Bounds of each room setting (the schema enforces them; a settings form offers them). */
export const SETTINGS_LIMITS = {
  allowedMistakes: { min: 0, max: 20 },
  penaltySeconds: { min: 1, max: 600 },
  timeLimitSec: { min: 30, max: 7200 },
  maxPlayers: { min: 1, max: 16 },
  idleOutSec: { min: 60, max: 3600 },
  delaySeconds: { min: 5, max: 600 },
} as const;

/** What each mistake rule starts at when a host switches to it. */
export const MISTAKE_RULE_DEFAULTS = {
  eliminate: { kind: 'eliminate', allowed: 3 },
  penalty: { kind: 'penalty', seconds: 30 },
} as const;

/** The choices a settings form offers (null: no limit / never); any value in bounds is valid. */
export const TIME_LIMIT_CHOICES = [null, 300, 600, 900, 1800, 3600] as const;
export const IDLE_OUT_CHOICES = [null, 120, 300, 600] as const;
export const SPECTATOR_DIGIT_CHOICES = [
  { kind: 'end' },
  { kind: 'delay', seconds: 30 },
  { kind: 'live' },
] as const;

/**
 * The reactions a member may send (`room:react`): a small fixed set, no free text. The web
 * client shows them on the TV lanes and beside the board, never over it.
 */
export const REACTIONS = ['👏', '🔥', '😮', '😂', '💪', '🎉'] as const;
export type Reaction = (typeof REACTIONS)[number];
/** Each connection may send at most `count` reactions in any `windowMs` (then RATE_LIMITED). */
export const REACTION_LIMIT = { count: 3, windowMs: 5_000 } as const;
/**
 * Player colours: every seat gets an index into the clients' palette of this many colours
 * (`PlayerView.colour`), the lowest one no other seat holds (repeating past eight seats).
 */
export const PLAYER_COLOURS = 8;

export * from './modes.ts';

/** A new room's settings. */
export const DEFAULT_SETTINGS: RoomSettings = {
  variant: 'percent',
  difficulty: 'easy',
  mistakes: MISTAKE_RULE_DEFAULTS.eliminate,
  timeLimitSec: 1800,
  maxPlayers: 8,
  locked: false,
  spectatorDigits: SPECTATOR_DIGIT_CHOICES[0],
  idleOutSec: null,
  rated: true,
  teams: null,
  handicap: false,
  relaxed: false,
};

/** A member who may do nothing (a spectator's `you.can`; a client's default before a view). */
export const NOTHING_ALLOWED: Permissions = {
  ready: false,
  sitOut: false,
  start: null,
  settings: null,
  remove: [],
  makeHost: [],
  endRace: false,
  rematch: false,
  forfeit: false,
  move: false,
  startTournament: false,
  endTournament: false,
  teams: false,
};

/**
 * Characters that show nothing or break a line: control and format characters, line and
 * paragraph separators, and the blank "letters" (Hangul fillers, the Braille blank, Mongolian
 * and Khmer invisibles) that would let a name look empty or like another one.
 */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|\u115F|\u1160|\u17B4|\u17B5|\u180E|\u2800|\u3164|\uFFA0/gu;
/** A surrogate half without its other half (text that is not well-formed UTF-16). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A nickname as the room shows it: NFC-normalised, invisible characters removed, runs of
 * spaces made one, trimmed. Undefined for text with a lone surrogate half (broken UTF-16).
 */
export function cleanNickname(text: string): string | undefined {
  if (LONE_SURROGATE.test(text)) return undefined;
  return text.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
}

/** Latin look-alikes (Cyrillic, Greek) of the letters of "host". */
const LOOK_ALIKES: Record<string, string> = {
  н: 'h',
  һ: 'h',
  η: 'h',
  о: 'o',
  ο: 'o',
  ө: 'o',
  ѕ: 's',
  т: 't',
  τ: 't',
  с: 'c',
  і: 'i',
};
/** Words a room shows beside its host: a player named so would pass for the host. */
const HOST_WORDS = new Set(['host', '主持人', '房主']);

/**
 * True when a nickname would read as the host's tag: "Host", "HOST", "Ноst" (Cyrillic letters),
 * "Ｈｏｓｔ" (full width), "host!" — letters folded by NFKC, case and look-alikes, anything but
 * letters ignored.
 */
export function passesForHost(nickname: string): boolean {
  const folded = [...nickname.normalize('NFKC').toLowerCase()]
    .map((ch) => LOOK_ALIKES[ch] ?? ch)
    .join('')
    .replace(/[^\p{L}]/gu, '');
  return HOST_WORDS.has(folded);
}

/**
 * The headers that name the asking device on `/api` requests (never the URL): its id and its
 * secret (`DeviceSecretSchema`). Required by `GET /api/history` and the daily's attempts;
 * optional elsewhere (`GET /api/daily…` adds the device's own standing).
 */
export const DEVICE_HEADERS = {
  id: 'percent-device-id',
  secret: 'percent-device-secret',
} as const;
