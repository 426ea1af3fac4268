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
  | { readonly page: 'notFound' };

/** `/` home, `/solo`, `/lab`, `/r/CODE` (any case; the room page normalises), else not found. */
export function matchRoute(pathname: string): Route {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  if (trimmed === '/') return { page: 'home' };
  if (trimmed === '/solo') return { page: 'solo' };
  if (trimmed === '/lab') return { page: 'lab' };
  const room = /^\/r\/([A-Za-z0-9_-]{1,32})$/.exec(trimmed);
  if (room) return { page: 'room', code: decodeURIComponent(room[1]!) };
  return { page: 'notFound' };
}
