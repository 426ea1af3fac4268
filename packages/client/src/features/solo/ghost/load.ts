/**
 * Loading a ghost: its puzzle and its timeline, from the server (a stored race, a daily's
 * leader) or from this device's solves. Answers are parsed with zod: a reply that makes no
 * sense is an error value, never thrown.
 */
import { Technique, type Grade } from '@percent/engine';
import { API_VALUES, DIFFICULTIES, VARIANTS } from '@percent/protocol';
import { z } from 'zod';
import { t } from '../../../i18n/index.ts';
import { deviceHeaders } from '../../../net/identity.ts';
import { loadSolve } from '../../../state/solve-record.ts';
import type { GhostTrack } from './ghost.ts';
import { trackOfRace } from './race-track.ts';
import type { GhostSource } from '../../../state/ghost-source.ts';

export interface LoadedGhost {
  readonly variant: (typeof VARIANTS)[number];
  readonly difficulty: (typeof DIFFICULTIES)[number];
  /** The ghost, or none when the daily has no solve yet (the puzzle is still played). */
  readonly track: GhostTrack | undefined;
  readonly puzzle: string;
  readonly solution: string;
  /** The server's grade (a daily); null for a race's or a solve's puzzle. */
  readonly grade: Grade | null;
}

export type GhostLoad =
  | { readonly ok: true; readonly ghost: LoadedGhost }
  | { readonly ok: false; readonly message: string };

// The server's answers, as the protocol says them.
const RaceReply = API_VALUES.race;
const DailyReply = API_VALUES.daily;
const GhostReply = API_VALUES.dailyGhost;
/** The grade's hardest step, one of the engine's techniques (the protocol sends its id). */
const Hardest = z.enum([...Object.values(Technique), 'search']);

export async function loadGhost(source: GhostSource): Promise<GhostLoad> {
  try {
    if (source.kind === 'solve') return fromSolve(source.solveId);
    if (source.kind === 'race') return await fromRace(source.raceId, source.playerId);
    return await fromDaily(source.day, source.variant);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

function fromSolve(id: string): GhostLoad {
  const solve = loadSolve(id);
  if (!solve) return { ok: false, message: t('ghost.notFound') };
  const variant = z.enum(VARIANTS).safeParse(solve.variant);
  const difficulty = z.enum(DIFFICULTIES).safeParse(solve.difficulty);
  if (!variant.success || !difficulty.success) return { ok: false, message: t('ghost.notFound') };
  const { puzzle, solution, moves } = solve;
  const name = t('ghost.yourSolve');
  return {
    ok: true,
    ghost: {
      variant: variant.data,
      difficulty: difficulty.data,
      puzzle,
      solution,
      grade: null,
      track: { name, puzzle, solution, moves },
    },
  };
}

async function fromRace(raceId: string, playerId: string): Promise<GhostLoad> {
  const response = await fetch(`/api/races/${encodeURIComponent(raceId)}`);
  if (!response.ok) return { ok: false, message: await problemOf(response) };
  const parsed = RaceReply.safeParse(await response.json());
  if (!parsed.success) return { ok: false, message: 'the race could not be read' };
  const { race } = parsed.data;
  const track = trackOfRace(race, playerId);
  if (!track) return { ok: false, message: t('ghost.noPlayer') };
  const { puzzle, solution } = race;
  return {
    ok: true,
    ghost: {
      variant: race.variant,
      difficulty: race.difficulty,
      puzzle,
      solution,
      grade: null,
      track,
    },
  };
}

/**
 * A daily's leader as a ghost, for a device that has solved the day (the ghost's moves show
 * the solution: the server answers `GHOST_LOCKED` before). Practice: never ranked.
 */
async function fromDaily(day: string, variant: string): Promise<GhostLoad> {
  const base = `/api/daily/${day}/${encodeURIComponent(variant)}`;
  const headers = deviceHeaders();
  const [dayResponse, ghostResponse] = await Promise.all([
    fetch(base, { headers, cache: 'no-store' }),
    fetch(`${base}/ghost?rank=1`, { headers, cache: 'no-store' }),
  ]);
  if (!dayResponse.ok) return { ok: false, message: await problemOf(dayResponse) };
  if (!ghostResponse.ok) return { ok: false, message: await problemOf(ghostResponse) };
  const daily = DailyReply.safeParse(await dayResponse.json());
  const ghost = GhostReply.safeParse(await ghostResponse.json());
  const kind = z.enum(VARIANTS).safeParse(variant);
  const hardest = Hardest.safeParse(daily.data?.grade.hardest);
  if (!daily.success || !ghost.success || !kind.success || !hardest.success)
    return { ok: false, message: 'the daily could not be read' };
  const { puzzle, solution } = ghost.data;
  const track = { name: ghost.data.entry.nickname, puzzle, solution, moves: ghost.data.moves };
  return {
    ok: true,
    ghost: {
      variant: kind.data,
      difficulty: daily.data.grade.difficulty,
      puzzle,
      solution,
      // The solo panel shows difficulty, score and hardest step; the counts stay on the server.
      grade: { ...daily.data.grade, hardest: hardest.data, steps: 0, counts: {} },
      track,
    },
  };
}

/** The server's error message, or the HTTP status. */
export async function problemOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // not JSON
  }
  return `HTTP ${response.status}`;
}
