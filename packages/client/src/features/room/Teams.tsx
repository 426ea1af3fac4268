/**
 * Team races on the client: the teams in the lobby (the host moves a player or balances by
 * rating — offered by `you.can.teams`), each team's progress during the race (the server's
 * sums: `RaceView.teams`, kept fresh by `race:progress`), and the teams' result. A team is
 * always named with its colour ("Team Red"), never shown by colour alone.
 */
import type { PlayerView, RoomView, TeamView } from '@percent/protocol';
import { START_RATING } from '@percent/protocol/rules';
import { t } from '../../i18n/index.ts';
import { ordinal } from '../../i18n/ordinal.ts';
import type { RoomSession } from '../../net/room-session.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { teamColour } from '../../ui/team-colours.ts';
import { formatTime } from '../../ui/time.ts';
import './teams.css';

export const teamName = (team: number): string => t(`team.name.${team % 4}` as 'team.name.0');

/** A team's colour swatch and name. */
export function TeamName({ team }: { team: number }) {
  return (
    <span class="team-name" data-team={team}>
      <span class="team-swatch" style={{ background: teamColour(team) }} aria-hidden="true" />
      {teamName(team)}
    </span>
  );
}

/** The lobby's teams: who is in which, with the host's controls. Nothing without teams. */
export function LobbyTeams({ view, session }: { view: RoomView; session: RoomSession }) {
  const teams = view.settings.teams;
  if (teams === null) return null;
  const host = view.you.can.teams;
  return (
    <section class="lobby-teams" data-testid="lobby-teams" aria-label={t('team.label')}>
      <div class="team-grid">
        {Array.from({ length: teams }, (_, team) => {
          const members = view.players.filter((p) => p.plays && p.team === team);
          const rating = members.reduce((sum, p) => sum + (p.rating?.value ?? START_RATING), 0);
          return (
            <article
              key={team}
              class="team-box"
              style={{ '--team': teamColour(team) }}
              data-testid="team-box"
              data-team={team}
            >
              <h3>
                <TeamName team={team} />{' '}
                {members.length > 0 && (
                  <span class="muted">{t('team.rating', { n: Math.round(rating) })}</span>
                )}
              </h3>
              {members.length === 0 ? (
                <p class="muted">{t('team.empty')}</p>
              ) : (
                <ul>
                  {members.map((p) => (
                    <TeamMember key={p.id} player={p} teams={teams} host={host} session={session} />
                  ))}
                </ul>
              )}
            </article>
          );
        })}
      </div>
      {host && (
        <button
          type="button"
          data-testid="balance-teams"
          onClick={() => void session.balanceTeams()}
        >
          {t('team.balance')}
        </button>
      )}
      <p class="muted team-rule">{t('team.rule')}</p>
    </section>
  );
}

function TeamMember(props: {
  player: PlayerView;
  teams: number;
  host: boolean;
  session: RoomSession;
}) {
  const { player, teams, host, session } = props;
  return (
    <li data-testid="team-member" data-player={player.nickname}>
      <Avatar nickname={player.nickname} colour={player.colour} /> {player.nickname}
      {host && (
        <select
          aria-label={t('team.moveTo', { name: player.nickname })}
          data-testid={`team-of-${player.nickname}`}
          value={String(player.team ?? 0)}
          onChange={(e) => void session.setTeam(player.id, Number(e.currentTarget.value))}
        >
          {Array.from({ length: teams }, (_, team) => (
            <option key={team} value={String(team)}>
              {teamName(team)}
            </option>
          ))}
        </select>
      )}
    </li>
  );
}

/** Each team's progress during the race, in team order (the ranking comes with the end). */
export function TeamBars({ view, size = 'compact' }: { view: RoomView; size?: 'compact' | 'big' }) {
  const teams = view.race?.teams;
  if (!teams) return null;
  const ordered = [...teams].sort((a, b) => a.team - b.team);
  return (
    <ul class={`team-bars team-bars-${size}`} data-testid="team-bars">
      {ordered.map((team) => (
        <li
          key={team.team}
          class={team.complete ? 'is-complete' : undefined}
          style={{ '--team': teamColour(team.team) }}
          data-testid="team-bar"
          data-team={team.team}
          data-percent={team.percent}
        >
          <TeamName team={team.team} />
          <ProgressBar
            class="team-track"
            percent={team.percent}
            label={`${teamName(team.team)}: ${team.percent}%`}
          />
          <span class="team-figures">
            {t('team.progress', {
              percent: team.percent,
              finished: team.finished,
              members: team.members.length,
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Which team won, in one line. */
export function teamWinnerLine(teams: readonly TeamView[]): string | undefined {
  const first = teams.find((team) => team.place === 1);
  return first && t('team.wins', { team: teamName(first.team) });
}

/** The teams' result, best first: place, team, its players, its time (complete) or cells. */
export function TeamResults({
  view,
  teams,
  heading = true,
}: {
  view: RoomView;
  teams: readonly TeamView[];
  /** false where the winner is already the headline (the TV). */
  heading?: boolean;
}) {
  const nameOf = (id: string) => view.players.find((p) => p.id === id)?.nickname ?? id;
  return (
    <section class="team-results" data-testid="team-results" aria-label={t('team.standings')}>
      {heading && <h3 data-testid="team-winner">{teamWinnerLine(teams)}</h3>}
      <table class="evening-table">
        <thead>
          <tr>
            <th scope="col">{t('team.col.place')}</th>
            <th scope="col">{t('team.col.team')}</th>
            <th scope="col">{t('team.col.players')}</th>
            <th scope="col">{t('team.col.result')}</th>
          </tr>
        </thead>
        <tbody>
          {teams.map((team) => (
            <tr
              key={team.team}
              style={{ '--team': teamColour(team.team) }}
              data-testid="team-row"
              data-team={team.team}
              data-place={team.place ?? ''}
            >
              <td>{team.place === null ? '–' : ordinal(team.place)}</td>
              <th scope="row">
                <TeamName team={team.team} />
              </th>
              <td>{team.members.map(nameOf).join(', ')}</td>
              <td>
                {team.complete && team.timeMs !== null
                  ? t('team.done', { time: formatTime(team.timeMs) })
                  : t('team.cells', { filled: team.filled, blanks: team.blanks })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
