/**
 * The ghost beside the solo board: its progress on the player's stopwatch (percent, mistakes,
 * finished or not), optionally its board with its digits appearing at their real times, and
 * at the player's finish who won and by how much.
 */
import { signal } from '@preact/signals';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../../i18n/index.ts';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { readStored, writeStored } from '../../../ui/storage.ts';
import type { Session } from '../session.ts';
import { elapsed, formatDuration } from '../../../state/stopwatch.ts';
import { ghostAt, ghostOutcome, type GhostProgress, type GhostTrack } from './ghost.ts';
import './ghost.css';

/** Whether the ghost's digits are shown (remembered on the device). */
const showDigits = signal(readStored('ghost.digits') === '1');

export function GhostPanel({ session }: { readonly session: Session }) {
  const ghost = session.ghost;
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const id = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(id);
  }, []);
  if (!ghost) return null;
  const ms = elapsed(session.watch.value, now);
  const progress = ghostAt(ghost.track, ms);
  const { name } = ghost.track;
  return (
    <section class="ghost-panel" aria-label={t('ghost.title', { name })} data-testid="ghost">
      <p class="ghost-name">{t('ghost.title', { name })}</p>
      <ProgressBar
        class="ghost-bar"
        percent={progress.percent}
        label={t('ghost.progress', { name, percent: progress.percent })}
      />
      <p class="ghost-facts" data-testid="ghost-facts">
        <span data-testid="ghost-percent">{progress.percent}%</span>
        {' · '}
        {t('ghost.mistakes', { count: progress.mistakes })}
        {' · '}
        {progress.finishedAt === null
          ? t('ghost.solving')
          : t('ghost.finishedAt', { time: formatDuration(progress.finishedAt) })}
      </p>
      <DigitsToggle />
      {showDigits.value && <GhostBoard track={ghost.track} progress={progress} />}
      {session.solved.value && !session.assisted.value && (
        <Outcome session={session} track={ghost.track} />
      )}
    </section>
  );
}

function DigitsToggle() {
  return (
    <label class="ghost-toggle">
      <input
        type="checkbox"
        checked={showDigits.value}
        onChange={(e) => {
          showDigits.value = e.currentTarget.checked;
          writeStored('ghost.digits', showDigits.value ? '1' : '0');
        }}
      />{' '}
      {t('ghost.showDigits')}
    </label>
  );
}

/** The ghost's board, small and faint: givens dark, its own digits light, its mistakes red. */
function GhostBoard({ track, progress }: { track: GhostTrack; progress: GhostProgress }) {
  return (
    <div class="ghost-board" role="img" aria-label={t('ghost.board')}>
      {[...progress.board].map((digit, cell) => {
        const given = track.puzzle[cell] !== '0';
        const wrong = !given && digit !== '0' && digit !== track.solution[cell];
        const kind = given ? 'given' : wrong ? 'wrong' : 'entry';
        return (
          <span key={cell} class={`ghost-cell ghost-${kind}`}>
            {digit === '0' ? '' : digit}
          </span>
        );
      })}
    </div>
  );
}

function Outcome({ session, track }: { session: Session; track: GhostTrack }) {
  const yours = session.log.moves.at(-1)?.at ?? elapsed(session.watch.value, performance.now());
  const outcome = ghostOutcome(track, yours);
  const text =
    outcome.winner === 'tie'
      ? t('ghost.tie')
      : outcome.marginMs === null
        ? t('ghost.neverFinished')
        : t(outcome.winner === 'you' ? 'ghost.youWon' : 'ghost.ghostWon', {
            time: marginText(outcome.marginMs),
          });
  return (
    <p class={`ghost-outcome ghost-${outcome.winner}`} role="status" data-testid="ghost-outcome">
      {text}
    </p>
  );
}

/** "12 s" under a minute, "1:05" above; a tenth under ten seconds. */
export function marginText(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  return formatDuration(ms);
}
