/**
 * The home page's daily card: today's puzzles (variant, difficulty, how many solved, Play) and
 * this device's streak, with a link to `/daily`.
 */
import { t } from '../../i18n/index.ts';
import { Link } from '../../ui/Link.tsx';
import { Streak, VariantLine } from './DailyParts.tsx';
import { useFetched } from './use-fetched.ts';
import './daily.css';

export function DailyCard() {
  // The API module checks answers with zod: loaded with the answer, not with the home page.
  const { answer } = useFetched('index', () =>
    import('../../net/daily-api.ts').then((api) => api.fetchDailyIndex()),
  );
  return (
    <section class="daily-card" data-testid="daily-card">
      <h2>{t('daily.cardTitle')}</h2>
      {answer.state === 'loading' && <p class="muted">{t('daily.loading')}</p>}
      {answer.state === 'done' && !answer.ok && (
        <p class="muted">{t('daily.error', { message: answer.message })}</p>
      )}
      {answer.state === 'done' && answer.ok && (
        <>
          <ul class="daily-variants">
            {answer.value.variants.map((summary) => (
              <VariantLine key={summary.variant} summary={summary} details={false} />
            ))}
          </ul>
          <Streak streak={answer.value.streak} />
        </>
      )}
      <p>
        <Link href="/daily">{t('daily.cardOpen')}</Link>
      </p>
    </section>
  );
}
