/**
 * Ratings in the room: a player's rating in the lobby ("1500?" while provisional), the room's
 * rated/unrated badge, and a race's change in the results ("1523 +23").
 */
import type { RatingChangeView, RatingView } from '@percent/protocol';
import { t } from '../../i18n/index.ts';
import { deltaText, deltaTrend, ratingText } from './rating-format.ts';

export function RatingTag({ rating }: { rating: RatingView | null }) {
  if (rating === null) return null;
  const title = rating.provisional
    ? `${t('rating.of', { value: rating.value })} · ${t('rating.provisional')}`
    : t('rating.of', { value: rating.value });
  return (
    <span class="tag rating-tag" title={title} aria-label={title} data-testid="player-rating">
      {ratingText(rating, t('rating.provisionalMark'))}
    </span>
  );
}

export function RatedBadge({ rated }: { rated: boolean }) {
  return (
    <span
      class={`tag rated-badge${rated ? ' accent' : ''}`}
      title={rated ? t('rating.ratedHint') : t('rating.unratedHint')}
      data-testid="rated-badge"
      data-rated={String(rated)}
    >
      {rated ? t('rating.rated') : t('rating.unrated')}
    </span>
  );
}

/** The rating after the race and the change, coloured by its direction. */
export function RatingChange({ change }: { change: RatingChangeView }) {
  const label = t('rating.changeLabel', { before: change.before, after: change.after });
  return (
    <span class="rating-change" data-testid="rating-change" title={label} aria-label={label}>
      {ratingText({ value: change.after, provisional: change.provisional })}{' '}
      <span class={`rating-delta ${deltaTrend(change)}`}>{deltaText(change)}</span>
    </span>
  );
}
