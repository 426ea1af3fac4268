/** What the solo page's address asks for (`?ghost=…`): pure. */
import { ghostSourceText, parseGhostSource, type GhostSource } from '../../state/ghost-source.ts';

/**
 * What the solo page's address asks for: a ghost, or nothing (the last game). A daily is played
 * against the server on its own page (`/daily/DAY/VARIANT/play`), not here.
 */
export type SoloRequest =
  { readonly kind: 'ghost'; readonly source: GhostSource } | { readonly kind: 'none' };

export function soloRequestOf(search: string): SoloRequest {
  const source = parseGhostSource(new URLSearchParams(search).get('ghost'));
  return source ? { kind: 'ghost', source } : { kind: 'none' };
}

/** Whether the game in progress already answers the request (a reload keeps it). */
export function answers(current: Current | undefined, request: SoloRequest): boolean {
  if (request.kind === 'none') return current !== undefined;
  return current?.ghost?.source === ghostSourceText(request.source);
}

/** What `answers` reads of a game. */
interface Current {
  readonly ghost: { readonly source: string } | undefined;
}
