/**
 * A player's frame as a board to draw: the givens, the digits standing, and the wrong digits
 * (verdict `wrong`, drawn red) — those flashing and, in a solve, those left in their cells;
 * highlights limited to the flashes (red) and the digits just entered (the "same digit" tint),
 * so the replay never shades what the player did not see.
 */
import type { VariantIdName } from '@percent/engine';
import { createGame, setVerdict, type GameState } from '../../state/game.ts';
import type { Highlights } from '../../state/highlights.ts';
import type { PlayerFrame } from './replay-state.ts';

export function frameGame(variant: VariantIdName, puzzle: string, frame: PlayerFrame): GameState {
  const givens = Uint8Array.from(puzzle, Number);
  const entries = Uint8Array.from(frame.board, Number);
  const wrong = [...frame.standing, ...frame.flashes];
  for (const { cell, digit } of wrong) entries[cell] = digit;
  let game = createGame({ variant, givens, entries, verdict: 'confirmed' });
  for (const { cell } of wrong) game = setVerdict(game, cell, 'wrong');
  return game;
}

export function frameHighlights(frame: PlayerFrame): Highlights {
  return {
    peers: new Set(),
    sameDigit: new Set(frame.recent),
    conflicting: new Set(frame.flashes.map((f) => f.cell)),
    conflicts: [],
  };
}
