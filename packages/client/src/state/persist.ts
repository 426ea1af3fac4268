import { CELLS, formatGrid, isVariantId } from '@percent/engine';
import { createGame, VERDICTS, type GameState, type Verdict } from './game.ts';
import { gridOf } from './grid-text.ts';
import { decodeStack, encodeStack } from './history-codec.ts';
import type { Marks } from './marks.ts';

/**
 * A game as plain JSON (for localStorage), one format for solo and race: givens and entries
 * as 81-character strings, marks and colours as arrays of bit sets, each entry's verdict as
 * one letter, and the undo/redo history as compact deltas (history-codec.ts), bounded to the
 * `SAVED_HISTORY` steps nearest the current board. Saves from before colours, verdicts and
 * history load with none.
 */
export interface SavedGame {
  readonly variant: string;
  readonly givens: string;
  readonly entries: string;
  readonly corner: readonly number[];
  readonly centre: readonly number[];
  readonly colours?: readonly number[];
  /** 81 letters: '.' none, 'p' pending, 'c' confirmed, 'w' wrong. */
  readonly verdicts?: string;
  readonly past?: readonly string[];
  readonly future?: readonly string[];
}

/** Undo (and redo) steps a save keeps. */
export const SAVED_HISTORY = 200;

const VERDICT_LETTERS = { none: '.', pending: 'p', confirmed: 'c', wrong: 'w' } as const;
const LETTER_VERDICTS = new Map<string, Verdict>(VERDICTS.map((v) => [VERDICT_LETTERS[v], v]));

export function saveGame(state: GameState): SavedGame {
  const { marks } = state;
  return {
    variant: state.variant,
    givens: formatGrid(state.givens),
    entries: formatGrid(marks.entries),
    corner: [...marks.corner],
    centre: [...marks.centre],
    colours: [...marks.colours],
    verdicts: state.verdicts.map((v) => VERDICT_LETTERS[v]).join(''),
    past: encodeStack(state.past, marks, SAVED_HISTORY),
    future: encodeStack(state.future, marks, SAVED_HISTORY),
  };
}

/** The game back, or undefined when the data is not a saved game (tampering, garbage). */
export function loadGame(data: unknown): GameState | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const saved = data as Partial<SavedGame>;
  if (typeof saved.variant !== 'string' || !isVariantId(saved.variant)) return undefined;
  const givens = gridOf(saved.givens);
  const entries = gridOf(saved.entries);
  const corner = bitsOf(saved.corner);
  const centre = bitsOf(saved.centre);
  const colours = saved.colours === undefined ? new Uint16Array(CELLS) : bitsOf(saved.colours);
  const verdicts = verdictsOf(saved.verdicts);
  if (!givens || !entries || !corner || !centre || !colours || !verdicts) return undefined;
  const game = createGame({ variant: saved.variant, givens, entries });
  const marks: Marks = { entries: game.marks.entries, corner, centre, colours };
  const past = saved.past === undefined ? [] : decodeStack(saved.past, marks);
  const future = saved.future === undefined ? [] : decodeStack(saved.future, marks);
  // An unreadable history costs the undo steps, never the board.
  return { ...game, marks, verdicts, past: past ?? [], future: past ? (future ?? []) : [] };
}

const bitsOf = (list: unknown): Uint16Array | undefined =>
  Array.isArray(list) &&
  list.length === CELLS &&
  list.every((n) => Number.isInteger(n) && n >= 0 && n < 1024)
    ? Uint16Array.from(list as number[])
    : undefined;

function verdictsOf(text: unknown): Verdict[] | undefined {
  if (text === undefined) return Array.from({ length: CELLS }, (): Verdict => 'none');
  if (typeof text !== 'string' || text.length !== CELLS) return undefined;
  const out = [...text].map((letter) => LETTER_VERDICTS.get(letter));
  return out.every((v) => v !== undefined) ? (out as Verdict[]) : undefined;
}
