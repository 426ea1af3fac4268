/** What the solo page's address asks for (`?ghost=…`, `?puzzle=…&variant=…`): pure. */
import {
  formatGrid,
  isVariantId,
  readPuzzle,
  type Grid,
  type VariantIdName,
} from '@percent/engine';
import { ghostSourceText, parseGhostSource, type GhostSource } from '../../state/ghost-source.ts';

/**
 * What the solo page's address asks for: a ghost, a puzzle someone brought (its share address:
 * 81 cells and a variant), or nothing (the last game). A daily is played against the server on
 * its own page (`/daily/DAY/VARIANT/play`), not here.
 */
export type SoloRequest =
  | { readonly kind: 'ghost'; readonly source: GhostSource }
  | { readonly kind: 'puzzle'; readonly text: string; readonly variant: VariantIdName }
  | { readonly kind: 'none' };

export function soloRequestOf(search: string): SoloRequest {
  const params = new URLSearchParams(search);
  const source = parseGhostSource(params.get('ghost'));
  if (source) return { kind: 'ghost', source };
  const text = params.get('puzzle');
  const variant = params.get('variant') ?? 'percent';
  if (text && isVariantId(variant)) return { kind: 'puzzle', text, variant };
  return { kind: 'none' };
}

/** Whether the game in progress already answers the request (a reload keeps it). */
export function answers(current: Current | undefined, request: SoloRequest): boolean {
  if (request.kind === 'none') return current !== undefined;
  if (request.kind === 'puzzle') {
    const read = readPuzzle(request.text);
    const game = current?.game.peek();
    return (
      read.ok &&
      game?.variant === request.variant &&
      formatGrid(game.givens, '0') === formatGrid(read.grid, '0')
    );
  }
  return current?.ghost?.source === ghostSourceText(request.source);
}

/** What `answers` reads of a game. */
interface Current {
  readonly ghost: { readonly source: string } | undefined;
  readonly game: { peek(): { readonly variant: string; readonly givens: Grid } };
}
