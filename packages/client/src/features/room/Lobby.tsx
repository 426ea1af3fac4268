/**
 * The lobby: the code large, the join link with a copy button and its QR code, the players
 * with their ready state (or that they sit the races out), the host's settings and Start; for a
 * player who joined, their card and Ready first and the invitation folded away.
 * Every control is the server's to offer (`view.you.can`): Start with the reason it waits,
 * Ready, Sit out, the settings and each player's Make host / Remove.
 */
import type { PlayerView, RoomView } from '@percent/protocol';
import { useSignal } from '@preact/signals';
import { t } from '../../i18n/index.ts';
import { savedNickname } from '../../net/identity.ts';
import type { RoomSession } from '../../net/room-session.ts';
import { playerOf } from '@percent/net';
import { errorText } from '../../ui/errors.ts';
import { LastResults } from './show/LastResults.tsx';
import { RulesCard } from './show/RulesCard.tsx';
import { TvToggle } from './show/TvToggle.tsx';
import { LobbySettings } from './LobbySettings.tsx';
import { OwnPuzzle } from './OwnPuzzle.tsx';
import { EveningControls, EveningStandings } from './Evening.tsx';
import { LobbyTeams } from './Teams.tsx';
import { HandicapList } from './Handicaps.tsx';
import { RatedBadge, RatingTag } from './Rating.tsx';
import { copyText, useJoinQr } from '../../ui/share.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import '../../ui/rules-ui.css';

export function Lobby({ view, session }: { view: RoomView; session: RoomSession }) {
  const can = view.you.can;
  const me = playerOf(view, view.you.playerId);
  // A player who joined (not the host) came to play: their own card and Ready come first,
  // the others next, and the code, link and QR code fold behind "Invite" (a phone shows Ready
  // without scrolling). The host — and a TV — keep them large for everyone to see.
  const guest = me !== undefined && !me.host;
  const players = guest ? [me, ...view.players.filter((p) => p.id !== me.id)] : view.players;
  const actions = <LobbyActions view={view} session={session} />;
  return (
    <section class={`lobby${guest ? ' lobby-guest' : ''}`} data-testid="lobby">
      {!guest && <Share view={view} />}
      <div class="lobby-main">
        {guest && actions}
        <h2>
          {t('lobby.players', { n: view.players.length, max: view.settings.maxPlayers })}{' '}
          <RatedBadge rated={view.unratedRules === null} />
        </h2>
        <ul class="lobby-players">
          {players.map((p) => (
            <PlayerRow key={p.id} player={p} view={view} session={session} />
          ))}
        </ul>
        {view.spectators > 0 && (
          <p class="muted">{t('lobby.spectatorCount', { n: view.spectators })}</p>
        )}
        <LobbyTeams view={view} session={session} />
        <HandicapList view={view} />
        {view.settings.relaxed && (
          <p class="muted" data-testid="relaxed-note">
            {t('relaxed.note')}
          </p>
        )}
        {!guest && actions}
        {guest && (
          <details class="lobby-invite" data-testid="invite">
            <summary>{t('lobby.invite')}</summary>
            <Share view={view} />
          </details>
        )}
        <EveningStandings view={view} />
        <EveningControls view={view} session={session} />
        <OwnPuzzle view={view} session={session} />
        <LastResults view={view} />
        <RulesCard variant={view.settings.variant} mistakes={view.settings.mistakes} />
        <LobbySettings
          settings={view.settings}
          editable={can.settings !== null}
          minPlayers={can.settings?.maxPlayersMin ?? view.players.length}
          onChange={(change) => void session.settings(change)}
        />
      </div>
    </section>
  );
}

/** Ready, Start (with why it waits), Sit out, Take a seat, TV: what the server lets you do now. */
function LobbyActions({ view, session }: { view: RoomView; session: RoomSession }) {
  const can = view.you.can;
  const me = playerOf(view, view.you.playerId);
  return (
    <div class="lobby-actions">
      {me && can.ready && (
        <button
          type="button"
          class={me.ready ? '' : 'primary big'}
          aria-pressed={me.ready}
          data-testid="ready"
          onClick={() => void session.ready(!me.ready)}
        >
          {me.ready ? t('lobby.notReady') : t('lobby.ready')}
        </button>
      )}
      {can.start && <StartButton view={view} session={session} />}
      {me && can.sitOut && <SitOutToggle me={me} host={me.host} session={session} />}
      {can.start && <StartNote view={view} />}
      {!me && <TakeSeat session={session} />}
      <TvToggle view={view} />
    </div>
  );
}

/** The host's Start, enabled when the server would start a race now. */
export function StartButton({ view, session }: { view: RoomView; session: RoomSession }) {
  return (
    <button
      type="button"
      class="primary big"
      data-testid="start"
      disabled={view.you.can.start?.allowed !== true}
      onClick={() => void session.start()}
    >
      {t('lobby.start')}
    </button>
  );
}

/** Why Start waits, as the server says: who is not ready yet, or that nobody plays. */
export function StartNote({
  view,
  class: className = 'muted',
}: {
  view: RoomView;
  class?: string;
}) {
  const text = startNote(view);
  return text ? <span class={className}>{text}</span> : null;
}

export function startNote(view: RoomView): string | undefined {
  const start = view.you.can.start;
  if (!start || start.allowed || !start.refusal) return undefined;
  if (start.refusal.code === 'NOT_READY') {
    const names = start.waitingFor.map((id) => playerOf(view, id)?.nickname ?? id);
    return t('lobby.waitingFor', { names: names.join(', ') });
  }
  return errorText(start.refusal);
}

/** Any seat may sit the races out (a host running the room from a TV) or play again. */
function SitOutToggle({
  me,
  host,
  session,
}: {
  me: PlayerView;
  host: boolean;
  session: RoomSession;
}) {
  return (
    <>
      <button
        type="button"
        aria-pressed={!me.plays}
        data-testid="sit-out"
        onClick={() => void session.play(!me.plays)}
      >
        {me.plays ? t('lobby.sitOut') : t('lobby.play')}
      </button>
      {!me.plays && (
        <p class="muted" data-testid="sitting-out">
          {host ? t('lobby.youSitOut') : t('lobby.youSitOutPlayer')}
        </p>
      )}
    </>
  );
}

/** A spectator in the lobby may still take a seat. */
function TakeSeat({ session }: { session: RoomSession }) {
  const nickname = useSignal(savedNickname());
  return (
    <form
      class="lobby-take-seat"
      onSubmit={(e) => {
        e.preventDefault();
        if (nickname.value.trim()) void session.join(nickname.value.trim());
      }}
    >
      <span class="muted">{t('lobby.watching')}</span>
      <input
        name="nickname"
        value={nickname.value}
        maxLength={20}
        aria-label={t('home.nickname')}
        onInput={(e) => (nickname.value = e.currentTarget.value)}
      />
      <button type="submit">{t('room.join')}</button>
    </form>
  );
}

interface RowProps {
  readonly player: PlayerView;
  readonly view: RoomView;
  readonly session: RoomSession;
}

function PlayerRow({ player, view, session }: RowProps) {
  const you = player.id === view.you.playerId;
  const { makeHost, remove } = view.you.can;
  return (
    <li
      class={`lobby-player${player.ready || player.host ? ' is-ready' : ''}${player.plays ? '' : ' sits-out'}`}
    >
      <span class="lobby-player-name">
        <Avatar nickname={player.nickname} colour={player.colour} class="avatar-lead" />
        {player.nickname}
        <RatingTag rating={player.rating} />
        {you && <span class="tag">{t('lobby.you')}</span>}
        {player.host && <span class="tag accent">{t('lobby.host')}</span>}
        {player.connection === 'reconnecting' && (
          <span class="tag warn">{t('race.status.reconnecting')}</span>
        )}
      </span>
      <span class="lobby-player-state">
        {!player.plays
          ? t('lobby.sitsOut')
          : player.host
            ? ''
            : player.ready
              ? `✓ ${t('lobby.isReady')}`
              : t('lobby.isNotReady')}
      </span>
      {(makeHost.includes(player.id) || remove.includes(player.id)) && (
        <span class="lobby-player-tools">
          {makeHost.includes(player.id) && (
            <button type="button" onClick={() => void session.transferHost(player.id)}>
              {t('lobby.makeHost')}
            </button>
          )}
          {remove.includes(player.id) && (
            <button type="button" class="danger" onClick={() => void session.kick(player.id)}>
              {t('lobby.kick')}
            </button>
          )}
        </span>
      )}
    </li>
  );
}

function Share({ view }: { view: RoomView }) {
  const { link, svg } = useJoinQr(view.link);
  const copied = useSignal<boolean | undefined>(undefined);
  const copy = async () => {
    copied.value = await copyText(link);
    setTimeout(() => (copied.value = undefined), 2000);
  };
  return (
    <aside class="lobby-share">
      <p class="muted">{t('lobby.code')}</p>
      <p class="room-code" data-testid="room-code" aria-label={[...view.code].join(' ')}>
        {view.code}
      </p>
      <p class="lobby-link">
        <a href={link} data-testid="join-link">
          {link}
        </a>
      </p>
      <button type="button" onClick={() => void copy()} data-testid="copy-link">
        {copied.value === true
          ? t('lobby.copied')
          : copied.value === false
            ? t('lobby.copyFailed')
            : t('lobby.copy')}
      </button>
      {svg && (
        <div
          class="lobby-qr"
          role="img"
          aria-label={t('lobby.qr')}
          // The SVG is made by the qrcode library from our own link: no foreign markup.
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      )}
    </aside>
  );
}
