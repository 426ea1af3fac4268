/**
 * `/r/CODE`: one room from the join link to the results. Arriving asks only for a nickname
 * (remembered); a device that already holds a seat here (a reload) regains it at once with its
 * session token; `?watch=1` watches without taking a seat, and so does `?tv=1` on a device
 * with no seat here (one with a seat takes it back, shown as a TV). The server decides the
 * rest: a link opened mid-race joins as a spectator. Then the phase picks the screen: lobby,
 * countdown, race (or spectate) and results.
 */
import type { RoomSummaryView, RoomView } from '@percent/protocol';
import { effect, useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { hasMessage, t } from '../../i18n/index.ts';
import { savedNickname } from '../../net/identity.ts';
import { RoomSession } from '../../net/room-session.ts';
import { playerOf } from '@percent/net';
import { Link } from '../../ui/Link.tsx';
import { useFocusOnScreen } from '../../ui/focus.ts';
import { useRaceAnnouncements } from '../../ui/race-announcements.ts';
import { useRaceCues } from '../../sound/race-cues.ts';
import { NicknameField } from '../../ui/NicknameField.tsx';
import { codeFrom } from '../../state/room-code.ts';
import { navigate } from '../../ui/router.ts';
import { writeStored } from '../../ui/storage.ts';
import { ConfirmButton } from '../../ui/ConfirmButton.tsx';
import { ConnectionBadge } from '../../ui/ConnectionBadge.tsx';
import { afterInputPaint } from '../../ui/paint-first.ts';
import { Countdown } from './Countdown.tsx';
import { EndRaceButton } from './EndRaceButton.tsx';
import { errorText } from '../../ui/errors.ts';
import { Lobby } from './Lobby.tsx';
import { RacePlay } from './RacePlay.tsx';
import { Reactions } from './Reactions.tsx';
import { Results } from './Results.tsx';
import { fetchSummary, takeJoinIntent, watchReason } from '../../net/room-summary.ts';
import { Spectate } from './Spectate.tsx';
import { HeadStartWait } from './Handicaps.tsx';
import { TvRoom } from './show/TvRoom.tsx';
import { tvOn } from './show/tv-mode.ts';
import '../../ui/room.css';

export function RoomPage({ code }: { code: string }) {
  const parsed = codeFrom(code);
  if (!parsed)
    return (
      <p class="error" role="alert">
        {t('room.badCode', { code })} <Link href="/">{t('nav.home')}</Link>
      </p>
    );
  return <Room key={parsed} code={parsed} />;
}

/**
 * `?watch=1` always watches. `?tv=1` watches too, unless this device holds a seat here: then it
 * takes the seat back (a host running the room from the TV must not give the seat up on a
 * reload); TV mode follows from the link either way.
 */
const query = (name: string): boolean => new URLSearchParams(location.search).get(name) === '1';

function Room({ code }: { code: string }) {
  const session = useMemo(() => new RoomSession(code), [code]);
  const joining = useSignal(false);
  const summary = useSignal<RoomSummaryView | 'missing' | undefined>(undefined);
  useEffect(() => {
    if (query('watch') || (query('tv') && !session.hasToken)) void session.spectate();
    else if (session.hasToken || (takeJoinIntent(code) && savedNickname())) {
      joining.value = true;
      void session.join(savedNickname() || 'Player').finally(() => (joining.value = false));
    } else void fetchSummary(code).then((found) => (summary.value = found));
    return () => session.dispose();
  }, [session]);
  const view = useShownView(session);
  const ended = session.ended.value;
  const error = session.error.value;
  const screen = screenOf(view, ended !== undefined, joining.value, summary.value);
  useRaceAnnouncements(view);
  useRaceCues(view);
  useFocusOnScreen(screen, () => screenFocusTarget(screen));
  return (
    // An error mid-race gets a row of its own under the bar (room.css).
    <div class={error ? 'room room-note' : 'room'}>
      <div class="room-bar">
        <h1 class="room-bar-code" tabIndex={-1} data-testid="room-heading">
          {t('room.title', { code })}
          <span class="sr-only">
            {' · '}
            {t(`a11y.screen.${screen}`)}
          </span>
        </h1>
        <ConnectionBadge moving={session.moving.value} />
        {view && !ended && <EndRaceButton session={session} view={view} />}
        {view && !ended && <LeaveButton session={session} view={view} />}
        {view && !ended && !tvOn(view) && <Reactions view={view} session={session} />}
      </div>
      {error && (
        <p class="error" role="alert">
          {errorText(error)}
        </p>
      )}
      {ended ? (
        <Ended reason={ended.reason} />
      ) : view ? (
        <Phase view={view} session={session} />
      ) : joining.value ? (
        <p class="loading">{t('room.joining')}</p>
      ) : summary.value === 'missing' ? (
        <p class="error" role="alert" data-testid="room-missing">
          {t('room.error.ROOM_NOT_FOUND')} <Link href="/">{t('nav.home')}</Link>
        </p>
      ) : (
        <EntryForm session={session} summary={summary.value} />
      )}
    </div>
  );
}

/**
 * The room as the server last described it, drawn once the player's own last input is painted
 * (ui/paint-first.ts): a progress broadcast arriving right after a key press waits a frame.
 */
function useShownView(session: RoomSession): RoomView | undefined {
  const shown = useSignal(session.view.peek());
  useEffect(
    () =>
      effect(() => {
        const next = session.view.value;
        afterInputPaint(() => (shown.value = next));
      }),
    [session],
  );
  return shown.value;
}

type Screen =
  | 'entry'
  | 'joining'
  | 'missing'
  | 'ended'
  | 'lobby'
  | 'countdown'
  | 'race'
  | 'spectate'
  | 'results';

/** Which screen the room shows; focus moves when it changes. */
function screenOf(
  view: RoomView | undefined,
  ended: boolean,
  joining: boolean,
  summary: RoomSummaryView | 'missing' | undefined,
): Screen {
  if (ended) return 'ended';
  if (view) {
    if (view.phase === 'finished') return 'results';
    if (view.phase !== 'racing') return view.phase;
    const runs = playerOf(view, view.you.playerId)?.race != null;
    return runs && view.race?.puzzle != null ? 'race' : 'spectate';
  }
  if (joining) return 'joining';
  return summary === 'missing' ? 'missing' : 'entry';
}

/**
 * The entry form focuses its nickname field itself. The race focuses the board: it is the one
 * thing to do there, and a screen reader lands in the grid on the selected cell (typing works
 * wherever focus is). Every other screen focuses the room's heading, which names the screen.
 */
function screenFocusTarget(screen: Screen): HTMLElement | SVGElement | null {
  if (screen === 'entry') return null;
  // The TV covers the page (the room heading under it is inert): it takes the focus itself.
  const tv = document.querySelector<HTMLElement>('[data-testid="tv"]');
  if (tv) return tv;
  if (screen === 'race')
    return document.querySelector<SVGElement>('[data-testid="race"] svg.board');
  return document.querySelector<HTMLElement>('[data-testid="room-heading"]');
}

function Phase({ view, session }: { view: RoomView; session: RoomSession }) {
  const race = view.race;
  if (tvOn(view)) return <TvRoom view={view} session={session} />;
  switch (view.phase) {
    case 'lobby':
      return <Lobby view={view} session={session} />;
    case 'countdown':
      return <Countdown view={view} clock={session.clock} />;
    case 'racing':
      // A seat with no runner (it sits the race out) watches, like a spectator.
      if (playerOf(view, view.you.playerId)?.race && race?.puzzle != null)
        return <RacePlay view={view} race={{ ...race, puzzle: race.puzzle }} session={session} />;
      // A runner still waiting out the others' head start: no puzzle yet.
      if (playerOf(view, view.you.playerId)?.race?.status === 'racing' && view.handicaps)
        return <HeadStartWait view={view} clock={session.clock} />;
      return <Spectate view={view} session={session} />;
    case 'finished':
      return <Results view={view} session={session} />;
  }
}

function EntryForm({ session, summary }: { session: RoomSession; summary?: RoomSummaryView }) {
  const watching = summary && watchReason(summary);
  const nickname = useSignal(savedNickname());
  const busy = useSignal(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const name = nickname.value.trim();
    if (!name) return;
    busy.value = true;
    // Mid-race the server seats a newcomer as a spectator itself; a locked or full room
    // would refuse the seat, so ask to watch instead.
    if (watching === 'locked' || watching === 'full') await session.spectate();
    else await session.join(name);
    busy.value = false;
  };
  return (
    <form class="entry home-card" onSubmit={submit} data-testid="entry">
      <p class="room-code">{session.code}</p>
      {watching && (
        <p class="muted" data-testid="entry-note">
          {t(`room.entryNote.${watching}`)}
        </p>
      )}
      <NicknameField nickname={nickname} required focusOnMount />
      <button type="submit" class="primary" disabled={busy.value} data-testid="join-room">
        {watching ? t('room.joinToWatch') : t('room.join')}
      </button>
      <button type="button" onClick={() => void session.spectate()} data-testid="watch-room">
        {t('room.watch')}
      </button>
    </form>
  );
}

/** True while this player is still racing: leaving then gives up the race, so it is confirmed. */
function racingNow(view: RoomView): boolean {
  if (view.phase !== 'countdown' && view.phase !== 'racing') return false;
  const me = view.players.find((p) => p.id === view.you.playerId);
  return me?.race?.status === 'racing';
}

function LeaveButton({ session, view }: { session: RoomSession; view: RoomView }) {
  const leave = async () => {
    await session.leave();
    // The home page offers the way back (a misclick, or a second thought).
    writeStored('lastRoom', session.code);
    navigate('/');
  };
  return (
    <ConfirmButton
      id="leave"
      label={t('room.leave')}
      question={racingNow(view) ? t('room.leaveConfirm.text') : undefined}
      confirm={t('room.leaveConfirm.leave')}
      stay={t('room.leaveConfirm.stay')}
      onConfirm={leave}
    />
  );
}

function Ended({ reason }: { reason: string }) {
  const key = `room.ended.${reason}`;
  return (
    <section class="room-ended" role="alert">
      <p>{hasMessage(key) ? t(key) : reason}</p>
      <Link href="/" class="button primary">
        {t('nav.home')}
      </Link>
    </section>
  );
}
