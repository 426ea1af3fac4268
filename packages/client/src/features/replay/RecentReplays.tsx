/** This device's races and solves, newest first, each a link to its replay. */
import type { HistoryEntryView } from '@percent/protocol';
import { useEffect, useState } from 'preact/hooks';
import { hasMessage, language, t } from '../../i18n/index.ts';
import { deviceHeaders } from '../../net/identity.ts';
import type { SolveRecord } from '../../state/solve-record.ts';
import { Link } from '../../ui/Link.tsx';
import { formatTime } from '../../ui/time.ts';
import { ordinal } from '../../i18n/ordinal.ts';
import { recentEntries, fetchHistory, type RecentEntry } from './recent.ts';
import { outcomeText } from './ReplayStandings.tsx';

export function RecentReplays({ limit = 10 }: { readonly limit?: number }) {
  const [races, setRaces] = useState<readonly HistoryEntryView[]>([]);
  const [solves, setSolves] = useState<readonly SolveRecord[]>([]);
  useEffect(() => {
    let live = true;
    void fetchHistory(deviceHeaders(), limit).then((entries) => {
      if (live) setRaces(entries);
    });
    // Stored solves are checked with zod: loaded apart, so the home page's first load has none.
    void import('../../state/solve-record.ts').then(({ loadSolves }) => {
      if (live) setSolves(loadSolves());
    });
    return () => {
      live = false;
    };
  }, [limit]);
  const entries = recentEntries(races, solves, limit);
  return (
    <section class="recent-replays" data-testid="recent-replays">
      <h2>{t('replay.recent')}</h2>
      {entries.length === 0 ? (
        <p class="muted">{t('replay.recentEmpty')}</p>
      ) : (
        <ul>
          {entries.map((entry) => (
            <li key={entry.href}>
              <Link href={entry.href}>{entryText(entry)}</Link>{' '}
              <time class="muted" dateTime={new Date(entry.when).toISOString()}>
                {new Date(entry.when).toLocaleDateString(language.value === 'zh' ? 'zh-CN' : 'en')}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function variantName(variant: string): string {
  const key = `variant.${variant}`;
  return hasMessage(key) ? t(key) : variant;
}

function entryText(entry: RecentEntry): string {
  if (entry.kind === 'solve')
    return t('replay.recentSolve', {
      variant: variantName(entry.solve.variant),
      time: formatTime(entry.solve.timeMs),
    });
  const race = entry.race;
  const variant = variantName(race.variant);
  const text =
    race.place === null
      ? t('replay.recentUnplaced', { variant, outcome: outcomeText(race.outcome) })
      : t('replay.recentRace', { variant, place: race.place, players: race.players });
  // A team race: the team's place too.
  return race.teamPlace === null
    ? text
    : `${text} · ${t('team.place', { place: ordinal(race.teamPlace) })}`;
}
