/**
 * The replay page: a finished race (`/race/ID`) or a solve recorded on this device
 * (`/replay/ID`). `?player=ID` picks whose debrief shows first. An unknown id says so (and
 * lists this device's replays); a failed load offers to try again.
 */
import { useEffect, useState } from 'preact/hooks';
import { hasMessage, language, t } from '../../i18n/index.ts';
import { useFocusOnScreen } from '../../ui/focus.ts';
import { Link } from '../../ui/Link.tsx';
import { announce } from '../../ui/Announcer.tsx';
import { FairnessCheck } from './FairnessCheck.tsx';
import { loadWitness } from '../../net/witness.ts';
import { copyText } from '../../ui/share.ts';
import { RecentReplays } from './RecentReplays.tsx';
import { loadReplay, type Loaded, type ReplaySource } from './replay-load.ts';
import type { ReplayRecord } from './replay-record.ts';
import { replayHref } from './ReplayLink.tsx';
import { ReplayView } from './ReplayView.tsx';
import '../../ui/room.css';
import './replay.css';

export type { ReplaySource } from './replay-load.ts';

export function ReplayPage({ source }: { readonly source: ReplaySource }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoaded(null);
    void loadReplay(source, controller.signal).then((result) => {
      if (!controller.signal.aborted) setLoaded(result);
    });
    return () => controller.abort();
  }, [source.kind, source.id, attempt]);
  useFocusOnScreen(loaded?.kind ?? 'loading', () => document.getElementById('replay-heading'));
  return (
    <section class="replay" data-testid="replay" data-state={loaded?.kind ?? 'loading'}>
      {loaded === null && (
        <>
          <h1 id="replay-heading" tabIndex={-1}>
            {t('replay.title')}
          </h1>
          <p role="status">{t('replay.loading')}</p>
        </>
      )}
      {loaded?.kind === 'notFound' && <NotFound source={source} />}
      {loaded?.kind === 'failed' && (
        <>
          <h1 id="replay-heading" tabIndex={-1}>
            {t('replay.title')}
          </h1>
          <p role="alert" data-testid="replay-failed">
            {t('replay.failed', { message: loaded.message })}
          </p>
          <button type="button" class="primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('replay.retry')}
          </button>
        </>
      )}
      {loaded?.kind === 'ready' && (
        <>
          <ReplayHeading record={loaded.record} />
          <ReplayView
            key={`${loaded.record.kind}:${loaded.record.id}`}
            record={loaded.record}
            initialPlayer={playerParam()}
          />
        </>
      )}
    </section>
  );
}

function ReplayHeading({ record }: { record: ReplayRecord }) {
  const date = new Date(record.startedAt).toLocaleString(language.value === 'zh' ? 'zh-CN' : 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const difficulty = `difficulty.${record.difficulty}`;
  return (
    <header class="replay-head">
      <h1 id="replay-heading" tabIndex={-1}>
        {record.kind === 'race'
          ? t('replay.raceTitle', { code: record.roomCode ?? '' })
          : t('replay.solveTitle')}
      </h1>
      <p class="muted">
        {t('replay.meta', {
          variant: t(`variant.${record.variant}`),
          difficulty: hasMessage(difficulty) ? t(difficulty) : record.difficulty,
          date,
        })}
      </p>
      {record.kind === 'race' && <CopyLink raceId={record.id} />}
      {record.commitment !== undefined && (
        <FairnessCheck
          race={{
            puzzle: record.puzzle,
            solution: record.solution,
            secret: record.secret ?? null,
            commitment: record.commitment,
          }}
          seen={record.kind === 'race' ? loadWitness(record.id) : undefined}
          stored
        />
      )}
    </header>
  );
}

/** Copies this replay's address (a plain-http LAN page has no Clipboard API: share.ts copes). */
function CopyLink({ raceId }: { raceId: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const done = await copyText(`${location.origin}${replayHref(raceId)}`);
    setCopied(done);
    if (done) announce(t('replay.copied'));
  };
  return (
    <button type="button" class="replay-copy" data-testid="replay-copy" onClick={() => void copy()}>
      {copied ? `✓ ${t('replay.copied')}` : t('replay.copyLink')}
    </button>
  );
}

function NotFound({ source }: { source: ReplaySource }) {
  return (
    <>
      <h1 id="replay-heading" tabIndex={-1}>
        {t('replay.title')}
      </h1>
      <p role="alert" data-testid="replay-not-found">
        {source.kind === 'race'
          ? t('replay.notFound', { id: source.id })
          : t('replay.solveNotFound', { id: source.id })}
      </p>
      {source.kind === 'race' && <p class="muted">{t('replay.notFoundHint')}</p>}
      <RecentReplays />
      <p>
        <Link href="/">{t('replay.home')}</Link>
      </p>
    </>
  );
}

function playerParam(): string | null {
  return typeof location === 'undefined'
    ? null
    : new URLSearchParams(location.search).get('player');
}
