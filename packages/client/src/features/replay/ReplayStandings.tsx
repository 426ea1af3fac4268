/** The race's final standings, as stored (best first). */
import { hasMessage, t } from '../../i18n/index.ts';
import { formatTime } from '../../ui/time.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import type { ReplayPlayer } from './replay-record.ts';

export function ReplayStandings({ players }: { players: readonly ReplayPlayer[] }) {
  return (
    <section class="replay-standings">
      <h3>{t('replay.standings')}</h3>
      <div class="table-scroll">
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
            {players.map((p) => (
              <tr key={p.id} data-testid="replay-standing">
                <td>{p.place ?? '–'}</td>
                <td>
                  {p.colour !== undefined && (
                    <Avatar nickname={p.nickname} colour={p.colour} class="avatar-lead" />
                  )}
                  {p.nickname}
                </td>
                <td>{p.timeMs === null ? '–' : formatTime(p.timeMs)}</td>
                <td>{p.mistakes}</td>
                <td>{p.tooFast ? t('results.tooFast') : outcomeText(p.outcome)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function outcomeText(outcome: string): string {
  const key = `race.status.${outcome}`;
  return hasMessage(key) ? t(key) : outcome;
}
