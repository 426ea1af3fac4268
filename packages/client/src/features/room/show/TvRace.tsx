/**
 * The TV during the race: the clock large, one lane per racing player (name, status, a thick
 * progress bar, percent, houses completed, mistakes; the place as soon as they finish) and,
 * where the spectator rule shows boards, each player's silhouette. The code and a small QR sit
 * in a corner so latecomers can join to watch.
 */
import type { PlayerView, RaceView, RoomView } from '@percent/protocol';
import { t } from '../../../i18n/index.ts';
import type { RoomSession } from '../../../net/room-session.ts';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { ConfirmButton } from '../../../ui/ConfirmButton.tsx';
import { RaceClock, removable, statusText } from '../RacePanel.tsx';
import { formatTime } from '../../../ui/time.ts';
import { QrCode } from './QrCode.tsx';
import { ordinal, placeOf, racers } from './race-facts.ts';
import { Silhouette } from './Silhouette.tsx';
import { Avatar } from '../../../ui/Avatar.tsx';
import { colourOf } from '../../../ui/player-colours.ts';
import { useRecent } from '../Reactions.tsx';
import { eveningState } from '../Evening.tsx';
import { TeamBars } from '../Teams.tsx';
import { HandicapList } from '../Handicaps.tsx';
import { teamColour } from '../../../ui/team-colours.ts';

export function TvRace({ view, session }: { view: RoomView; session: RoomSession }) {
  const race = view.race;
  const players = racers(view);
  // Each player's latest reaction of the last seconds, shown at the end of their lane.
  const reacted = new Map(useRecent(session).map((event) => [event.playerId, event.emoji]));
  // Up to 8 lanes stack; more go in two columns so each stays readable.
  const two = players.length > 8;
  return (
    <div class="tv-race">
      <header class="tv-race-head">
        <div class="tv-clock">
          <RaceClock view={view} clock={session.clock} />
        </div>
        <p class="tv-race-title">
          {view.tournament?.current != null && (
            <span data-testid="round-line">{eveningState(view.tournament)} · </span>
          )}
          {t(`variant.${view.settings.variant}`)} · {t(`difficulty.${view.settings.difficulty}`)}
          {view.spectators > 0 && (
            <span class="tv-note"> · {t('tv.watching', { n: view.spectators })}</span>
          )}
        </p>
        <CornerJoin view={view} />
      </header>
      <TeamBars view={view} size="big" />
      <HandicapList view={view} rule={false} />
      <ol
        class={`tv-lanes${two ? ' two-columns' : ''}`}
        style={{ '--lanes': Math.max(1, two ? Math.ceil(players.length / 2) : players.length) }}
        data-testid="tv-lanes"
      >
        {players.map((p) => (
          <Lane
            key={p.id}
            player={p}
            race={race}
            reaction={reacted.get(p.id)}
            remove={removable(view, p) ? (id) => session.kick(id) : undefined}
          />
        ))}
      </ol>
    </div>
  );
}

/** The code and a small QR, for whoever arrives late (the link watches mid-race). */
export function CornerJoin({ view }: { view: RoomView }) {
  return (
    <div class="tv-corner">
      <QrCode path={view.link} withLink={false} class="tv-qr-small" />
      <div>
        <p class="tv-note">{t('tv.scanWatch')}</p>
        <p class="tv-corner-code" data-testid="tv-code">
          {view.code}
        </p>
      </div>
    </div>
  );
}

interface LaneProps {
  readonly player: PlayerView;
  readonly race: RaceView | null;
  /** The host's Remove for a player still racing (an idle one), from the server's view. */
  readonly remove?: (playerId: string) => Promise<unknown>;
  /** The player's reaction of the last seconds, if any. */
  readonly reaction?: string | undefined;
}

function Lane({ player, race, remove, reaction }: LaneProps) {
  const progress = player.race?.progress;
  const percent = progress?.percent ?? 0;
  const status = player.race?.status ?? 'racing';
  const state = player.connection === 'reconnecting' ? 'reconnecting' : status;
  const board = race?.boards?.[player.id];
  const place = status === 'finished' ? placeOf(player) : null;
  const silhouette = race?.puzzle != null && board != null;
  return (
    <li
      class={`tv-lane state-${state}${silhouette ? ' has-board' : ''}`}
      data-player={player.nickname}
      data-colour={player.colour}
      data-team={player.team ?? undefined}
      style={{
        '--player-colour': colourOf(player.colour),
        ...(player.team !== null && { '--team': teamColour(player.team) }),
      }}
      data-testid="tv-lane"
    >
      {race?.puzzle && board ? (
        <Silhouette
          puzzle={race.puzzle}
          board={board}
          label={t('tv.boardOf', { name: player.nickname })}
        />
      ) : null}
      <div class="tv-lane-who">
        <span class="tv-lane-title">
          <Avatar nickname={player.nickname} colour={player.colour} class="tv-avatar" />
          <span class="tv-lane-name">{player.nickname}</span>
          {reaction && (
            <span class="tv-lane-reaction" data-testid="tv-lane-reaction">
              {reaction}
            </span>
          )}
        </span>
        <span class="tv-lane-status" data-testid="tv-status">
          {place !== null
            ? t('tv.finishedPlace', {
                place: ordinal(place),
                time: formatTime(player.race?.timeMs ?? 0),
              })
            : statusText(player)}
        </span>
        {remove && (
          <ConfirmButton
            id={`tv-remove-${player.id}`}
            label={t('lobby.kick')}
            question={t('race.removeConfirm.text', { name: player.nickname })}
            confirm={t('race.removeConfirm.remove')}
            stay={t('race.removeConfirm.stay')}
            onConfirm={() => remove(player.id)}
          />
        )}
      </div>
      <ProgressBar
        class="tv-bar"
        percent={percent}
        label={t('race.progressOf', { name: player.nickname })}
      />
      <span class="tv-lane-percent" data-testid="tv-percent">
        {percent}%
      </span>
      <span class="tv-lane-stats">
        <span>{t('tv.units', { n: progress?.units ?? 0 })}</span>
        <span class={progress?.mistakes ? 'has-mistakes' : undefined}>
          {t('tv.mistakes', { n: progress?.mistakes ?? 0 })}
        </span>
      </span>
    </li>
  );
}
