/** What the solo page's address asks for (`?ghost=…`, `?daily=DAY:VARIANT`): pure. */
import { ghostSourceText, parseGhostSource, type GhostSource } from '../../state/ghost-source.ts';
import type { SoloOrigin } from './session.ts';

/** What the solo page's address asks for: a ghost, a daily, or nothing (the last game). */
export type SoloRequest =
  | { readonly kind: 'ghost'; readonly source: GhostSource }
  | { readonly kind: 'daily'; readonly day: string; readonly variant: string }
  | { readonly kind: 'none' };

export function soloRequestOf(search: string): SoloRequest {
  const params = new URLSearchParams(search);
  const source = parseGhostSource(params.get('ghost'));
  if (source) return { kind: 'ghost', source };
  const daily = /^(\d{4}-\d{2}-\d{2}):([a-z]{1,16})$/.exec(params.get('daily') ?? '');
  if (daily) return { kind: 'daily', day: daily[1]!, variant: daily[2]! };
  return { kind: 'none' };
}

/** Whether the game in progress already answers the request (a reload keeps it). */
export function answers(current: Current | undefined, request: SoloRequest): boolean {
  if (request.kind === 'none') return current !== undefined;
  if (!current) return false;
  if (request.kind === 'ghost') return current.ghost?.source === ghostSourceText(request.source);
  const { origin } = current;
  return (
    current.ghost === undefined &&
    origin.kind === 'daily' &&
    origin.day === request.day &&
    origin.variant === request.variant
  );
}

/** What `answers` reads of a game. */
interface Current {
  readonly origin: SoloOrigin;
  readonly ghost: { readonly source: string } | undefined;
}
