/** The room's leaderboard (most wins first), read once per finished race. */
import type { LeaderboardEntryView } from '@percent/protocol';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import { request } from '../../net/connection.ts';
import { formatTime } from '../../ui/time.ts';
import './show/show.css';

export function Leaderboard({ code, raceId }: { code: string; raceId: string }) {
  const entries = useSignal<readonly LeaderboardEntryView[]>([]);
  useEffect(() => {
    let live = true;
    void request('leaderboard:get', { code, limit: 10 }).then((reply) => {
      if (live && reply.ok) entries.value = reply.entries;
    });
    return () => {
      live = false;
    };
  }, [code, raceId]);
  if (entries.value.length === 0) return null;
  return (
    <section class="leaderboard" data-testid="leaderboard">
      <h3>{t('results.leaderboard')}</h3>
      <div class="table-scroll">
        <table class="standings">
          <thead>
            <tr>
              <th scope="col">{t('results.player')}</th>
              <th scope="col">{t('results.wins')}</th>
              <th scope="col">{t('results.races')}</th>
              <th scope="col">{t('results.best')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.value.map((e) => (
              <tr key={e.nickname}>
                <td>{e.nickname}</td>
                <td>{e.wins}</td>
                <td>{e.races}</td>
                <td>{e.bestTimeMs === null ? '–' : formatTime(e.bestTimeMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
