/**
 * What a join link shows before joining (`GET /api/rooms/:code`): whether the room is there,
 * and whether a newcomer would play or watch — so a wrong code is said at once, not after a
 * nickname. A plain fetch: no socket is needed to look.
 */
import type { RoomSummaryView } from '@percent/protocol';

/** The room, 'missing' (no open room has this code), or undefined (could not ask: offline). */
export async function fetchSummary(code: string): Promise<RoomSummaryView | 'missing' | undefined> {
  try {
    const response = await fetch(`/api/rooms/${code}`, { cache: 'no-store' });
    if (response.status === 404) return 'missing';
    if (!response.ok) return undefined;
    return ((await response.json()) as { room: RoomSummaryView }).room;
  } catch {
    return undefined;
  }
}

/** Why a newcomer would watch rather than play, or undefined when they would take a seat. */
export function watchReason(room: RoomSummaryView): 'racing' | 'locked' | 'full' | undefined {
  if (room.phase === 'countdown' || room.phase === 'racing') return 'racing';
  if (room.locked) return 'locked';
  if (room.players >= room.maxPlayers) return 'full';
  return undefined;
}

const JOIN_INTENT = 'percent:join-from-home';

/** The home page asked to join this room with the nickname already typed there. */
export function rememberJoinIntent(code: string): void {
  sessionStorage.setItem(JOIN_INTENT, code);
}

/** True once, on the room page the home page sent us to. */
export function takeJoinIntent(code: string): boolean {
  const wanted = sessionStorage.getItem(JOIN_INTENT) === code;
  sessionStorage.removeItem(JOIN_INTENT);
  return wanted;
}
