/**
 * Solo play state: the current puzzle (with its solution and grade), the board, the stopwatch
 * and what the side panel shows. Survives a reload through localStorage ('percent.solo').
 */
import {
  combine,
  createGame,
  loadGame,
  saveGame,
  type GameState,
  type SavedGame,
} from '../../state/index.ts';
import {
  formatGrid,
  getVariant,
  isDifficulty,
  isSolved,
  parseGrid,
  type DifficultyName,
  type Grade,
  type Grid,
  type VariantIdName,
} from '@percent/engine';
import { signal, type Signal } from '@preact/signals';
import { z } from 'zod';
import { SolveRecordSchema, type SolveMove } from '../../state/solve-record.ts';
import { readStoredJson, writeStored } from '../../ui/storage.ts';
import type { GhostTrack } from './ghost/ghost.ts';
import { entriesKey, movesBetween } from './recorder.ts';
import { elapsed, pause, resume, stopped, type Stopwatch } from '../../state/stopwatch.ts';

const OriginSchema = z.union([
  z.object({ kind: z.literal('solo') }),
  /**
   * The daily puzzle of that day and variant, raced against one of its ghosts: practice, never
   * ranked (ranked solves are played against the server: features/daily/play).
   */
  z.object({ kind: z.literal('daily'), day: z.string(), variant: z.string() }),
]);
export type SoloOrigin = z.infer<typeof OriginSchema>;

const GhostSchema = z.object({
  /** The `?ghost=` value it was loaded from. */
  source: z.string(),
  track: z.object({
    name: z.string(),
    puzzle: z.string().length(81),
    solution: z.string().length(81),
    moves: z.array(z.object({ at: z.number(), cell: z.number(), digit: z.number() })),
  }),
});
export interface SessionGhost {
  readonly source: string;
  readonly track: GhostTrack;
}

const MovesSchema = SolveRecordSchema.shape.moves;

export interface Session {
  readonly game: Signal<GameState>;
  readonly difficulty: DifficultyName;
  readonly solution: Grid;
  /** null when the puzzle came without one (a ghost's puzzle from a race or a solve). */
  readonly grade: Grade | null;
  readonly clues: number;
  readonly watch: Signal<Stopwatch>;
  /**
   * A race against a ghost begins with a countdown (3, 2, 1, go), as a race does: meanwhile
   * the stopwatch — and the ghost — wait and the board takes no entry.
   */
  readonly countdown: Signal<boolean>;
  readonly solved: Signal<boolean>;
  /** The SAT solver (or Reveal) filled the board in: the finish is not the player's own. */
  readonly assisted: Signal<boolean>;
  readonly origin: SoloOrigin;
  /** The recorded solve raced alongside, if any. */
  readonly ghost: SessionGhost | undefined;
  /** Epoch ms when the game began. */
  readonly startedAt: number;
  /** Every entry change on the stopwatch, and the entries they lead to (recorder.ts). */
  readonly log: { moves: SolveMove[]; entries: string };
  /** The solve record saved at the finish (`/replay/ID`); undefined before. */
  readonly recordedId: Signal<string | undefined>;
}

interface SavedSession {
  readonly game: SavedGame;
  readonly difficulty: string;
  readonly solution: string;
  readonly grade: Grade | null;
  readonly clues: number;
  readonly elapsedMs: number;
  readonly solved: boolean;
  readonly assisted?: boolean;
  readonly origin?: unknown;
  readonly ghost?: unknown;
  readonly startedAt?: number;
  readonly moves?: unknown;
  readonly recordedId?: string;
}

const KEY = 'solo';

export function startSession(
  variant: VariantIdName,
  difficulty: DifficultyName,
  found: { puzzle: Grid; solution: Grid; grade: Grade | null; clues: number },
  extra: { origin?: SoloOrigin; ghost?: SessionGhost } = {},
): Session {
  return {
    game: signal(createGame({ variant, givens: found.puzzle })),
    difficulty,
    solution: found.solution,
    grade: found.grade,
    clues: found.clues,
    watch: signal(extra.ghost ? stopped() : resume(stopped(), performance.now())),
    countdown: signal(extra.ghost !== undefined),
    solved: signal(false),
    assisted: signal(false),
    origin: extra.origin ?? { kind: 'solo' },
    ghost: extra.ghost,
    startedAt: Date.now(),
    log: { moves: [], entries: '0'.repeat(81) },
    recordedId: signal(undefined),
  };
}

/** Appends the entry changes since the last call to the log, at the stopwatch's time. */
function recordMoves(session: Session): void {
  if (session.solved.peek()) return;
  const entries = entriesKey(session.game.peek().marks.entries);
  if (entries === session.log.entries) return;
  const at = elapsed(session.watch.peek(), performance.now());
  const solution = formatGrid(session.solution);
  session.log.moves.push(...movesBetween(session.log.entries, entries, solution, at));
  session.log.entries = entries;
}

/** True when the board is complete and breaks no rule; stops the clock the first time. */
export function updateSolved(session: Session): boolean {
  recordMoves(session);
  const state = session.game.value;
  const done = isSolved(getVariant(state.variant), combine(state.givens, state.marks.entries));
  if (done && !session.solved.value) {
    session.watch.value = pause(session.watch.value, performance.now());
    session.solved.value = true;
  }
  return done;
}

export function saveSession(session: Session | undefined): void {
  if (!session) return writeStored(KEY, undefined);
  const saved: SavedSession = {
    game: saveGame(session.game.value),
    difficulty: session.difficulty,
    solution: formatGrid(session.solution),
    grade: session.grade,
    clues: session.clues,
    elapsedMs: elapsed(session.watch.value, performance.now()),
    solved: session.solved.value,
    assisted: session.assisted.value,
    origin: session.origin,
    ghost: session.ghost,
    startedAt: session.startedAt,
    moves: session.log.moves,
    recordedId: session.recordedId.value,
  };
  writeStored(KEY, JSON.stringify(saved));
}

/** The saved session, paused (the page resumes it when visible); undefined when none or unreadable. */
export function restoreSession(): Session | undefined {
  const data = readStoredJson(KEY) as Partial<SavedSession> | undefined;
  if (!data || typeof data !== 'object') return undefined;
  const game = loadGame(data.game);
  const solution = typeof data.solution === 'string' ? parseGrid(data.solution) : undefined;
  if (
    !game ||
    !solution?.ok ||
    typeof data.difficulty !== 'string' ||
    !isDifficulty(data.difficulty)
  )
    return undefined;
  if (typeof data.grade !== 'object') return undefined;
  const origin = OriginSchema.safeParse(data.origin);
  const ghost = GhostSchema.safeParse(data.ghost);
  const moves = MovesSchema.safeParse(data.moves);
  return {
    game: signal(game),
    difficulty: data.difficulty,
    solution: solution.grid,
    grade: data.grade ?? null,
    clues: Number(data.clues) || 0,
    watch: signal(stopped(Number(data.elapsedMs) || 0)),
    countdown: signal(false),
    solved: signal(data.solved === true),
    assisted: signal(data.assisted === true),
    origin: origin.success ? origin.data : { kind: 'solo' },
    ghost: ghost.success ? ghost.data : undefined,
    startedAt: Number(data.startedAt) || Date.now(),
    // A save from before the recorder: the entries so far count as one move at the restore.
    log: {
      moves: moves.success ? moves.data : [],
      entries: moves.success ? entriesKey(game.marks.entries) : '0'.repeat(81),
    },
    recordedId: signal(typeof data.recordedId === 'string' ? data.recordedId : undefined),
  };
}
