/**
 * The lobby: the code large, the join link with a copy button and its QR code, the players
 * with their ready state (or that they sit the races out), the host's settings and Start
 * (every other playing seat ready, at least one seat playing). Any seat may sit out.
 */
import type { PlayerView, RoomView } from '@percent/protocol';
import { useSignal } from '@preact/signals';
import { t } from '../../i18n/index.ts';
import { savedNickname } from '../../net/identity.ts';
import type { RoomSession } from '../../net/room-session.ts';
import { isHost, playerOf } from '../../net/views.ts';
import { LastResults } from '../show/LastResults.tsx';
import { RulesCard } from '../show/RulesCard.tsx';
import { TvToggle } from '../show/TvToggle.tsx';
import { LobbySettings } from './LobbySettings.tsx';
import { RatedBadge, RatingTag } from './Rating.tsx';
import { copyText, useJoinQr } from './share.ts';
import './rules-ui.css';

export function Lobby({ view, session }: { view: RoomView; session: RoomSession }) {
  const host = isHost(view);
  const me = playerOf(view, view.you.playerId);
  // Seats that sit out need not be ready; nobody playing means nothing to start.
  const waitingFor = view.players.filter((p) => p.plays && !p.host && !p.ready);
  const nobody = !view.players.some((p) => p.plays);
  return (
    <section class="lobby" data-testid="lobby">
      <Share view={view} />
      <div class="lobby-main">
        <h2>
          {t('lobby.players', { n: view.players.length, max: view.settings.maxPlayers })}{' '}
          <RatedBadge rated={view.settings.rated} />
        </h2>
        <ul class="lobby-players">
          {view.players.map((p) => (
            <PlayerRow key={p.id} player={p} view={view} session={session} host={host} />
          ))}
        </ul>
        {view.spectators > 0 && (
          <p class="muted">{t('lobby.spectatorCount', { n: view.spectators })}</p>
        )}
        <div class="lobby-actions">
          {me && !host && me.plays && (
            <button
              type="button"
              class={me.ready ? '' : 'primary'}
              aria-pressed={me.ready}
              data-testid="ready"
              onClick={() => void session.ready(!me.ready)}
            >
              {me.ready ? t('lobby.notReady') : t('lobby.ready')}
            </button>
          )}
          {host && (
            <button
              type="button"
              class="primary big"
              data-testid="start"
              disabled={waitingFor.length > 0 || nobody}
              onClick={() => void session.start()}
            >
              {t('lobby.start')}
            </button>
          )}
          {me && <SitOutToggle me={me} host={host} session={session} />}
          {host && nobody && <p class="muted">{t('room.error.NO_PLAYERS')}</p>}
          {host && waitingFor.length > 0 && (
            <p class="muted">
              {t('lobby.waitingFor', { names: waitingFor.map((p) => p.nickname).join(', ') })}
            </p>
          )}
          {!me && <TakeSeat session={session} />}
          <TvToggle view={view} />
        </div>
        <LastResults view={view} />
        <RulesCard variant={view.settings.variant} mistakes={view.settings.mistakes} />
        <LobbySettings
          settings={view.settings}
          editable={host}
          minPlayers={view.players.length}
          onChange={(change) => void session.settings(change)}
        />
      </div>
    </section>
  );
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
  readonly host: boolean;
}

function PlayerRow({ player, view, session, host }: RowProps) {
  const you = player.id === view.you.playerId;
  return (
    <li
      class={`lobby-player${player.ready || player.host ? ' is-ready' : ''}${player.plays ? '' : ' sits-out'}`}
    >
      <span class="lobby-player-name">
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
      {host && !you && (
        <span class="lobby-player-tools">
          <button type="button" onClick={() => void session.transferHost(player.id)}>
            {t('lobby.makeHost')}
          </button>
          <button type="button" class="danger" onClick={() => void session.kick(player.id)}>
            {t('lobby.kick')}
          </button>
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
