/**
 * After the race: the viewer's headline ("You finished 2nd!"), the podium, then every player's
 * place, rating change (rated races), time, penalty, mistakes and outcome; the commit–reveal
 * check; the player's debrief and the replay link; Play again (ready for the next race) and the host's Rematch; the room's leaderboard; every board and the solution (the server sends them
 * to everyone once the race has ended).
 */
import { getVariant } from '@percent/engine';
import type { RaceEndCause, RoomView, Standing } from '@percent/protocol';
import { Board } from '../../board/Board.tsx';
import { t } from '../../i18n/index.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import type { RoomSession } from '../../net/room-session.ts';
import { playerOf } from '@percent/net';
import { Confetti, Podium, winnerLine } from './show/Podium.tsx';
import { ordinal, racers, splitPodium } from './show/race-facts.ts';
import { RaceDebrief } from '../replay/debrief/RaceDebrief.tsx';
import { ReplayLink } from '../replay/ReplayLink.tsx';
import { FairnessCheck } from '../replay/FairnessCheck.tsx';
import { Leaderboard } from './Leaderboard.tsx';
import { EveningControls, EveningStandings } from './Evening.tsx';
import { TeamResults } from './Teams.tsx';
import { HandicapList } from './Handicaps.tsx';
import { RatingChange } from './Rating.tsx';
import { raceGame } from './race-board.ts';
import { PlayerCard } from './Spectate.tsx';
import { formatTime } from '../../ui/time.ts';
import { ShareButton } from '../../ui/ShareButton.tsx';
import { raceShareText } from '../../state/share-text.ts';

/** What this device saw of race `raceId` before its end (the session's witness, or none). */
function seenOf(session: RoomSession, raceId: string) {
  const witness = session.witness.value;
  return witness?.raceId === raceId ? witness : undefined;
}

export function Results({ view, session }: { view: RoomView; session: RoomSession }) {
  const race = view.race;
  if (!race) return null;
  const standings = race.standings ?? [];
  const { podium } = splitPodium(standings);
  const mine = standings.find((s) => s.playerId === view.you.playerId);
  return (
    <section class="results" data-testid="results">
      <header class="results-head">
        <p class="muted">{t('results.title')}</p>
        <h2 data-testid="results-headline">{headline(standings, mine)}</h2>
        {race.endedBy && <p class="results-cause muted">{t(`results.endedBy.${race.endedBy}`)}</p>}
      </header>
      {podium.length > 0 && (
        <div class="results-podium">
          {mine?.place != null && mine.place <= 3 && <Confetti key={race.id} />}
          <Podium podium={podium} youId={view.you.playerId} size="big" />
        </div>
      )}
      {race.teams && <TeamResults view={view} teams={race.teams} />}
      <NextRace view={view} session={session} />
      <EveningStandings view={view} />
      <EveningControls view={view} session={session} />
      {mine && (
        <p class="results-share">
          <ShareButton
            testId="share-race"
            text={() =>
              raceShareText({
                variant: race.variant,
                difficulty: race.difficulty,
                place: mine.place,
                runners: standings.length,
                timeMs: mine.timeMs,
                mistakes: mine.mistakes,
                board: race.boards?.[mine.playerId] ?? race.puzzle ?? '0'.repeat(81),
                link: `${location.origin}/race/${race.id}`,
              })
            }
          />
        </p>
      )}
      <StandingsTable standings={standings} youId={view.you.playerId} view={view} />
      {!race.rated && (
        <p class="muted" data-testid="unrated-race" data-reason={race.unrated ?? ''}>
          {t('rating.raceUnrated')}
          {race.unrated !== null && ` ${t(`rating.unrated.${race.unrated}`)}`}
        </p>
      )}
      <HandicapList view={view} />
      {race.unrated === 'relaxed' && <p class="muted">{t('relaxed.note')}</p>}
      <FairnessCheck race={race} seen={seenOf(session, race.id)} />
      {/* A runner gets their debrief (and its replay link); anyone else the replay link. */}
      {mine ? (
        <RaceDebrief raceId={race.id} playerId={mine.playerId} />
      ) : (
        <ReplayLink raceId={race.id} />
      )}
      <Leaderboard code={view.code} raceId={race.id} />
      <Boards view={view} />
    </section>
  );
}

/** "You finished 2nd!" for a player with a place, why not for one without, else the winner. */
function headline(standings: readonly Standing[], mine: Standing | undefined): string {
  if (mine?.place === 1) return t('podium.youWon');
  if (mine?.place != null) return t('podium.you', { place: ordinal(mine.place) });
  if (mine) return t('podium.youOut', { outcome: t(`race.status.${mine.outcome}`) });
  return winnerLine(standings);
}

/** Play again (this player is ready for the rematch) and the host's Rematch. */
function NextRace({ view, session }: { view: RoomView; session: RoomSession }) {
  const ready = playerOf(view, view.you.playerId)?.ready === true;
  return (
    <div class="results-actions">
      {view.you.can.ready && (
        <button
          type="button"
          class={ready ? 'is-ready' : 'primary big'}
          aria-pressed={ready}
          data-testid="play-again"
          onClick={() => void session.ready(!ready)}
        >
          {ready ? `✓ ${t('podium.readyNext')}` : t('podium.playAgain')}
        </button>
      )}
      {view.you.can.rematch ? (
        <RematchButton session={session} />
      ) : (
        <p class="muted">{t('results.waitRematch')}</p>
      )}
      <PlayAgainLine view={view} />
    </div>
  );
}

/**
 * Who wants to play again (the seats' ready flags after a race): "Play again: ✓ Ann, Bob ·
 * waiting for Cyd". The host — and the TV — see at a glance when to start the rematch.
 */
export function PlayAgainLine({
  view,
  class: className = 'muted',
}: {
  view: RoomView;
  class?: string;
}) {
  const playing = view.players.filter((p) => p.plays);
  if (playing.length === 0) return null;
  const ready = playing.filter((p) => p.ready).map((p) => p.nickname);
  const waiting = playing.filter((p) => !p.ready).map((p) => p.nickname);
  return (
    <p class={className} data-testid="play-again-line">
      {ready.length > 0
        ? t('results.playAgainReady', { names: ready.join(', ') })
        : t('results.playAgain')}
      {waiting.length > 0 && ` · ${t('results.playAgainWaiting', { names: waiting.join(', ') })}`}
    </p>
  );
}

/** The host's Rematch: everyone back to the lobby for the next race. */
export function RematchButton({ session }: { session: RoomSession }) {
  return (
    <button
      type="button"
      class="primary big"
      data-testid="rematch"
      onClick={() => void session.rematch()}
    >
      {t('results.rematch')}
    </button>
  );
}

/** The penalty column only when someone was given a penalty: a narrow screen keeps its width. */
function StandingsTable({
  standings,
  youId,
  view,
}: {
  standings: readonly Standing[];
  youId: string | null;
  view: RoomView;
}) {
  const penalties = standings.some((s) => s.progress.penaltyMs > 0);
  // A tournament round: the points each place scored (as the server counted them).
  const points = standings.some((s) => s.points !== null);
  return (
    <div class="table-scroll">
      <table class="standings">
        <thead>
          <tr>
            <th scope="col">{t('results.place')}</th>
            <th scope="col">{t('results.player')}</th>
            <th scope="col">{t('results.time')}</th>
            {penalties && <th scope="col">{t('podium.penalty')}</th>}
            <th scope="col">{t('results.mistakes')}</th>
            <th scope="col">{t('results.outcome')}</th>
            {points && <th scope="col">{t('evening.col.points')}</th>}
          </tr>
        </thead>
        <tbody>
          {standings.map((s) => (
            <tr
              key={s.playerId}
              class={s.playerId === youId ? 'is-you' : undefined}
              data-testid="standing"
            >
              <td>{s.place ?? '–'}</td>
              <td>
                <SeatAvatar view={view} playerId={s.playerId} nickname={s.nickname} />
                {s.nickname}
                {/* A rated race's change beside the name, as lichess shows it: "1523 +23". */}
                {s.rating && <RatingChange change={s.rating} />}
              </td>
              <td>{s.timeMs === null ? '–' : formatTime(s.timeMs)}</td>
              {penalties && (
                <td>{s.progress.penaltyMs > 0 ? `+${formatTime(s.progress.penaltyMs)}` : '–'}</td>
              )}
              <td>{s.mistakes}</td>
              <td>
                {s.flag === 'tooFast' ? t('results.tooFast') : outcomeOf(s, view.race?.endedBy)}
              </td>
              {points && (
                <td data-testid="standing-points">{t('evening.gain', { n: s.points ?? 0 })}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A standing's outcome; a runner stopped because a team won is told so, not "by the host". */
export function outcomeOf(s: Standing, endedBy: RaceEndCause | null | undefined): string {
  return s.outcome === 'ended' && endedBy === 'team'
    ? t('race.status.endedTeam')
    : t(`race.status.${s.outcome}`);
}

/** Every player's final board and the solution. */
function Boards({ view }: { view: RoomView }) {
  const race = view.race;
  if (!race || race.puzzle === null) return null;
  const solution =
    race.solution === null ? undefined : raceGame(race.variant, race.puzzle, race.solution);
  return (
    <div class="spectate-grid results-boards">
      {racers(view).map((p) => (
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
  );
}

/** The player's colour and initial, while they still hold their seat (a player who left has none). */
export function SeatAvatar({
  view,
  playerId,
  nickname,
}: {
  view: RoomView;
  playerId: string;
  nickname: string;
}) {
  const seat = view.players.find((p) => p.id === playerId);
  return seat ? <Avatar nickname={nickname} colour={seat.colour} class="avatar-lead" /> : null;
}
