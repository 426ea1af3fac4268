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
import { readStoredJson, writeStored } from '../../ui/storage.ts';
import { elapsed, pause, resume, stopped, type Stopwatch } from './timer.ts';

export interface Session {
  readonly game: Signal<GameState>;
  readonly difficulty: DifficultyName;
  readonly solution: Grid;
  readonly grade: Grade;
  readonly clues: number;
  readonly watch: Signal<Stopwatch>;
  readonly solved: Signal<boolean>;
  /** The SAT solver filled the board in: the finish is not the player's own. */
  readonly assisted: Signal<boolean>;
}

interface SavedSession {
  readonly game: SavedGame;
  readonly difficulty: string;
  readonly solution: string;
  readonly grade: Grade;
  readonly clues: number;
  readonly elapsedMs: number;
  readonly solved: boolean;
  readonly assisted?: boolean;
}

const KEY = 'solo';

export function startSession(
  variant: VariantIdName,
  difficulty: DifficultyName,
  found: { puzzle: Grid; solution: Grid; grade: Grade; clues: number },
): Session {
  return {
    game: signal(createGame({ variant, givens: found.puzzle })),
    difficulty,
    solution: found.solution,
    grade: found.grade,
    clues: found.clues,
    watch: signal(resume(stopped(), performance.now())),
    solved: signal(false),
    assisted: signal(false),
  };
}

/** True when the board is complete and breaks no rule; stops the clock the first time. */
export function updateSolved(session: Session): boolean {
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
  if (typeof data.grade !== 'object' || data.grade === null) return undefined;
  return {
    game: signal(game),
    difficulty: data.difficulty,
    solution: solution.grid,
    grade: data.grade,
    clues: Number(data.clues) || 0,
    watch: signal(stopped(Number(data.elapsedMs) || 0)),
    solved: signal(data.solved === true),
    assisted: signal(data.assisted === true),
  };
}
