/**
 * TV mode: the room on a big screen across the room — full viewport, no page scroll, type
 * readable from the sofa (sizes in `vh`, so 720p and 1080p look the same). One screen per
 * phase: the lobby (code, QR, players, rules), the countdown, the race (a lane per player)
 * and the results (podium). A host on this screen gets Start, End race and Rematch; anyone
 * may leave TV mode with the button in the corner.
 */
import type { RoomView } from '@percent/protocol';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../../i18n/index.ts';
import type { RoomSession } from '../../../net/room-session.ts';
import { EndRaceButton } from '../EndRaceButton.tsx';
import { ConnectionBadge } from '../../../ui/ConnectionBadge.tsx';
import { errorText } from '../../../ui/errors.ts';
import { useAnnounceChange } from '../../../ui/race-announcements.ts';
import { useTicker } from '../../../ui/time.ts';
import { Avatar } from '../../../ui/Avatar.tsx';
import { useRecent } from '../Reactions.tsx';
import { TvLobby } from './TvLobby.tsx';
import { TvRace } from './TvRace.tsx';
import { TvResults } from './TvResults.tsx';
import { tvChoice } from './tv-mode.ts';
import './show.css';
import './tv.css';

export function TvRoom({ view, session }: { view: RoomView; session: RoomSession }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => coverPage(root.current), []);
  const error = session.error.value;
  return (
    <div
      ref={root}
      class="tv"
      role="region"
      aria-label={t('tv.label', { code: view.code })}
      tabIndex={-1}
      data-testid="tv"
      data-phase={view.phase}
    >
      <TvPhase view={view} session={session} />
      {error && (
        <p class="tv-error error" role="alert">
          {errorText(error)}
        </p>
      )}
      <TvReactions view={view} session={session} />
      <div class="tv-tools">
        <ConnectionBadge moving={session.moving.value} />
        <EndRaceButton session={session} view={view} id="tv-end-race" />
        <button
          type="button"
          class="tv-exit"
          data-testid="tv-exit"
          onClick={() => (tvChoice.value = false)}
        >
          {t('tv.exit')}
        </button>
      </div>
    </div>
  );
}

/** The room's reactions of the last seconds, in a strip by the tools: who (or "a spectator") and what. */
function TvReactions({ view, session }: { view: RoomView; session: RoomSession }) {
  const recent = useRecent(session);
  if (recent.length === 0) return null;
  return (
    <ol class="tv-reactions" data-testid="tv-reactions" aria-live="polite">
      {recent.slice(-6).map((event) => {
        const player = view.players.find((p) => p.id === event.playerId);
        return (
          <li key={`${event.at}-${event.playerId}-${event.emoji}`} class="tv-reaction">
            {player && <Avatar nickname={player.nickname} colour={player.colour} />}
            <span class="tv-reaction-who">{player?.nickname ?? t('react.spectator')}</span>
            <span class="tv-reaction-emoji">{event.emoji}</span>
          </li>
        );
      })}
    </ol>
  );
}

function TvPhase({ view, session }: { view: RoomView; session: RoomSession }) {
  switch (view.phase) {
    case 'lobby':
      return <TvLobby view={view} session={session} />;
    case 'countdown':
      return <TvCountdown view={view} session={session} />;
    case 'racing':
      return <TvRace view={view} session={session} />;
    case 'finished':
      return <TvResults view={view} session={session} />;
  }
}

function TvCountdown({ view, session }: { view: RoomView; session: RoomSession }) {
  const now = useTicker(() => session.clock.now(), 100);
  const seconds = Math.ceil(((view.race?.startsAt ?? now) - now) / 1000);
  // 3, 2, 1 through the page's live region, as on a player's screen ("Go!" comes with the race).
  useAnnounceChange(seconds > 0 ? String(seconds) : '');
  return (
    <section class="tv-countdown" data-testid="countdown">
      <p class="tv-kicker">{t('countdown.title')}</p>
      <p class="tv-countdown-number" key={seconds}>
        {seconds > 0 ? seconds : t('countdown.go')}
      </p>
      <p class="tv-kicker">
        {t(`variant.${view.settings.variant}`)} · {t(`difficulty.${view.settings.difficulty}`)}
      </p>
    </section>
  );
}

/**
 * The TV covers the page: the page under it does not scroll, and everything outside the TV
 * (header, room bar) is inert, so Tab and screen readers stay on what is shown — except the
 * page's live regions (`[data-live-regions]`), which must go on speaking. Returns the undo,
 * for when the TV closes.
 */
function coverPage(tv: HTMLElement | null): () => void {
  document.documentElement.classList.add('tv-open');
  const covered: HTMLElement[] = [];
  for (let node = tv; node && node !== document.body; node = node.parentElement)
    for (const sibling of node.parentElement?.children ?? [])
      if (
        sibling !== node &&
        sibling instanceof HTMLElement &&
        !sibling.inert &&
        !sibling.hasAttribute('data-live-regions')
      ) {
        sibling.inert = true;
        covered.push(sibling);
      }
  return () => {
    document.documentElement.classList.remove('tv-open');
    for (const element of covered) element.inert = false;
  };
}
