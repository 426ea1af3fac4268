/**
 * The app shell: header (home link, language, colour scheme) and the page for the URL.
 * Routes: `/` home, `/r/:code` a room (lobby, race, spectate, results), `/solo` solo play,
 * `/lab` the SAT lab, `/race/:id` and `/replay/:id` replays, `/tournament/:id` an evening, `/daily…` the daily puzzle. The
 * room, solo, lab, replay and daily pages are chunks of their own (their engine
 * workers too), loaded when first visited, so the home page loads none of them.
 */
import type { ComponentChild, ComponentType } from 'preact';
import { HomePage } from './features/home/HomePage.tsx';
import { t } from './i18n/index.ts';
import { Announcer } from './ui/Announcer.tsx';
import { useFocusOnMount } from './ui/focus.ts';
import { Header } from './ui/Header.tsx';
import { lazyComponent } from './ui/lazy.ts';
import { Link } from './ui/Link.tsx';
import { UpdateBanner } from './ui/UpdateBanner.tsx';
import { OfflineBanner } from './ui/OfflineBanner.tsx';
import { matchRoute, path } from './ui/router.ts';

const solo = lazyComponent(() => import('./features/solo/SoloPage.tsx').then((m) => m.SoloPage));
const lab = lazyComponent(() => import('./features/lab/LabPage.tsx').then((m) => m.LabPage));
const room = lazyComponent(() => import('./features/room/RoomPage.tsx').then((m) => m.RoomPage));
const replay = lazyComponent(() =>
  import('./features/replay/ReplayPage.tsx').then((m) => m.ReplayPage),
);
const tournament = lazyComponent(() =>
  import('./features/tournament/TournamentPage.tsx').then((m) => m.TournamentPage),
);
const daily = lazyComponent(() =>
  import('./features/daily/DailyPage.tsx').then((m) => m.DailyPage),
);
const dailyPlay = lazyComponent(() =>
  import('./features/daily/play/DailyPlayPage.tsx').then((m) => m.DailyPlayPage),
);

export function App() {
  const route = matchRoute(path.value);
  return (
    <>
      <Header />
      <OfflineBanner />
      <UpdateBanner />
      <main class={`page page-${route.page}`}>
        {route.page === 'home' && <HomePage />}
        {route.page === 'room' && (
          <Lazy page={room} render={(Room) => <Room code={route.code} />} />
        )}
        {route.page === 'solo' && <Lazy page={solo} render={(Solo) => <Solo />} />}
        {route.page === 'lab' && <Lazy page={lab} render={(Lab) => <Lab />} />}
        {route.page === 'replay' && (
          <Lazy
            page={replay}
            render={(Replay) => <Replay source={{ kind: 'race', id: route.raceId }} />}
          />
        )}
        {route.page === 'soloReplay' && (
          <Lazy
            page={replay}
            render={(Replay) => <Replay source={{ kind: 'solve', id: route.solveId }} />}
          />
        )}
        {route.page === 'tournament' && (
          <Lazy page={tournament} render={(Page) => <Page id={route.tournamentId} />} />
        )}
        {route.page === 'daily' && (
          <Lazy
            page={daily}
            render={(Daily) => <Daily day={route.day} variant={route.variant} />}
          />
        )}
        {route.page === 'dailyPlay' && (
          <Lazy
            page={dailyPlay}
            render={(Play) => <Play day={route.day} variant={route.variant} />}
          />
        )}
        {route.page === 'notFound' && <NotFound />}
      </main>
      <Announcer />
    </>
  );
}

function NotFound() {
  return (
    <>
      <h1 tabIndex={-1} ref={useFocusOnMount<HTMLHeadingElement>()}>
        {t('page.notFound')}
      </h1>
      <p>
        <Link href="/">{t('nav.home')}</Link>
      </p>
    </>
  );
}

interface LazyProps<P> {
  readonly page: ReturnType<typeof lazyComponent<P>>;
  readonly render: (Page: ComponentType<P>) => ComponentChild;
}

/** A lazily loaded page: "Loading…" until its chunk arrives; if it fails, a way to try again. */
function Lazy<P>({ page, render }: LazyProps<P>) {
  const Page = page.load();
  if (page.failed.value !== undefined)
    return (
      <p class="error" role="alert">
        {t('page.loadFailed')}{' '}
        <button type="button" onClick={page.retry}>
          {t('page.retry')}
        </button>
      </p>
    );
  return Page ? <>{render(Page)}</> : <p class="loading">{t('page.loading')}</p>;
}
