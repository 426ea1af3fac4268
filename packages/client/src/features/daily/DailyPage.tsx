/** The daily puzzle: today's (`/daily`) or one day's from the archive (`/daily/DAY/VARIANT`). */
import { t } from '../../i18n/index.ts';

export function DailyPage(_props: {
  readonly day: string | null;
  readonly variant: string | null;
}) {
  return <h1>{t('daily.title')}</h1>;
}
