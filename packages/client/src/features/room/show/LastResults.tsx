/**
 * The lobby's "Last race": the previous race's podium and the others' places, kept by the
 * server (`RoomView.lastRace`) until the next race starts, so a group that comes back to the
 * lobby still sees who won.
 */
import type { RaceEndCause, RoomView, Standing } from '@percent/protocol';
import { outcomeOf } from '../Results.tsx';
import { t } from '../../../i18n/index.ts';
import { formatTime } from '../../../ui/time.ts';
import { Podium } from './Podium.tsx';
import { lastStandings, ordinal, splitPodium } from './race-facts.ts';
import './show.css';

export function LastResults({ view }: { view: RoomView }) {
  const standings = lastStandings(view);
  if (!standings || standings.length === 0) return null;
  const { podium, rest } = splitPodium(standings);
  return (
    <section class="last-results" data-testid="last-results" aria-labelledby="last-results-h">
      <h3 id="last-results-h">{t('podium.lastRace')}</h3>
      {podium.length > 0 ? (
        <Podium podium={podium} youId={view.you.playerId} size="compact" />
      ) : (
        <p class="muted">{t('podium.nobody')}</p>
      )}
      {rest.length > 0 && (
        <ol class="last-rest">
          {rest.map((s) => (
            <RestItem key={s.playerId} standing={s} endedBy={view.lastRace?.endedBy} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** One standing below the podium: place (or outcome) and time. */
export function RestItem({
  standing: s,
  endedBy,
}: {
  standing: Standing;
  endedBy?: RaceEndCause | null;
}) {
  return (
    <li data-testid="rest-standing">
      <span class="rest-place">{s.place === null ? '–' : ordinal(s.place)}</span>
      <span class="rest-name">{s.nickname}</span>
      <span class="rest-what muted">
        {s.timeMs !== null ? formatTime(s.timeMs) : outcomeOf(s, endedBy)}
      </span>
    </li>
  );
}
