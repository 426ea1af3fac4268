/**
 * The TV's lobby: the room code and the QR code as large as the screen allows (people join
 * from the sofa), the players as name chips with their ready state, the last race's podium
 * until the next race starts, and the rules card. No settings form: a host on this screen
 * gets Start and a one-line summary of the settings.
 */
import type { PlayerView, RoomSettings, RoomView } from '@percent/protocol';
import { t } from '../../../i18n/index.ts';
import type { RoomSession } from '../../../net/room-session.ts';
import { StartButton, startNote } from '../Lobby.tsx';
import { EveningControls } from '../Evening.tsx';
import { Podium } from './Podium.tsx';
import { QrCode } from './QrCode.tsx';
import { lastStandings, racers, splitPodium } from './race-facts.ts';
import { RulesCard } from './RulesCard.tsx';
import { EveningStandings } from '../Evening.tsx';
import { HandicapList } from '../Handicaps.tsx';
import { LobbyTeams } from '../Teams.tsx';
import { teamColour } from '../../../ui/team-colours.ts';

export function TvLobby({ view, session }: { view: RoomView; session: RoomSession }) {
  const players = racers(view);
  const last = lastStandings(view);
  const podium = last ? splitPodium(last).podium : [];
  return (
    <div class="tv-lobby">
      <section class="tv-join">
        <p class="tv-kicker">{t('lobby.code')}</p>
        <p class="tv-code" data-testid="tv-code" aria-label={[...view.code].join(' ')}>
          {view.code}
        </p>
        <p class="tv-kicker">{t('tv.scan')}</p>
        <QrCode path={view.link} withLink class="tv-qr-big" />
      </section>
      <section class="tv-side">
        <h2 class="tv-heading">{t('tv.players', { n: players.length })}</h2>
        <ul class="tv-chips" data-testid="tv-players">
          {players.map((p) => (
            <PlayerChip key={p.id} player={p} />
          ))}
          {players.length < view.settings.maxPlayers && (
            <li class="tv-chip is-empty" aria-hidden="true">
              <span class="tv-chip-name">+</span>
              <span class="tv-chip-state">{t('tv.joinHint')}</span>
            </li>
          )}
        </ul>
        <div class="tv-side-cards">
          <EveningStandings view={view} size="big" />
          <LobbyTeams view={view} session={session} />
          <HandicapList view={view} />
          {podium.length > 0 && (
            <section class="tv-last" data-testid="last-results">
              <h3 class="tv-kicker">{t('podium.lastRace')}</h3>
              <Podium podium={podium} youId={null} size="compact" />
            </section>
          )}
          <RulesCard variant={view.settings.variant} mistakes={view.settings.mistakes} />
        </div>
        <HostBar view={view} session={session} />
      </section>
    </div>
  );
}

function PlayerChip({ player }: { player: PlayerView }) {
  const ready = player.ready || player.host;
  return (
    <li
      class={`tv-chip${ready ? ' is-ready' : ''}`}
      data-player={player.nickname}
      data-team={player.team ?? undefined}
      style={player.team === null ? undefined : { '--team': teamColour(player.team) }}
    >
      <span class="tv-chip-name">{player.nickname}</span>
      <span class="tv-chip-state">
        {player.host
          ? t('lobby.host')
          : player.ready
            ? `✓ ${t('lobby.isReady')}`
            : t('lobby.isNotReady')}
      </span>
    </li>
  );
}

/** The host's Start and the settings in one line; for everyone else, who starts the race. */
function HostBar({ view, session }: { view: RoomView; session: RoomSession }) {
  if (!view.you.can.start) return <p class="tv-note tv-host">{t('tv.hostStarts')}</p>;
  return (
    <footer class="tv-host">
      <EveningControls view={view} session={session} />
      <StartButton view={view} session={session} />
      <span class="tv-note">{startNote(view) ?? settingsLine(view.settings)}</span>
    </footer>
  );
}

const settingsLine = (s: RoomSettings): string =>
  [
    t(`variant.${s.variant}`),
    t(`difficulty.${s.difficulty}`),
    s.timeLimitSec === null
      ? t('tv.noLimit')
      : t('lobby.minutes', { n: Math.round(s.timeLimitSec / 60) }),
  ].join(' · ');
