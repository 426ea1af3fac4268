/**
 * The TV after the race: who won in one line, the podium with a moment of confetti, everyone
 * else below it, and the host's Rematch when the host runs the room from this screen.
 */
import type { RoomView } from '@percent/protocol';
import { t } from '../../../i18n/index.ts';
import type { RoomSession } from '../../../net/room-session.ts';
import { PlayAgainLine, RematchButton } from '../Results.tsx';
import { RestItem } from './LastResults.tsx';
import { Confetti, Podium, winnerLine } from './Podium.tsx';
import { splitPodium } from './race-facts.ts';
import { CornerJoin } from './TvRace.tsx';
import { EveningControls, EveningStandings, eveningWinnerLine } from '../Evening.tsx';
import { TeamResults, teamWinnerLine } from '../Teams.tsx';

export function TvResults({ view, session }: { view: RoomView; session: RoomSession }) {
  const race = view.race;
  const standings = race?.standings ?? [];
  const { podium, rest } = splitPodium(standings);
  const evening = view.tournament;
  // The evening's last round: its winner is the headline; the race's goes under it.
  const finale = evening?.over === true && evening.standings.length > 0;
  const teamHeadline = !finale && race?.teams != null;
  const raceResults = (
    <>
      {race?.teams && <TeamResults view={view} teams={race.teams} heading={false} />}
      {podium.length > 0 && <Podium podium={podium} youId={null} size="big" />}
      {rest.length > 0 && (
        <section class="tv-rest" aria-label={t('podium.rest')}>
          <ol class="last-rest">
            {rest.map((s) => (
              <RestItem key={s.playerId} standing={s} endedBy={race?.endedBy} />
            ))}
          </ol>
        </section>
      )}
    </>
  );
  return (
    <div class="tv-results" data-testid="tv-results">
      {(podium.length > 0 || finale) && <Confetti key={race?.id} />}
      <header class="tv-race-head">
        <div>
          <p class="tv-kicker">{finale ? t('evening.final') : t('results.title')}</p>
          <h2 class="tv-winner" data-testid={teamHeadline ? 'team-winner' : undefined}>
            {finale
              ? eveningWinnerLine(evening.standings)
              : ((race?.teams && teamWinnerLine(race.teams)) ?? winnerLine(standings))}
          </h2>
          <p class="tv-note">
            {finale && `${winnerLine(standings)} `}
            {race?.endedBy && t(`results.endedBy.${race.endedBy}`)}
          </p>
        </div>
        <CornerJoin view={view} />
      </header>
      {evening ? (
        <div class="tv-results-main">
          <div>{raceResults}</div>
          <EveningStandings view={view} size="big" />
        </div>
      ) : (
        raceResults
      )}
      <footer class="tv-host">
        <PlayAgainLine view={view} class="tv-note" />
        {view.you.can.rematch && <RematchButton session={session} />}
        <EveningControls view={view} session={session} />
      </footer>
    </div>
  );
}
