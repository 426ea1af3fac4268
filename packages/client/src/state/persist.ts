import { CELLS, formatGrid, isVariantId } from '@percent/engine';
import { createGame, type GameState } from './game.ts';
import { gridOf } from './grid-text.ts';

/**
 * A game as plain JSON (for localStorage): givens and entries as 81-character strings,
 * marks as arrays of bit sets. History is not kept: a reloaded game starts a fresh undo stack.
 */
export interface SavedGame {
  readonly variant: string;
  readonly givens: string;
  readonly entries: string;
  readonly corner: readonly number[];
  readonly centre: readonly number[];
}

export function saveGame(state: GameState): SavedGame {
  return {
    variant: state.variant,
    givens: formatGrid(state.givens),
    entries: formatGrid(state.marks.entries),
    corner: [...state.marks.corner],
    centre: [...state.marks.centre],
  };
}

/** The game back, or undefined when the data is not a saved game (old format, tampering). */
export function loadGame(data: unknown): GameState | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const saved = data as Partial<SavedGame>;
  if (typeof saved.variant !== 'string' || !isVariantId(saved.variant)) return undefined;
  const givens = gridOf(saved.givens);
  const entries = gridOf(saved.entries);
  const corner = marksOf(saved.corner);
  const centre = marksOf(saved.centre);
  if (!givens || !entries || !corner || !centre) return undefined;
  const game = createGame({ variant: saved.variant, givens, entries });
  return { ...game, marks: { entries: game.marks.entries, corner, centre } };
}

const marksOf = (list: unknown): Uint16Array | undefined =>
  Array.isArray(list) &&
  list.length === CELLS &&
  list.every((n) => Number.isInteger(n) && n >= 0 && n < 1024)
    ? Uint16Array.from(list as number[])
    : undefined;
