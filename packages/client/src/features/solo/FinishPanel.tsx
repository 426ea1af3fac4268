/**
 * Under the stopwatch: which daily this game races (practice), and once it is solved, the
 * saved solve (with "Replay" and "Race this solve again").
 */
import { useMemo } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import { loadSolve } from '../../state/solve-record.ts';
import { Link } from '../../ui/Link.tsx';
import { SolveDebrief } from '../replay/debrief/RaceDebrief.tsx';
import { variantLabel } from '../../i18n/daily-labels.ts';
import { ghostHref } from '../../state/ghost-source.ts';
import { raceGhost } from './start.ts';
import type { Session } from './session.ts';

export function DailyBanner({ session }: { readonly session: Session }) {
  const { origin } = session;
  if (origin.kind !== 'daily') return null;
  return (
    <p class="daily-banner">
      <Link href={`/daily/${origin.day}/${origin.variant}`}>
        {t('daily.banner', { variant: variantLabel(origin.variant), day: origin.day })}
      </Link>
    </p>
  );
}

export function FinishPanel({ session }: { readonly session: Session }) {
  const id = session.recordedId.value;
  // A board the SAT solver or Reveal filled is not recorded: nothing to show.
  if (!session.solved.value || id === undefined) return null;
  return (
    <section class="solo-finish" data-testid="finish" aria-labelledby="solo-finish-title">
      <h2 class="solo-finish-title" id="solo-finish-title">
        {t('solves.title')}
      </h2>
      {
        <p>
          {t('solves.saved')} <Link href={`/replay/${id}`}>{t('solves.replay')}</Link>
          {' · '}
          {/* On this page already: a Link would change the address and nothing else. */}
          <a
            href={ghostHref({ kind: 'solve', solveId: id })}
            onClick={(e) => {
              e.preventDefault();
              raceGhost({ kind: 'solve', solveId: id });
            }}
          >
            {t('solves.raceAgain')}
          </a>
        </p>
      }
      <Debrief id={id} />
    </section>
  );
}

/** The debrief of the recorded solve: why each mistake was one, what each long pause missed. */
function Debrief({ id }: { readonly id: string }) {
  // One record per id: a fresh object each render would restart the debrief.
  const solve = useMemo(() => loadSolve(id), [id]);
  return solve ? <SolveDebrief solve={solve} /> : null;
}
