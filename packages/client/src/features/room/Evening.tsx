/**
 * Tournaments in the room: the host's controls (start an evening of N rounds or "until we
 * stop", end it) and the evening's standings as the server ranks them (`RoomView.tournament`) —
 * in the lobby between rounds, on the results screen, and large on the TV — with the evening's
 * podium once it is over. Nothing is scored here: points, places and rounds come from the view.
 */
import { FINISH_POINT, TOURNAMENT_POINTS, TOURNAMENT_ROUND_CHOICES } from '@percent/protocol/rules';
import type { RoomView, TournamentStanding, TournamentView } from '@percent/protocol';
import { useSignal } from '@preact/signals';
import { t } from '../../i18n/index.ts';
import { ordinal } from '../../i18n/ordinal.ts';
import type { RoomSession } from '../../net/room-session.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { ConfirmButton } from '../../ui/ConfirmButton.tsx';
import { Link } from '../../ui/Link.tsx';
import './evening.css';

/** Start (with the number of rounds) or End: only what the server offers this member now. */
export function EveningControls({ view, session }: { view: RoomView; session: RoomSession }) {
  const can = view.you.can;
  const rounds = useSignal<number | null>(TOURNAMENT_ROUND_CHOICES[0]);
  if (can.startTournament) {
    return (
      <div class="evening-start" data-testid="evening-controls">
        <label>
          {t('evening.rounds')}{' '}
          <select
            data-testid="evening-rounds"
            value={rounds.value === null ? 'open' : String(rounds.value)}
            onChange={(e) => {
              const value = e.currentTarget.value;
              rounds.value = value === 'open' ? null : Number(value);
            }}
          >
            {TOURNAMENT_ROUND_CHOICES.map((n) => (
              <option key={String(n)} value={n === null ? 'open' : String(n)}>
                {n === null ? t('evening.untilStop') : t('evening.roundsChoice', { n })}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          data-testid="evening-start"
          onClick={() => void session.startTournament(rounds.value)}
        >
          {t('evening.start')}
        </button>
        <p class="muted evening-scoring">{scoringLine()}</p>
      </div>
    );
  }
  if (!can.endTournament) return null;
  return (
    <ConfirmButton
      id="evening-end"
      label={t('evening.end')}
      question={t('evening.endConfirm')}
      confirm={t('evening.endYes')}
      stay={t('evening.keepGoing')}
      onConfirm={() => session.endTournament()}
    />
  );
}

/** The points table, from the protocol's own constants. */
export const scoringLine = (): string =>
  t('evening.scoring', {
    table: TOURNAMENT_POINTS.join(' / '),
    first: ordinal(1),
    last: ordinal(TOURNAMENT_POINTS.length),
    finish: FINISH_POINT,
  });

/** Where the evening stands: round N of M now, after round N, or final. */
export function eveningState(evening: TournamentView): string {
  const of = evening.rounds;
  if (evening.over) return t('evening.final');
  if (evening.current !== null)
    return of === null
      ? t('evening.roundOpen', { n: evening.current })
      : t('evening.round', { n: evening.current, of });
  if (evening.played === 0) return t('evening.notYet');
  return of === null
    ? t('evening.afterOpen', { n: evening.played })
    : t('evening.after', { n: evening.played, of });
}

/** Who leads (or won) the evening, in one line. */
export function eveningWinnerLine(standings: readonly TournamentStanding[]): string {
  const first = standings.filter((s) => s.place === 1);
  if (first.length === 1) return t('evening.winner', { name: first[0]!.nickname });
  return t('evening.winners', { names: first.map((s) => s.nickname).join(' & ') });
}

/**
 * The evening's standings: state line, the podium once over, then every entrant with points
 * and each round's points. `big` on the TV.
 */
export function EveningStandings({
  view,
  size = 'compact',
}: {
  view: RoomView;
  size?: 'big' | 'compact';
}) {
  const evening = view.tournament;
  if (!evening) return null;
  return (
    <section
      class={`evening evening-${size}${evening.over ? ' is-over' : ''}`}
      data-testid="evening"
      data-played={evening.played}
      data-over={evening.over}
      aria-labelledby={`evening-h-${size}`}
    >
      <p class="evening-kicker">{t('evening.title')}</p>
      <h3 id={`evening-h-${size}`} data-testid="evening-state">
        {eveningState(evening)}
      </h3>
      {evening.over && evening.standings.length > 0 && (
        <p class="evening-winner" data-testid="evening-winner">
          {eveningWinnerLine(evening.standings)}
        </p>
      )}
      {evening.over && <EveningPodium standings={evening.standings} youId={view.you.playerId} />}
      {evening.standings.length > 0 && (
        <EveningTable standings={evening.standings} youId={view.you.playerId} />
      )}
      {evening.played > 0 && (
        <p class="evening-link" data-testid="evening-link">
          <Link href={evening.link}>{t('evening.page')}</Link>
        </p>
      )}
    </section>
  );
}

/** The evening's top three as steps (the winner in the middle, as the race podium). */
export function EveningPodium({
  standings,
  youId,
}: {
  standings: readonly TournamentStanding[];
  youId: string | null;
}) {
  const podium = standings.filter((s) => s.place <= 3).slice(0, 3);
  if (podium.length === 0) return null;
  return (
    <ol
      class={`podium podium-compact steps-${podium.length}`}
      style={{ '--steps': podium.length }}
      aria-label={t('podium.title')}
      data-testid="evening-podium"
    >
      {podium.map((s) => (
        <li
          key={`${s.nickname}-${s.place}`}
          class={`podium-step place-${s.place}${s.playerId !== null && s.playerId === youId ? ' is-you' : ''}`}
          data-testid="evening-podium-step"
          data-player={s.nickname}
        >
          <span class="podium-name">
            <Avatar nickname={s.nickname} colour={s.colour} /> {s.nickname}
          </span>
          <span class="podium-time">{t('evening.points', { n: s.points })}</span>
          <span class="podium-block" aria-hidden="true">
            {s.place}
          </span>
          <span class="sr-only">{ordinal(s.place)}</span>
        </li>
      ))}
    </ol>
  );
}

/** Every entrant: place, colour, name, total, and the points of each round so far. */
export function EveningTable({
  standings,
  youId,
}: {
  standings: readonly TournamentStanding[];
  youId: string | null;
}) {
  const rounds = standings[0]?.rounds.length ?? 0;
  return (
    <table class="evening-table" data-testid="evening-table">
      <thead>
        <tr>
          <th scope="col">{t('evening.col.place')}</th>
          <th scope="col">{t('evening.col.player')}</th>
          <th scope="col">{t('evening.col.points')}</th>
          {Array.from({ length: rounds }, (_, i) => (
            <th scope="col" key={i} class="evening-round">
              {t('evening.col.round', { n: i + 1 })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {standings.map((s) => (
          <tr
            key={`${s.nickname}-${s.place}-${s.colour}`}
            class={s.playerId !== null && s.playerId === youId ? 'is-you' : undefined}
            data-testid="evening-row"
            data-player={s.nickname}
            data-points={s.points}
            data-place={s.place}
          >
            <td class="evening-place">{ordinal(s.place)}</td>
            <th scope="row" class="evening-name">
              <Avatar nickname={s.nickname} colour={s.colour} /> {s.nickname}
            </th>
            <td class="evening-points">{s.points}</td>
            {s.rounds.map((points, i) => (
              <td key={i} class="evening-round">
                {points === null ? '–' : points}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "Round 2 of 3" while a round is raced (countdown, race, TV); nothing outside an evening. */
export function RoundLine({
  view,
  class: className = 'muted',
}: {
  view: RoomView;
  class?: string;
}) {
  const evening = view.tournament;
  if (!evening || evening.current === null) return null;
  return (
    <p class={`round-line ${className}`} data-testid="round-line">
      {eveningState(evening)}
    </p>
  );
}
