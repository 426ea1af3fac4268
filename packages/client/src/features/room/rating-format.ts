/**
 * How ratings read on screen (pure): "1523", "1500?" while provisional (as lichess marks it),
 * and a race's change "+23" / "−12" / "±0" with a typographic minus.
 */
import type { RatingChangeView, RatingView } from '@percent/protocol';

export function ratingText(rating: RatingView, provisionalMark = '?'): string {
  return `${rating.value}${rating.provisional ? provisionalMark : ''}`;
}

export function deltaText(change: Pick<RatingChangeView, 'before' | 'after'>): string {
  const delta = Math.round(change.after) - Math.round(change.before);
  if (delta === 0) return '±0';
  return delta > 0 ? `+${delta}` : `−${-delta}`;
}

/** 'up', 'down' or 'same': the colour of a change. */
export function deltaTrend(change: Pick<RatingChangeView, 'before' | 'after'>): string {
  const delta = Math.round(change.after) - Math.round(change.before);
  return delta > 0 ? 'up' : delta < 0 ? 'down' : 'same';
}
