/**
 * Watching: every player's progress side by side, and their boards when the host's rule
 * allows (live, delayed, or at the end). "Big screen" switches to TV mode
 * (`features/show/TvRoom.tsx`, which `?tv=1` opens directly).
 */
import { getVariant, type VariantIdName } from '@percent/engine';
import type { PlayerView, RoomView } from '@percent/protocol';
import { useMemo } from 'preact/hooks';
import { Board } from '../../board/Board.tsx';
import { t } from '../../i18n/index.ts';
import type { ServerClock } from '@percent/net';
import { racers } from './show/race-facts.ts';
import { tvChoice } from './show/tv-mode.ts';
import { raceGame } from './race-board.ts';
import type { RoomSession } from '../../net/room-session.ts';
import { PlayerProgress, RaceClock, removable } from './RacePanel.tsx';
import { TeamBars } from './Teams.tsx';

export function Spectate({ view, session }: { view: RoomView; session: RoomSession }) {
  const clock: ServerClock = session.clock;
  const race = view.race;
  const rule = view.settings.spectatorDigits;
  return (
    <section class="spectate" data-testid="spectate">
      <header class="spectate-head">
        <h2>{t('spectate.title', { code: view.code })}</h2>
        <RaceClock view={view} clock={clock} />
        <button type="button" data-testid="tv-on" onClick={() => (tvChoice.value = true)}>
          {t('spectate.tvOn')}
        </button>
      </header>
      <TeamBars view={view} />
      {rule.kind !== 'live' && race?.boards == null && (
        <p class="muted">
          {rule.kind === 'end'
            ? t('spectate.boardsAtEnd')
            : t('spectate.boardsDelayed', { n: rule.seconds })}
        </p>
      )}
      <div class="spectate-grid">
        {racers(view).map((p) => (
          <PlayerCard
            key={p.id}
            player={p}
            variant={race?.variant ?? view.settings.variant}
            puzzle={race?.puzzle ?? null}
            board={race?.boards?.[p.id] ?? null}
            remove={removable(view, p) ? (id) => session.kick(id) : undefined}
          />
        ))}
      </div>
    </section>
  );
}

interface CardProps {
  readonly player: PlayerView;
  readonly variant: VariantIdName;
  readonly puzzle: string | null;
  readonly board: string | null;
  /** The host's Remove (a host who sits the race out watches from here). */
  readonly remove?: (playerId: string) => Promise<unknown>;
}

/** A player's progress, and their board when one is given (none when it cannot be read). */
export function PlayerCard({ player, variant, puzzle, board, remove }: CardProps) {
  // Progress events re-render every card; the board is rebuilt only when it changes.
  const game = useMemo(
    () => (puzzle === null || board === null ? undefined : raceGame(variant, puzzle, board)),
    [variant, puzzle, board],
  );
  return (
    <article class="spectate-card">
      <ul class="race-players">
        <PlayerProgress player={player} you={false} remove={remove} />
      </ul>
      {game && (
        <Board
          state={game}
          variant={getVariant(variant)}
          idPrefix={`b-${player.id}`}
          label={t('spectate.boardOf', { name: player.nickname })}
        />
      )}
    </article>
  );
}
