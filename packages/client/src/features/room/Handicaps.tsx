/**
 * Head starts, shown openly (`RoomView.handicaps`): who starts how far ahead — in the lobby as
 * the start would fix it, in the race as it did — with the rule and why such races are
 * unrated; and, for a runner waiting out the others' head start, the wait until its puzzle
 * appears (the server sends it then; nothing is timed here but the display).
 */
import { HANDICAP, START_RATING } from '@percent/protocol/rules';
import type { RoomView } from '@percent/protocol';
import type { ServerClock } from '@percent/net';
import { t } from '../../i18n/index.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { formatClock, useTicker } from '../../ui/time.ts';
import './handicaps.css';

export function HandicapList({ view, rule = true }: { view: RoomView; rule?: boolean }) {
  const handicaps = view.handicaps;
  if (!handicaps || handicaps.length === 0) return null;
  const difficulty = view.race?.difficulty ?? view.settings.difficulty;
  return (
    <section class="handicaps" data-testid="handicaps" aria-labelledby="handicaps-h">
      <h3 id="handicaps-h">{t('handicap.title')}</h3>
      <ul>
        {handicaps.map((h) => {
          const player = view.players.find((p) => p.id === h.playerId);
          const name = player?.nickname ?? h.playerId;
          return (
            <li key={h.playerId} data-testid="handicap" data-player={name} data-ms={h.headStartMs}>
              {player && <Avatar nickname={name} colour={player.colour} />}
              {h.headStartMs > 0
                ? t('handicap.ahead', { name, time: formatClock(h.headStartMs) })
                : t('handicap.none', { name })}
            </li>
          );
        })}
      </ul>
      {rule && (
        <p class="muted" data-testid="handicap-rule">
          {t('handicap.rule', {
            points: HANDICAP.doublingPoints,
            rating: START_RATING,
            reference: formatClock(HANDICAP.referenceMs[difficulty]),
            difficulty: t(`difficulty.${difficulty}`),
            max: formatClock(HANDICAP.maxMs),
          })}
        </p>
      )}
    </section>
  );
}

/** A runner whose puzzle has not appeared yet: the wait, and who is ahead. */
export function HeadStartWait({ view, clock }: { view: RoomView; clock: ServerClock }) {
  const now = useTicker(() => clock.now(), 250);
  const mine = view.handicaps?.find((h) => h.playerId === view.you.playerId);
  const left = (mine?.startsAt ?? now) - now;
  return (
    <section class="countdown head-start-wait" data-testid="head-start-wait">
      <p class="muted">{t('handicap.waitWhy')}</p>
      <p>{t('handicap.wait')}</p>
      <p class="countdown-number" data-testid="head-start-left" role="timer">
        {formatClock(left + 999)}
      </p>
      <HandicapList view={view} rule={false} />
    </section>
  );
}
