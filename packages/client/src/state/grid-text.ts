/**
 * Boards as text: the protocol's (81 characters, `0` blank) and saved games' (`.` blank). The
 * engine's `parseGrid` reads them; a malformed board is reported as undefined, never read as
 * blanks, so each caller decides what a bad board means for it.
 */
import { parseGrid, type Grid } from '@percent/engine';

/** The grid `text` spells, or undefined when it is not 81 cells of `1`–`9`, `0` or `.`. */
export function gridOf(text: unknown): Grid | undefined {
  if (typeof text !== 'string') return undefined;
  const parsed = parseGrid(text);
  return parsed.ok ? parsed.grid : undefined;
}
