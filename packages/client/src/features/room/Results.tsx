/**
 * After the race: standings with times and mistakes, every player's board and the solution
 * (the server sends them to everyone once the race has ended), and the host's rematch.
 */
import { getVariant } from '@percent/engine';
import type { RoomView, Standing } from '@percent/protocol';
import { Board } from '../../board/Board.tsx';
import { t } from '../../i18n/index.ts';
import type { RoomSession } from '../../net/room-session.ts';
import { isHost } from '../../net/views.ts';
import { Leaderboard } from './Leaderboard.tsx';
import { raceGame } from './race-board.ts';
import { PlayerCard } from './Spectate.tsx';
import { formatTime } from './time.ts';

export function Results({ view, session }: { view: RoomView; session: RoomSession }) {
  const race = view.race;
  if (!race) return null;
  const standings = race.standings ?? [];
  const solution =
    race.puzzle === null || race.solution === null
      ? undefined
      : raceGame(race.variant, race.puzzle, race.solution);
  return (
    <section class="results" data-testid="results">
      <h2>{t('results.title')}</h2>
      {race.endedBy && <p class="results-cause">{t(`results.endedBy.${race.endedBy}`)}</p>}
      <table class="standings">
        <thead>
          <tr>
            <th scope="col">{t('results.place')}</th>
            <th scope="col">{t('results.player')}</th>
            <th scope="col">{t('results.time')}</th>
            <th scope="col">{t('results.mistakes')}</th>
            <th scope="col">{t('results.outcome')}</th>
          </tr>
        </thead>
        <tbody>
          {standings.map((s) => (
            <StandingRow key={s.playerId} standing={s} you={s.playerId === view.you.playerId} />
          ))}
        </tbody>
      </table>
      <div class="results-actions">
        {isHost(view) ? (
          <button
            type="button"
            class="primary big"
            data-testid="rematch"
            onClick={() => void session.rematch()}
          >
            {t('results.rematch')}
          </button>
        ) : (
          <p class="muted">{t('results.waitRematch')}</p>
        )}
      </div>
      <Leaderboard code={view.code} raceId={race.id} />
      {race.puzzle !== null && (
        <div class="spectate-grid results-boards">
          {view.players.map((p) => (
            <PlayerCard
              key={p.id}
              player={p}
              variant={race.variant}
              puzzle={race.puzzle}
              board={race.boards?.[p.id] ?? null}
            />
          ))}
          {solution && (
            <article class="spectate-card solution">
              <h3>{t('results.solution')}</h3>
              <Board
                state={solution}
                variant={getVariant(race.variant)}
                idPrefix="solution"
                label={t('results.solution')}
              />
            </article>
          )}
        </div>
      )}
    </section>
  );
}

function StandingRow({ standing: s, you }: { standing: Standing; you: boolean }) {
  return (
    <tr class={you ? 'is-you' : undefined} data-testid="standing">
      <td>{s.place ?? '–'}</td>
      <td>{s.nickname}</td>
      <td>{s.timeMs === null ? '–' : formatTime(s.timeMs)}</td>
      <td>{s.mistakes}</td>
      <td>{t(`race.status.${s.outcome}`)}</td>
    </tr>
  );
}
