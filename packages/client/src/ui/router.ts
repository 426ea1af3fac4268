/**
 * A small history router: `path` is a signal of `location.pathname`; `navigate(to)` pushes a
 * new entry; `<Link>` (ui/Link.tsx) uses it so in-app links do not reload the page.
 */
import { signal } from '@preact/signals';

export const path = signal(typeof location === 'undefined' ? '/' : location.pathname);

if (typeof window !== 'undefined')
  window.addEventListener('popstate', () => {
    path.value = location.pathname;
  });

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === location.pathname + location.search) return;
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  path.value = location.pathname;
  window.scrollTo(0, 0);
}

export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'solo' }
  | { readonly page: 'lab' }
  | { readonly page: 'room'; readonly code: string }
  /** A finished race's replay (`/race/ID`, the id of `GET /api/races/ID`). */
  | { readonly page: 'replay'; readonly raceId: string }
  /** A solve recorded on this device (`/replay/ID`, `state/solve-record.ts`). */
  | { readonly page: 'soloReplay'; readonly solveId: string }
  /** Today's daily puzzles (`/daily`) or one day's (`/daily/2026-11-25/percent`). */
  | { readonly page: 'daily'; readonly day: string | null; readonly variant: string | null }
  /** A daily played against the server (`/daily/2026-11-25/percent/play`). */
  | { readonly page: 'dailyPlay'; readonly day: string; readonly variant: string }
  /** An evening of rounds as stored (`/tournament/ID`, `GET /api/tournaments/ID`). */
  | { readonly page: 'tournament'; readonly tournamentId: string }
  | { readonly page: 'notFound' };

/**
 * `/` home, `/solo`, `/lab`, `/r/CODE` (any case; the room page normalises), `/race/ID`,
 * `/replay/ID`, `/tournament/ID`, `/daily`, `/daily/DAY/VARIANT`, `/daily/DAY/VARIANT/play`, else not found.
 */
export function matchRoute(pathname: string): Route {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  if (trimmed === '/') return { page: 'home' };
  if (trimmed === '/solo') return { page: 'solo' };
  if (trimmed === '/lab') return { page: 'lab' };
  const room = /^\/r\/([A-Za-z0-9_-]{1,32})$/.exec(trimmed);
  if (room) return { page: 'room', code: decodeURIComponent(room[1]!) };
  const race = /^\/race\/([A-Za-z0-9_-]{1,64})$/.exec(trimmed);
  if (race) return { page: 'replay', raceId: race[1]! };
  const evening = /^\/tournament\/([A-Za-z0-9_-]{1,64})$/.exec(trimmed);
  if (evening) return { page: 'tournament', tournamentId: evening[1]! };
  const solve = /^\/replay\/([A-Za-z0-9_-]{1,64})$/.exec(trimmed);
  if (solve) return { page: 'soloReplay', solveId: solve[1]! };
  if (trimmed === '/daily') return { page: 'daily', day: null, variant: null };
  const daily = /^\/daily\/(\d{4}-\d{2}-\d{2})\/([a-z]{1,16})$/.exec(trimmed);
  if (daily) return { page: 'daily', day: daily[1]!, variant: daily[2]! };
  const play = /^\/daily\/(\d{4}-\d{2}-\d{2})\/([a-z]{1,16})\/play$/.exec(trimmed);
  if (play) return { page: 'dailyPlay', day: play[1]!, variant: play[2]! };
  return { page: 'notFound' };
}
