/**
 * `/tournament/ID`: an evening as stored — its final (or latest) standings with the podium,
 * and every round with its standings, points and a link to the round's replay. Shared after
 * the evening ("how did Friday go?"); it reads what the server stored, nothing is scored here.
 */
import type { TournamentRecordView } from '@percent/protocol';
import { useEffect, useState } from 'preact/hooks';
import { language, t } from '../../i18n/index.ts';
import { ordinal } from '../../i18n/ordinal.ts';
import { useFocusOnScreen } from '../../ui/focus.ts';
import { Link } from '../../ui/Link.tsx';
import { EveningPodium, EveningTable, eveningWinnerLine, scoringLine } from '../room/Evening.tsx';
import { loadEvening, type LoadedEvening } from './tournament-load.ts';
import '../../ui/room.css';

export function TournamentPage({ id }: { readonly id: string }) {
  const [loaded, setLoaded] = useState<LoadedEvening | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoaded(null);
    void loadEvening(id, controller.signal).then((result) => {
      if (!controller.signal.aborted) setLoaded(result);
    });
    return () => controller.abort();
  }, [id, attempt]);
  useFocusOnScreen(loaded?.kind ?? 'loading', () => document.getElementById('evening-heading'));
  return (
    <section class="evening-page" data-testid="evening-page" data-state={loaded?.kind ?? 'loading'}>
      {loaded?.kind === 'ready' ? (
        <Evening evening={loaded.evening} />
      ) : (
        <>
          <h1 id="evening-heading" tabIndex={-1}>
            {t('evening.title')}
          </h1>
          {loaded === null && <p role="status">{t('evening.loading')}</p>}
          {loaded?.kind === 'notFound' && (
            <p role="alert" data-testid="evening-missing">
              {t('evening.notFound')} <Link href="/">{t('nav.home')}</Link>
            </p>
          )}
          {loaded?.kind === 'failed' && (
            <>
              <p role="alert">{t('evening.loadFailed', { message: loaded.message })}</p>
              <button type="button" class="primary" onClick={() => setAttempt((n) => n + 1)}>
                {t('evening.retry')}
              </button>
            </>
          )}
        </>
      )}
    </section>
  );
}

function Evening({ evening }: { evening: TournamentRecordView }) {
  const played = evening.races.length;
  const date = new Date(evening.startedAt).toLocaleString(
    language.value === 'zh' ? 'zh-CN' : 'en',
    { dateStyle: 'medium', timeStyle: 'short' },
  );
  return (
    <>
      <h1 id="evening-heading" tabIndex={-1}>
        {t('evening.pageTitle', { code: evening.roomCode })}
      </h1>
      <p class="muted">
        {date} ·{' '}
        {evening.rounds === null
          ? t('evening.playedOpen', { n: played })
          : t('evening.played', { n: played, of: evening.rounds })}
      </p>
      <section class="evening evening-compact" aria-labelledby="evening-final-h">
        <h2 id="evening-final-h">{evening.complete ? t('evening.final') : t('evening.title')}</h2>
        {evening.standings.length > 0 && (
          <p class="evening-winner" data-testid="evening-winner">
            {eveningWinnerLine(evening.standings)}
          </p>
        )}
        <EveningPodium standings={evening.standings} youId={null} />
        <EveningTable standings={evening.standings} youId={null} />
        <p class="muted evening-scoring">{scoringLine()}</p>
      </section>
      <h2>{t('evening.roundsHeading')}</h2>
      <ol class="evening-rounds" data-testid="evening-rounds-list">
        {evening.races.map((race) => (
          <li key={race.raceId} data-testid="evening-round">
            <h3>
              {evening.rounds === null
                ? t('evening.roundOpen', { n: race.round })
                : t('evening.round', { n: race.round, of: evening.rounds })}{' '}
              <span class="muted">
                · {t(`variant.${race.variant}`)} · {t(`difficulty.${race.difficulty}`)}
              </span>
            </h3>
            <ol class="last-rest">
              {race.players.map((p, i) => (
                <li key={`${p.nickname}-${i}`}>
                  <span class="rest-place">{p.place === null ? '–' : ordinal(p.place)}</span>
                  <span class="rest-name">{p.nickname}</span>
                  <span class="rest-what muted">
                    {p.place === null ? t('evening.dnf') : ''} {t('evening.gain', { n: p.points })}
                  </span>
                </li>
              ))}
            </ol>
            <Link href={`/race/${race.raceId}`}>{t('evening.replay', { n: race.round })}</Link>
          </li>
        ))}
      </ol>
    </>
  );
}
