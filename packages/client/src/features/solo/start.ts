/**
 * Starting a solo game on a given puzzle: a ghost's (`?ghost=…`: a race, a solve of this device,
 * a daily's leader — practice: the daily's ranked solves are played on its own page).
 */
import { parseGrid } from '@percent/engine';
import { signal } from '@preact/signals';
import { t } from '../../i18n/index.ts';
import { loadGhost } from './ghost/load.ts';
import { ghostSourceText, type GhostSource } from '../../state/ghost-source.ts';
import { answers, type SoloRequest } from './request.ts';
import { choose, notice, session } from './actions.ts';
import { importPuzzle } from './import.ts';
import { saveSession, startSession, type SoloOrigin } from './session.ts';

export const loadingGhost = signal(false);

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
    const origin: SoloOrigin =
      source.kind === 'daily'
        ? { kind: 'daily', day: source.day, variant: source.variant }
        : { kind: 'solo' };
    const track = withGhost ? ghost.track : undefined;
    const clues = [...ghost.puzzle].filter((c) => c !== '0').length;
    session.value = startSession(
      ghost.variant,
      ghost.difficulty,
      { puzzle: puzzle.grid, solution: solution.grid, grade: ghost.grade, clues },
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
  if (request.kind === 'puzzle') {
    choose({ variant: request.variant });
    void importPuzzle(request.text, request.variant, { push: false });
  }
}

/** Races `source` from inside the solo page (the picker), with its address in the history. */
export function raceGhost(source: GhostSource): void {
  const href = `/solo?ghost=${encodeURIComponent(ghostSourceText(source))}`;
  history.pushState(null, '', href);
  void playOn(source);
}
