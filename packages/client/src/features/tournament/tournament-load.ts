/**
 * An evening as stored (`GET /api/tournaments/:id`, a plain fetch: no socket is needed to
 * look), parsed with the protocol's schema.
 */
import { API_VALUES, type TournamentRecordView } from '@percent/protocol';

export type LoadedEvening =
  | { readonly kind: 'ready'; readonly evening: TournamentRecordView }
  /** No finished round of this evening is stored (or the id is not even well formed). */
  | { readonly kind: 'notFound' }
  /** Could not ask, or the answer made no sense: worth trying again. */
  | { readonly kind: 'failed'; readonly message: string };

export async function loadEvening(id: string, signal?: AbortSignal): Promise<LoadedEvening> {
  try {
    const response = await fetch(`/api/tournaments/${encodeURIComponent(id)}`, { signal });
    if (response.status === 404 || response.status === 400) return { kind: 'notFound' };
    if (!response.ok) return { kind: 'failed', message: `HTTP ${response.status}` };
    return parseEvening(await response.json());
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

/** The answer's evening, or why it makes no sense (its first bad field). */
export function parseEvening(body: unknown): LoadedEvening {
  const parsed = API_VALUES.tournament.safeParse(body);
  if (parsed.success) return { kind: 'ready', evening: parsed.data.tournament };
  const issue = parsed.error.issues[0];
  return { kind: 'failed', message: `${issue?.path.join('.') ?? 'tournament'}: ${issue?.message}` };
}
