/**
 * Starting a solo game on a given puzzle: a ghost's (`?ghost=…`: a race, a solve of this device,
 * a daily's leader) or a daily puzzle without a ghost (`?daily=DAY:VARIANT`).
 */
import { parseGrid } from '@percent/engine';
import { signal } from '@preact/signals';
import { t } from '../../i18n/index.ts';
import { loadGhost } from '../ghost/load.ts';
import { ghostSourceText, parseGhostSource, type GhostSource } from '../ghost/source.ts';
import { notice, session } from './actions.ts';
import { saveSession, startSession, type Session } from './session.ts';

export const loadingGhost = signal(false);

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
export function answers(current: Session | undefined, request: SoloRequest): boolean {
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

/** Loads the puzzle (and the ghost, unless `withGhost` is false) and starts a game on it. */
export async function playOn(source: GhostSource, withGhost = true): Promise<void> {
  if (loadingGhost.value) return;
  loadingGhost.value = true;
  notice.value = undefined;
  try {
    const loaded = await loadGhost(source);
    if (!loaded.ok) {
      notice.value = { text: t('ghost.failed', { message: loaded.message }), tone: 'error' };
      return;
    }
    const { ghost } = loaded;
    const puzzle = parseGrid(ghost.puzzle);
    const solution = parseGrid(ghost.solution);
    if (!puzzle.ok || !solution.ok) return;
    const origin =
      source.kind === 'daily'
        ? { kind: 'daily' as const, day: source.day, variant: source.variant }
        : { kind: 'solo' as const };
    const track = withGhost ? ghost.track : undefined;
    const clues = [...ghost.puzzle].filter((c) => c !== '0').length;
    session.value = startSession(
      ghost.variant,
      ghost.difficulty,
      { puzzle: puzzle.grid, solution: solution.grid, grade: null, clues },
      { origin, ghost: track && { source: ghostSourceText(source), track } },
    );
    saveSession(session.value);
    if (withGhost && !track) notice.value = { text: t('ghost.noLeader'), tone: 'info' };
  } finally {
    loadingGhost.value = false;
  }
}

/** Carries out the address's request unless the game in progress already answers it. */
export function followRequest(request: SoloRequest): void {
  if (answers(session.peek(), request)) return;
  if (request.kind === 'ghost') void playOn(request.source);
  if (request.kind === 'daily')
    void playOn({ kind: 'daily', day: request.day, variant: request.variant }, false);
}

/** Races `source` from inside the solo page (the picker), with its address in the history. */
export function raceGhost(source: GhostSource): void {
  const href = `/solo?ghost=${encodeURIComponent(ghostSourceText(source))}`;
  history.pushState(null, '', href);
  void playOn(source);
}
