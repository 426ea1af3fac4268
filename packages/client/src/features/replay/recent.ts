/**
 * This device's replays, newest first: its races (`GET /api/history`) and its
 * recorded solves (`loadSolves()`), merged into one list of links.
 */
import type { HistoryEntryView } from '@percent/protocol';
import type { SolveRecord } from '../../state/solve-record.ts';

export type RecentEntry =
  | {
      readonly kind: 'race';
      readonly href: string;
      readonly when: number;
      readonly race: HistoryEntryView;
    }
  | {
      readonly kind: 'solve';
      readonly href: string;
      readonly when: number;
      readonly solve: SolveRecord;
    };

export function recentEntries(
  races: readonly HistoryEntryView[],
  solves: readonly SolveRecord[],
  limit: number,
): RecentEntry[] {
  const entries: RecentEntry[] = [
    ...races.map((race) => ({
      kind: 'race' as const,
      href: `/race/${encodeURIComponent(race.raceId)}`,
      when: race.endedAt,
      race,
    })),
    ...solves.map((solve) => ({
      kind: 'solve' as const,
      href: `/replay/${encodeURIComponent(solve.id)}`,
      when: solve.startedAt + solve.timeMs,
      solve,
    })),
  ];
  return entries.sort((a, b) => b.when - a.when).slice(0, limit);
}

/** The device's races; [] when the server cannot be asked (offline: the solves still show). */
export async function fetchHistory(
  headers: Record<string, string>,
  limit: number,
): Promise<HistoryEntryView[]> {
  try {
    const response = await fetch(`/api/history?limit=${limit}`, { headers, cache: 'no-store' });
    if (!response.ok) return [];
    const body = (await response.json()) as { entries?: unknown };
    return Array.isArray(body.entries) ? (body.entries as HistoryEntryView[]) : [];
  } catch {
    return [];
  }
}
