/**
 * "Race a ghost" on the solo page: this device's best solves and today's daily leaders; a
 * choice starts a game on that puzzle with the ghost beside it.
 */
import type { DailySummaryView } from '@percent/protocol';
import { useState } from 'preact/hooks';
import { t } from '../../../i18n/index.ts';
import { loadSolves } from '../../../state/solve-record.ts';
import { fetchDailyIndex } from '../../../net/daily-api.ts';
import { difficultyLabel, variantLabel } from '../../../i18n/daily-labels.ts';
import { raceGhost } from '../start.ts';
import { formatDuration } from '../../../state/stopwatch.ts';
import { bestSolves, recentLeaders } from './picks.ts';

export function GhostPicker() {
  const [leaders, setLeaders] = useState<readonly DailySummaryView[] | undefined>(undefined);
  const onToggle = (open: boolean) => {
    if (!open || leaders) return;
    void fetchDailyIndex().then((answer) =>
      setLeaders(answer.ok ? recentLeaders(answer.value) : []),
    );
  };
  const solves = bestSolves(loadSolves());
  return (
    <details class="ghost-picker" onToggle={(e) => onToggle(e.currentTarget.open)}>
      <summary>{t('ghost.picker')}</summary>
      <p class="muted">{t('ghost.pickerHint')}</p>
      <p class="ghost-picker-heading">{t('ghost.yourBest')}</p>
      {solves.length === 0 ? (
        <p class="muted">{t('ghost.none')}</p>
      ) : (
        <ul>
          {solves.map((solve) => (
            <li key={solve.id}>
              <button
                type="button"
                class="link"
                onClick={() => raceGhost({ kind: 'solve', solveId: solve.id })}
              >
                {t('ghost.solveItem', {
                  variant: variantLabel(solve.variant),
                  difficulty: difficultyLabel(solve.difficulty),
                  time: formatDuration(solve.timeMs),
                })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p class="ghost-picker-heading">{t('ghost.dailyLeaders')}</p>
      {leaders === undefined ? (
        <p class="muted">{t('daily.loading')}</p>
      ) : leaders.length === 0 ? (
        <p class="muted">{t('ghost.noLeaders')}</p>
      ) : (
        <ul>
          {leaders.map((daily) => (
            <li key={`${daily.day}/${daily.variant}`}>
              <button
                type="button"
                class="link"
                onClick={() => raceGhost({ kind: 'daily', day: daily.day, variant: daily.variant })}
              >
                {t('ghost.leaderItem', {
                  variant: variantLabel(daily.variant),
                  day: daily.day,
                  time: formatDuration(daily.bestTimeMs ?? 0),
                })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
