/**
 * Where a replay comes from: `GET /api/races/:id` for a race (a plain fetch: no socket is
 * needed to look), this device's solve records for a solve.
 */
import { loadSolve } from '../../state/solve-record.ts';
import { parseRaceReply, replayOfRace, replayOfSolve, type ReplayRecord } from './replay-record.ts';

export type ReplaySource =
  { readonly kind: 'race'; readonly id: string } | { readonly kind: 'solve'; readonly id: string };

export type Loaded =
  | { readonly kind: 'ready'; readonly record: ReplayRecord }
  /** No finished race (or recorded solve) has this id. */
  | { readonly kind: 'notFound' }
  /** Could not ask, or the answer made no sense: worth trying again. */
  | { readonly kind: 'failed'; readonly message: string };

export async function loadReplay(source: ReplaySource, signal?: AbortSignal): Promise<Loaded> {
  if (source.kind === 'solve') {
    const solve = loadSolve(source.id);
    const record = solve && replayOfSolve(solve);
    return record ? { kind: 'ready', record } : { kind: 'notFound' };
  }
  try {
    const response = await fetch(`/api/races/${encodeURIComponent(source.id)}`, { signal });
    // 400: not even a well-formed race id.
    if (response.status === 404 || response.status === 400) return { kind: 'notFound' };
    if (!response.ok) return { kind: 'failed', message: `HTTP ${response.status}` };
    const parsed = parseRaceReply(await response.json());
    if (!parsed.ok) return { kind: 'failed', message: parsed.message };
    return { kind: 'ready', record: replayOfRace(parsed.race) };
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
