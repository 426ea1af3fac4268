/**
 * The race panel: the clock (from the server's clock; a note when a server outage paused it),
 * and for every player a progress bar, mistakes and state (racing, finished, out, gave up,
 * reconnecting). Seats that sit the race out have no bar. Opponents' digits are
 * never known here; only their progress.
 */
import type { PlayerView, RoomView } from '@percent/protocol';
import { t } from '../../i18n/index.ts';
import { ConfirmButton } from '../../ui/ConfirmButton.tsx';
import { RulesButton } from './show/RulesCard.tsx';
import type { ServerClock } from '@percent/net';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { formatClock, formatTime, useTicker } from '../../ui/time.ts';
import { RoundLine } from './Evening.tsx';
import { TeamBars } from './Teams.tsx';
import '../../ui/rules-ui.css';

interface Props {
  readonly view: RoomView;
  readonly clock: ServerClock;
}

interface PanelProps extends Props {
  /** Removes a player (`room:kick`): offered where the server's view allows it (`you.can.remove`). */
  readonly remove: (playerId: string) => Promise<unknown>;
}

/**
 * Remove is offered for a player still racing whom the server lets this member remove (the
 * host, playing or sitting out): someone idle mid-race, who then counts as left.
 */
export const removable = (view: RoomView, player: PlayerView): boolean =>
  view.you.can.remove.includes(player.id) && player.race?.status === 'racing';

export function RacePanel({ view, clock, remove }: PanelProps) {
  return (
    <aside class="race-panel" aria-label={t('race.panel')}>
      <div class="race-panel-head">
        <RaceClock view={view} clock={clock} />
        <RulesButton variant={view.settings.variant} mistakes={view.settings.mistakes} />
      </div>
      <RoundLine view={view} />
      <TeamBars view={view} />
      <ul class="race-players">
        {view.players
          .filter((p) => p.plays)
          .map((p) => (
            <PlayerProgress
              key={p.id}
              player={p}
              you={p.id === view.you.playerId}
              remove={removable(view, p) ? remove : undefined}
            />
          ))}
      </ul>
    </aside>
  );
}

export function RaceClock({ view, clock }: Props) {
  const now = useTicker(() => clock.now(), 250);
  const race = view.race;
  if (!race) return null;
  const elapsed = (race.endedAt ?? now) - race.startsAt;
  const left = race.endsAt === null ? null : race.endsAt - now;
  return (
    <div class="race-clock" role="timer" aria-live="off">
      <span class="race-clock-time" data-testid="race-clock">
        {formatClock(elapsed)}
      </span>
      {left !== null && race.endedAt === null && (
        <span class="muted">{t('race.timeLeft', { time: formatClock(left) })}</span>
      )}
      {race.pausedMs > 0 && (
        <p class="race-paused" data-testid="race-paused">
          {t('race.paused', { n: Math.round(race.pausedMs / 1000) })}
        </p>
      )}
    </div>
  );
}

export function statusText(player: PlayerView): string {
  if (player.connection === 'reconnecting') return t('race.status.reconnecting');
  return t(`race.status.${player.race?.status ?? 'racing'}`);
}

interface ProgressProps {
  readonly player: PlayerView;
  readonly you: boolean;
  readonly remove?: (playerId: string) => Promise<unknown>;
}

export function PlayerProgress({ player, you, remove }: ProgressProps) {
  const race = player.race;
  const percent = race?.progress.percent ?? 0;
  const status = race?.status ?? 'racing';
  const state = player.connection === 'reconnecting' ? 'reconnecting' : status;
  return (
    <li class={`race-player state-${state}${you ? ' is-you' : ''}`} data-player={player.nickname}>
      <div class="race-player-head">
        <span class="race-player-name">
          {player.nickname}
          {you && <span class="tag">{t('lobby.you')}</span>}
        </span>
        <span class="race-player-state">{statusText(player)}</span>
      </div>
      <ProgressBar
        class="progress"
        percent={percent}
        label={t('race.progressOf', { name: player.nickname })}
      />
      <div class="race-player-stats muted">
        <span>{percent}%</span>
        <span>{t('race.mistakes', { n: race?.progress.mistakes ?? 0 })}</span>
        {race?.timeMs != null && <span>{formatTime(race.timeMs)}</span>}
      </div>
      {remove && (
        <ConfirmButton
          id={`remove-${player.id}`}
          label={t('lobby.kick')}
          question={t('race.removeConfirm.text', { name: player.nickname })}
          confirm={t('race.removeConfirm.remove')}
          stay={t('race.removeConfirm.stay')}
          onConfirm={() => remove(player.id)}
        />
      )}
    </li>
  );
}
