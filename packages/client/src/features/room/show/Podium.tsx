/**
 * The podium: places 1–3 as blocks of three heights, the winner in the middle (the list is in
 * place order, best first, for screen readers and tests; CSS puts 2nd left and 3rd right), each
 * with name, time, mistakes and penalty. `Confetti` is the celebration over it (CSS only,
 * nothing under `prefers-reduced-motion`).
 */
import type { Standing } from '@percent/protocol';
import { t } from '../../../i18n/index.ts';
import { formatTime } from '../../../ui/time.ts';
import { ordinal } from './race-facts.ts';
import './show.css';

interface PodiumProps {
  readonly podium: readonly Standing[];
  readonly youId: string | null;
  /** `big` for the TV and the results screen, `compact` for the lobby's last race. */
  readonly size: 'big' | 'compact';
}

export function Podium({ podium, youId, size }: PodiumProps) {
  return (
    <ol
      class={`podium podium-${size} steps-${podium.length}`}
      style={{ '--steps': podium.length }}
      aria-label={t('podium.title')}
      data-testid="podium"
    >
      {podium.map((s) => (
        <li
          key={s.playerId}
          class={`podium-step place-${s.place ?? 0}${s.playerId === youId ? ' is-you' : ''}`}
          data-testid="podium-step"
          data-player={s.nickname}
        >
          <span class="podium-name">{s.nickname}</span>
          {s.timeMs !== null && <span class="podium-time">{formatTime(s.timeMs)}</span>}
          <span class="podium-detail">
            {t('tv.mistakes', { n: s.mistakes })}
            {s.progress.penaltyMs > 0 &&
              ` · ${t('podium.penaltyOf', { time: formatTime(s.progress.penaltyMs) })}`}
          </span>
          <span class="podium-block" aria-hidden="true">
            {s.place}
          </span>
          <span class="sr-only">{s.place === null ? '' : ordinal(s.place)}</span>
        </li>
      ))}
    </ol>
  );
}

const PIECES = Array.from({ length: 36 }, (_, i) => i);

/** Confetti falling once over the podium: decoration only, hidden from assistive technology. */
export function Confetti() {
  return (
    <div class="confetti" aria-hidden="true">
      {PIECES.map((i) => (
        <span
          key={i}
          style={{
            '--x': `${(i * 37) % 100}%`,
            '--delay': `${(i % 9) * 0.12}s`,
            '--drift': `${((i * 53) % 21) - 10}vw`,
            '--hue': `${(i * 47) % 360}`,
          }}
        />
      ))}
    </div>
  );
}

/** Who won, in one line: "Ann wins!", or that nobody finished. */
export function winnerLine(standings: readonly Standing[]): string {
  const winner = standings.find((s) => s.place === 1);
  return winner ? t('podium.winner', { name: winner.nickname }) : t('podium.nobody');
}
